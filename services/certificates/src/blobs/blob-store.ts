// The blob port: where uploaded documents are kept. Documents are at most 10 MB, so the
// port deals in whole buffers. A blob is written once under its id (a rewrite of the
// same id is a no-op) and belongs to one account and mode.
import type { Scope } from "@levy/storage";

export interface BlobStore {
  put(scope: Scope, id: string, bytes: Uint8Array): Promise<void>;
  /** Null when there is no such blob in this scope. */
  get(scope: Scope, id: string): Promise<Buffer | null>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** One flat key per scoped blob: mode, account and id cannot collide across scopes. */
export function blobKey(scope: Scope, id: string): string {
  if (!/^[A-Za-z0-9_-]{1,100}$/.test(id) || !/^[A-Za-z0-9_-]{1,100}$/.test(scope.accountId)) {
    throw new Error(`unsafe blob key ${id}`);
  }
  return `${scope.livemode ? "live" : "test"}_${scope.accountId}_${id}`;
}
