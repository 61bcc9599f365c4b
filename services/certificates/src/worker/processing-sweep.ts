// The in-process bus of embedded mode keeps events in memory: an upload whose event was
// published but not yet processed when the process stopped would stay `processing`
// forever. Every processing upload is therefore noted in an index (in an internal
// scope, since the storage port cannot query across accounts); the worker removes the
// note when it settles the upload, and at start-up the sweep publishes `upload
// submitted` again for every note left. The worker is idempotent, so a note whose
// upload was in fact processed costs one no-op run.
import type { EventBus } from "@levy/events";
import type { Collection, Scope } from "@levy/storage";
import { uploadSubmittedEvent, uploadTopic } from "../events/upload-events.js";

export interface ProcessingNote {
  id: string;
  /** `owner_*`: account_id and livemode are the store's own scope fields. */
  owner_account_id: string;
  owner_livemode: boolean;
  upload_id: string;
}

export const processingNoteCollection = { name: "processing_notes" } as const;
const notesScope: Scope = { accountId: "__certificates_processing__", livemode: false };
const noteId = (scope: Scope, uploadId: string) => `${scope.livemode ? "live" : "test"}:${scope.accountId}:${uploadId}`;

export interface ProcessingNotes {
  add(scope: Scope, uploadId: string): Promise<void>;
  remove(scope: Scope, uploadId: string): Promise<void>;
  /** Publishes `upload submitted` again for every note; returns how many. */
  sweep(bus: EventBus): Promise<number>;
  /** How many uploads are noted, and the oldest one (notes list in creation order). */
  backlog(): Promise<{ count: number; oldest: { scope: Scope; uploadId: string } | null }>;
}

export function createProcessingNotes(notes: Collection<ProcessingNote>): ProcessingNotes {
  return {
    async add(scope, uploadId) {
      await notes.insertIfAbsent(notesScope, {
        id: noteId(scope, uploadId),
        owner_account_id: scope.accountId,
        owner_livemode: scope.livemode,
        upload_id: uploadId,
      });
    },
    async remove(scope, uploadId) {
      await notes.delete(notesScope, noteId(scope, uploadId));
    },
    async sweep(bus) {
      let count = 0;
      let cursor: string | undefined;
      do {
        const page = await notes.list(notesScope, { limit: 200, ...(cursor ? { cursor } : {}) });
        const events = page.items.map((note) =>
          uploadSubmittedEvent({ accountId: note.owner_account_id, livemode: note.owner_livemode }, note.upload_id),
        );
        if (events.length > 0) await bus.publish(uploadTopic, events);
        count += events.length;
        cursor = page.nextCursor ?? undefined;
      } while (cursor);
      return count;
    },
    async backlog() {
      const [count, first] = await Promise.all([notes.count(notesScope), notes.list(notesScope, { limit: 1 })]);
      const note = first.items[0];
      return {
        count,
        oldest: note
          ? { scope: { accountId: note.owner_account_id, livemode: note.owner_livemode }, uploadId: note.upload_id }
          : null,
      };
    },
  };
}
