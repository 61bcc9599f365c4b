// How the MongoDB adapter makes an optimistic update or a counter atomic.
//   atomic  one conditional single-document operation (the expected version in the filter,
//           $inc for counters): correct on MongoDB, Atlas, DocumentDB and Cosmos DB.
//   marker  a claimed marker document per transition (mongo-versioned-update.ts): for
//           servers that apply "update if version = v" as a separate read and write,
//           as FerretDB 1.x does.
//   auto    asks the server (buildInfo) and picks marker on FerretDB, atomic otherwise.
import type { Db } from "mongodb";
import type { UpdateOptions } from "./port.js";
import type { Document } from "./record-shape.js";

export type UpdateProtocol = "atomic" | "marker";
export type UpdateProtocolSetting = UpdateProtocol | "auto";

/** One update of DocumentWrites.updateAll: the stored document's _id, the record's id, the change. */
export interface DocumentUpdate {
  readonly documentId: string;
  readonly id: string;
  readonly options: UpdateOptions<Record<string, unknown>>;
}

/** The adapter's writes of an existing document, one implementation per protocol. */
export interface DocumentWrites {
  /** Applies set/unset when the stored version is expectedVersion (conflict / not_found otherwise). */
  update(documentId: string, id: string, options: UpdateOptions<Record<string, unknown>>): Promise<Document>;
  /**
   * Applies each update as `update` would (different documents) in a few commands, not
   * one or two per update, for Store.writeThenRecord. When one fails it throws that
   * one's StorageError; the others stay applied.
   */
  updateAll(updates: readonly DocumentUpdate[]): Promise<void>;
  /** Adds `inc` to numeric fields of an existing document, losing no concurrent addition. */
  increment(documentId: string, id: string, inc: Partial<Record<string, number>>): Promise<Document>;
}

export interface UpdateProtocolChoice {
  readonly protocol: UpdateProtocol;
  readonly requested: UpdateProtocolSetting;
  /** e.g. "FerretDB v1.24.2" or "MongoDB 7.0.14". */
  readonly server: string;
  /** Set when the choice is known to be unsafe on this server (atomic asked of FerretDB). */
  readonly warning?: string;
}

/**
 * FerretDB names itself in buildInfo with fields of its own: 1.x `ferretdbVersion` and
 * `ferretdbFeatures`; any top-level field starting with "ferretdb" counts, so a later
 * release that renames them is still recognised.
 */
function ferretdbVersion(buildInfo: Record<string, unknown>): string | null {
  if (typeof buildInfo.ferretdbVersion === "string") return buildInfo.ferretdbVersion;
  const nested = buildInfo.ferretdb as { version?: unknown } | undefined;
  if (nested && typeof nested === "object" && typeof nested.version === "string") return nested.version;
  return Object.keys(buildInfo).some((field) => field.toLowerCase().startsWith("ferretdb"))
    ? "(version unknown)"
    : null;
}

export async function chooseUpdateProtocol(db: Db, requested: UpdateProtocolSetting): Promise<UpdateProtocolChoice> {
  const buildInfo = (await db.command({ buildInfo: 1 })) as Record<string, unknown>;
  const ferret = ferretdbVersion(buildInfo);
  const server = ferret ? `FerretDB ${ferret}` : `MongoDB ${String(buildInfo.version ?? "unknown")}`;
  if (requested === "auto") return { protocol: ferret ? "marker" : "atomic", requested, server };
  if (requested === "atomic" && ferret) {
    return {
      protocol: "atomic",
      requested,
      server,
      warning: `${server} may apply conditional updates as a separate read and write (FerretDB 1.x does): concurrent updates can be lost; use STORAGE_UPDATE_PROTOCOL=marker or auto`,
    };
  }
  return { protocol: requested, requested, server };
}
