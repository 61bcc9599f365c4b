// Optimistic updates that stay correct on servers without atomic read-modify-write.
// FerretDB 1.x (our test server) applies an update by reading the document and writing
// it back by _id in a separate step, so concurrent "update if version = v" calls can
// all succeed and lose each other's writes. Inserts, on the other hand, are decided by
// a unique key. So each transition v -> v+1 is first claimed by inserting the marker
// `<_id>@<v+1>` into `<collection>__versions`: exactly one writer gets it, and only that
// writer runs the conditional update "if version = v, $set the change and version v+1"
// (two operations per update: the claim and the update, no read). A writer holding a
// stale version either loses the claim or matches no document. A marker whose update
// never happened (its writer crashed) is rolled forward by the next writer after
// ROLL_FORWARD_AFTER_MS. On MongoDB the atomic protocol (mongo-atomic-update.ts) is
// cheaper still; mongo-update-protocol.ts chooses.
import { type Collection as DriverCollection, MongoBulkWriteError } from "mongodb";
import { conditionalUpdates, missedUpdateError, storedVersions, updateOperation } from "./mongo-atomic-update.js";
import { bulkWriteErrors, isDuplicateKey } from "./mongo-errors.js";
import type { DocumentUpdate, DocumentWrites } from "./mongo-update-protocol.js";
import { StorageError, type UpdateOptions } from "./port.js";
import { type Document, addTo } from "./record-shape.js";

export interface VersionMarker {
  _id: string;
  /** The version the transition starts from. */
  from_version?: number;
  /** The transition's fields, for a roll-forward (markers of earlier versions: `document`). */
  change?: { set: Record<string, unknown>; unset: string[] };
  /** The complete document after the transition (markers written by earlier versions). */
  document?: Document;
  claimed_at: number;
}

const ROLL_FORWARD_AFTER_MS = 30_000;
/** Markers this far behind the current version are pruned, a batch at a time. */
const KEPT_MARKERS = 100;
const PRUNE_EVERY = 50;

export function markerWrites(
  documents: DriverCollection<Document>,
  markers: DriverCollection<VersionMarker>,
): DocumentWrites {
  return {
    update: (documentId, id, options) => versionedUpdate(documents, markers, documentId, id, options),
    updateAll: (updates) =>
      updates.length === 1
        ? versionedUpdate(documents, markers, updates[0]!.documentId, updates[0]!.id, updates[0]!.options).then(
            () => undefined,
          )
        : versionedUpdates(documents, markers, updates),
    async increment(documentId, id, inc) {
      // A counter is read and written back under the same versioned update as any other
      // record, retried until this writer's transition is the one that lands.
      for (let attempt = 0; ; attempt += 1) {
        const current = await documents.findOne({ _id: documentId });
        if (!current) throw new StorageError("not_found", `no record ${id}`);
        try {
          return await versionedUpdate(documents, markers, documentId, id, {
            expectedVersion: current.version,
            set: addTo(current, inc),
          });
        } catch (error) {
          if (!(error instanceof StorageError && error.code === "conflict") || attempt >= 200) throw error;
          await new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(50, 2 + attempt * 2)));
        }
      }
    },
  };
}

function claimOf(documentId: string, options: UpdateOptions<Record<string, unknown>>, now: number): VersionMarker {
  const from = options.expectedVersion;
  // A stored document cannot hold "$set" as a field name: the marker keeps the fields.
  const change = { set: { ...options.set }, unset: [...(options.unset ?? [])] };
  return { _id: `${documentId}@${from + 1}`, from_version: from, change, claimed_at: now };
}

/** The markers of transitions far behind `next` (the version just reached), when a prune is due. */
function prunableMarkers(documentId: string, next: number): string[] {
  if (next <= KEPT_MARKERS || next % PRUNE_EVERY !== 0) return [];
  return Array.from({ length: PRUNE_EVERY }, (_, back) => `${documentId}@${next - KEPT_MARKERS - back}`);
}

/**
 * The protocol for several documents at once, in a few commands whatever their count:
 * every claim in one unordered insert, the claimed updates in unordered bulk writes,
 * the old markers pruned in one delete (when due). Only when fewer documents matched
 * than were claimed does one read find which (under its claim, only this writer moves a
 * document from its version to the next), and one delete frees their claims.
 */
async function versionedUpdates(
  documents: DriverCollection<Document>,
  markers: DriverCollection<VersionMarker>,
  updates: readonly DocumentUpdate[],
): Promise<void> {
  const now = Date.now();
  const claims = updates.map(({ documentId, options }) => claimOf(documentId, options, now));
  const lost = new Set<number>();
  try {
    await markers.insertMany(claims, { ordered: false });
  } catch (error) {
    if (!(error instanceof MongoBulkWriteError)) throw error;
    const refused = bulkWriteErrors(error);
    const other = [...refused.values()].find((writeError) => !isDuplicateKey(writeError));
    if (other) {
      // Nothing is written: the claims that were taken are given back.
      const taken = claims.filter((_, index) => !refused.has(index)).map((claim) => claim._id);
      await markers.deleteMany({ _id: { $in: taken } }).catch(() => undefined);
      throw other;
    }
    for (const index of refused.keys()) lost.add(index);
  }
  const claimed = updates.filter((_, index) => !lost.has(index));
  let missed: DocumentUpdate[] = [];
  let failure: unknown;
  let stored: Map<unknown, unknown> = new Map();
  if (claimed.length > 0) {
    const updated = await conditionalUpdates(documents, claimed);
    failure = updated.failure;
    if (failure !== undefined || updated.matched < claimed.length) {
      stored = await storedVersions(
        documents,
        claimed.map((update) => update.documentId),
      );
      missed = claimed.filter((update) => stored.get(update.documentId) !== update.options.expectedVersion + 1);
      const freed = missed.map((update) => claimOf(update.documentId, update.options, now)._id);
      await markers.deleteMany({ _id: { $in: freed } }).catch(() => undefined);
    }
    const prunable = claimed
      .filter((update) => !missed.includes(update))
      .flatMap((update) => prunableMarkers(update.documentId, update.options.expectedVersion + 1));
    if (prunable.length > 0) await markers.deleteMany({ _id: { $in: prunable } }).catch(() => undefined);
  }
  if (failure !== undefined) throw failure;
  for (const index of lost) {
    const { documentId, options } = updates[index]!;
    await rollForwardIfAbandoned(documents, markers, claims[index]!._id, documentId, options.expectedVersion);
  }
  const firstLost = [...lost][0];
  if (firstLost !== undefined)
    throw new StorageError("conflict", `record ${updates[firstLost]!.id} is being changed by another writer`);
  if (missed.length > 0) throw missedUpdateError(missed, stored);
}

async function versionedUpdate(
  documents: DriverCollection<Document>,
  markers: DriverCollection<VersionMarker>,
  documentId: string,
  id: string,
  options: UpdateOptions<Record<string, unknown>>,
): Promise<Document> {
  const from = options.expectedVersion;
  const change = updateOperation(options);
  const claim = claimOf(documentId, options, Date.now());
  const markerId = claim._id;
  try {
    await markers.insertOne(claim);
  } catch (error) {
    if (!isDuplicateKey(error)) throw error;
    await rollForwardIfAbandoned(documents, markers, markerId, documentId, from);
    throw new StorageError("conflict", `record ${id} is being changed by another writer`);
  }
  let updated: Document | null;
  try {
    updated = await documents.findOneAndUpdate({ _id: documentId, version: from }, change, { returnDocument: "after" });
  } catch (error) {
    // The write was refused (e.g. a unique index): free the transition for others.
    await markers.deleteOne({ _id: markerId });
    throw error;
  }
  if (!updated) {
    // Nothing at version `from`: the caller's read was stale (its transition's marker was
    // pruned long ago), or the record is gone.
    await markers.deleteOne({ _id: markerId });
    if (await documents.findOne({ _id: documentId }, { projection: { _id: 1 } })) {
      throw new StorageError("conflict", `record ${id} was changed since version ${from}`);
    }
    throw new StorageError("not_found", `no record ${id}`);
  }
  // Old markers keep old transitions closed to writers holding a stale read; those far
  // behind the current version are pruned, PRUNE_EVERY at once.
  const prunable = prunableMarkers(documentId, from + 1);
  if (prunable.length > 0) await markers.deleteMany({ _id: { $in: prunable } }).catch(() => undefined);
  return updated;
}

async function rollForwardIfAbandoned(
  documents: DriverCollection<Document>,
  markers: DriverCollection<VersionMarker>,
  markerId: string,
  documentId: string,
  from: number,
): Promise<void> {
  const marker = await markers.findOne({ _id: markerId });
  if (!marker || Date.now() - marker.claimed_at < ROLL_FORWARD_AFTER_MS) return;
  const start = marker.from_version ?? from;
  if (marker.change) {
    const change = updateOperation({ expectedVersion: start, set: marker.change.set, unset: marker.change.unset });
    await documents.updateOne({ _id: documentId, version: start }, change).catch(() => undefined);
    return;
  }
  const still = await documents.findOne({ _id: documentId });
  if (marker.document && still && still.version === start)
    await documents.replaceOne({ _id: documentId }, marker.document).catch(() => undefined);
}
