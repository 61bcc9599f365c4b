// Embedded mode's blobs: one file per document under <DATA_DIR>/certificates/blobs,
// written to a temporary name and renamed, so a crash never leaves half a document.
import { randomBytes } from "node:crypto";
import { mkdir, readFile, rename, writeFile, access } from "node:fs/promises";
import path from "node:path";
import type { Scope } from "@levy/storage";
import { blobKey, type BlobStore } from "./blob-store.js";

export async function createDiskBlobStore(dir: string): Promise<BlobStore> {
  await mkdir(dir, { recursive: true });
  const fileOf = (scope: Scope, id: string) => path.join(dir, blobKey(scope, id));
  return {
    async put(scope, id, bytes) {
      const file = fileOf(scope, id);
      const temporary = `${file}.${randomBytes(6).toString("hex")}.tmp`;
      await writeFile(temporary, bytes, { mode: 0o600 });
      await rename(temporary, file);
    },
    async get(scope, id) {
      try {
        return await readFile(fileOf(scope, id));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
    },
    ping: () => access(dir),
    close: async () => undefined,
  };
}
