import { describe, expect, it } from "vitest";
import { StorageError } from "./port.js";
import { retryOnConflict } from "./retry-on-conflict.js";

const conflict = () => new StorageError("conflict", "record changed");

function failing(times: number, error: () => Error = conflict) {
  let calls = 0;
  const write = async () => {
    calls += 1;
    if (calls <= times) throw error();
    return calls;
  };
  return { write, calls: () => calls };
}

describe("retryOnConflict", () => {
  it("retries a write that loses several version races in a row", async () => {
    const { write, calls } = failing(3);
    await expect(retryOnConflict(write, { baseDelayMs: 1 })).resolves.toBe(4);
    expect(calls()).toBe(4);
  });

  it("gives up with the conflict after the attempts allowed", async () => {
    const { write, calls } = failing(10);
    await expect(retryOnConflict(write, { attempts: 3, baseDelayMs: 1 })).rejects.toMatchObject({ code: "conflict" });
    expect(calls()).toBe(3);
  });

  it("does not retry other errors", async () => {
    const { write, calls } = failing(1, () => new StorageError("duplicate", "taken"));
    await expect(retryOnConflict(write, { baseDelayMs: 1 })).rejects.toMatchObject({ code: "duplicate" });
    expect(calls()).toBe(1);
  });
});
