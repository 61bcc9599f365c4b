// Distributed mode's blobs: MongoDB GridFS (bucket `documents`) in the certificates
// database. The file's _id is the scoped key, so a second put of the same blob hits the
// unique _id and is ignored. Checked against FerretDB 1.24 by the certificates
// integration suite.
import { GridFSBucket, MongoServerError } from "mongodb";
import { type Scope, createMongoClient } from "@levy/storage";
import { blobKey, type BlobStore } from "./blob-store.js";

export interface GridFsOptions {
  readonly uri: string;
  readonly dbName: string;
}

export async function createGridFsBlobStore(options: GridFsOptions): Promise<BlobStore> {
  const client = createMongoClient(options.uri, { appName: "levy-certificates-blobs" });
  await client.connect();
  const db = client.db(options.dbName);
  const bucket = new GridFSBucket(db, { bucketName: "documents" });
  const files = db.collection<{ _id: string }>("documents.files");

  async function exists(key: string): Promise<boolean> {
    return (await files.countDocuments({ _id: key }, { limit: 1 })) > 0;
  }

  return {
    async put(scope: Scope, id: string, bytes: Uint8Array) {
      const key = blobKey(scope, id);
      if (await exists(key)) return;
      // Chunks of an upload that died before its files document was written.
      await db.collection("documents.chunks").deleteMany({ files_id: key });
      await new Promise<void>((resolve, reject) => {
        const stream = bucket.openUploadStreamWithId(key as never, key);
        stream.once("error", reject);
        stream.once("finish", () => resolve());
        stream.end(Buffer.from(bytes));
      }).catch((error: unknown) => {
        if (error instanceof MongoServerError && error.code === 11000) return;
        throw error;
      });
    },
    async get(scope: Scope, id: string) {
      const key = blobKey(scope, id);
      if (!(await exists(key))) return null;
      const chunks: Buffer[] = [];
      for await (const chunk of bucket.openDownloadStream(key as never)) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    },
    ping: async () => {
      await db.command({ ping: 1 });
    },
    close: () => client.close(),
  };
}
