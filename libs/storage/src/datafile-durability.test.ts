import { describe, expect, it } from "vitest";
import { createGroupSync } from "./datafile-durability.js";

describe("group sync", () => {
  it("resolves each caller only after a sync that began after its call, sharing syncs between callers", async () => {
    const syncs: Array<{ startedAt: number; finish: () => void }> = [];
    let clock = 0;
    const durable = createGroupSync("f", () => new Promise<void>((resolve) => syncs.push({ startedAt: (clock += 1), finish: resolve })));
    const tick = () => new Promise((resolve) => setImmediate(resolve));

    let firstDone = false;
    const first = durable().then(() => (firstDone = true));
    await tick();
    const calledAt = (clock += 1); // a write appended while the first sync runs
    let secondDone = false;
    const second = durable().then(() => (secondDone = true));
    const third = durable(); // shares the second's sync
    syncs[0]!.finish();
    await first;
    await tick();
    expect(secondDone).toBe(false); // the sync under way may predate its append
    expect(syncs).toHaveLength(2);
    expect(syncs[1]!.startedAt).toBeGreaterThan(calledAt);
    syncs[1]!.finish();
    await Promise.all([second, third]);
    expect(firstDone && secondDone).toBe(true);
    expect(syncs).toHaveLength(2);
  });
});
