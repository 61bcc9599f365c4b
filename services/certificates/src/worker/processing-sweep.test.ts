import { mkdtemp } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { createInProcessBus, type EventEnvelope } from "@levy/events";
import { createEmbeddedStore } from "@levy/storage";
import { describe, expect, it } from "vitest";
import { uploadTopic } from "../events/upload-events.js";
import { createProcessingNotes, processingNoteCollection, type ProcessingNote } from "./processing-sweep.js";

describe("processing sweep (embedded restarts)", () => {
  it("announces every upload still noted as processing again, and nothing once the worker removed the note", async () => {
    const store = await createEmbeddedStore({ dir: await mkdtemp(path.join(os.tmpdir(), "levy-sweep-")) });
    const notes = createProcessingNotes(await store.collection<ProcessingNote>(processingNoteCollection));
    const live = { accountId: "acct_a", livemode: true };
    await notes.add(live, "upl_1");
    await notes.add(live, "upl_1");
    await notes.add({ accountId: "acct_b", livemode: true }, "upl_2");
    await notes.add(live, "upl_3");
    await notes.remove(live, "upl_3");

    const bus = createInProcessBus();
    const seen: EventEnvelope[] = [];
    const subscription = await bus.subscribe({
      topic: uploadTopic,
      group: "test",
      handler: async (event) => void seen.push(event),
    });
    expect(await notes.sweep(bus)).toBe(2);
    for (let attempt = 0; attempt < 100 && seen.length < 2; attempt += 1)
      await new Promise((resolve) => setTimeout(resolve, 10));
    expect(seen.map((event) => [event.account_id, (event.payload as { upload_id: string }).upload_id]).sort()).toEqual([
      ["acct_a", "upl_1"],
      ["acct_b", "upl_2"],
    ]);
    await subscription.close();
    await bus.close();
    await store.close();
  });
});
