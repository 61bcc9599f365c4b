// Optimistic updates that stay correct on servers without atomic read-modify-write.
// FerretDB 1.x (our test server) applies an update by reading the document and writing
// it back by _id in a separate step, so concurrent "update if version = v" calls can
// all succeed and lose each other's writes. Inserts, on the other hand, are decided by
// a unique key. So each transition v -> v+1 is first claimed by inserting the marker
// `<_id>@<v+1>` into `<collection>__versions`: exactly one writer gets it and writes the
// new document. A marker whose write never happened (its writer crashed) is rolled
// forward by the next writer after ROLL_FORWARD_AFTER_MS. On MongoDB this costs two
// extra single-document operations per update and is equally correct, but the atomic
// protocol (mongo-atomic-update.ts) is cheaper there; mongo-update-protocol.ts chooses.
import type { Collection as DriverCollection } from "mongodb";
import { isDuplicateKey } from "./mongo-errors.js";
import type { DocumentWrites } from "./mongo-update-protocol.js";
import { StorageError } from "./port.js";
import { type Document, addTo, applyChanges } from "./record-shape.js";

export interface VersionMarker {
  _id: string;
  /** The complete document as it is after the transition. */
  document: Document;
  claimed_at: number;
}

const ROLL_FORWARD_AFTER_MS = 30_000;
const KEPT_MARKERS = 100;

export interface VersionedUpdate {
  readonly id: string;
  readonly expectedVersion: number;
  /** Builds the next document from the current one (version already set by the caller). */
  readonly next: (current: Document) => Document;
}

export function markerWrites(documents: DriverCollection<Document>, markers: DriverCollection<VersionMarker>): DocumentWrites {
  return {
    update: (documentId, id, options) =>
      versionedUpdate(documents, markers, documentId, { id, expectedVersion: options.expectedVersion, next: (current) => applyChanges(current, options) }),
    async increment(documentId, id, inc) {
      // A counter is read and written back under the same versioned update as any other
      // record, retried until this writer's transition is the one that lands.
      for (let attempt = 0; ; attempt += 1) {
        const current = await documents.findOne({ _id: documentId });
        if (!current) throw new StorageError("not_found", `no record ${id}`);
        try {
          return await versionedUpdate(documents, markers, documentId, {
            id,
            expectedVersion: current.version,
            next: (latest) => ({ ...latest, ...addTo(latest, inc) }),
          });
        } catch (error) {
          if (!(error instanceof StorageError && error.code === "conflict") || attempt >= 200) throw error;
          await new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(50, 2 + attempt * 2)));
        }
      }
    },
  };
}

async function versionedUpdate(
  documents: DriverCollection<Document>,
  markers: DriverCollection<VersionMarker>,
  documentId: string,
  update: VersionedUpdate,
): Promise<Document> {
  const current = await documents.findOne({ _id: documentId });
  if (!current) throw new StorageError("not_found", `no record ${update.id}`);
  if (current.version !== update.expectedVersion) {
    throw new StorageError("conflict", `record ${update.id} was changed since version ${update.expectedVersion}`);
  }
  const next = { ...update.next(current), _id: documentId, version: current.version + 1 };
  const markerId = `${documentId}@${next.version}`;
  try {
    await markers.insertOne({ _id: markerId, document: next, claimed_at: Date.now() });
  } catch (error) {
    if (!isDuplicateKey(error)) throw error;
    await rollForwardIfAbandoned(documents, markers, markerId, current);
    throw new StorageError("conflict", `record ${update.id} is being changed by another writer`);
  }
  try {
    await documents.replaceOne({ _id: documentId }, next);
  } catch (error) {
    // The write was refused (e.g. a unique index): free the transition for others.
    await markers.deleteOne({ _id: markerId });
    throw error;
  }
  // Old markers keep old transitions closed to writers holding a stale read; only
  // markers far behind the current version are pruned.
  if (current.version > KEPT_MARKERS) {
    await markers.deleteOne({ _id: `${documentId}@${current.version - KEPT_MARKERS}` }).catch(() => undefined);
  }
  return next;
}

async function rollForwardIfAbandoned(
  documents: DriverCollection<Document>,
  markers: DriverCollection<VersionMarker>,
  markerId: string,
  current: Document,
): Promise<void> {
  const marker = await markers.findOne({ _id: markerId });
  if (!marker || Date.now() - marker.claimed_at < ROLL_FORWARD_AFTER_MS) return;
  const still = await documents.findOne({ _id: current._id });
  if (still && still.version === current.version) await documents.replaceOne({ _id: current._id }, marker.document).catch(() => undefined);
}
