// The nedb data files of the embedded store before issue 17 (one JSON document per
// line, appended, each append synced before it was acknowledged), read once when they
// are migrated into LMDB. A torn tail is repaired first: every append ended with a
// newline, so bytes after the last newline are an append the disk never finished, hence
// never acknowledged. They are cut off (and reported); the file then loads with no
// tolerance for damage, so a bad line anywhere else refuses to start.
import { open, stat } from "node:fs/promises";

export interface TornTailNotice {
  readonly file: string;
  readonly droppedBytes: number;
}

/** Cuts a data file back to its last newline; returns what was dropped, if anything. */
export async function repairTornTail(file: string): Promise<TornTailNotice | null> {
  const size = await stat(file).then(
    (info) => info.size,
    () => 0,
  );
  if (size === 0) return null;
  const handle = await open(file, "r+");
  try {
    // Read backwards in chunks until a newline (or the start of the file) is found.
    let end = size;
    const chunk = Buffer.alloc(64 * 1024);
    for (let position = size; position > 0; ) {
      const length = Math.min(chunk.length, position);
      position -= length;
      await handle.read(chunk, 0, length, position);
      const newline = chunk.subarray(0, length).lastIndexOf(0x0a);
      if (newline >= 0) {
        end = position + newline + 1;
        break;
      }
      if (position === 0) end = 0;
    }
    if (end === size) return null;
    await handle.truncate(end);
    await handle.datasync();
    return { file, droppedBytes: size - end };
  } finally {
    await handle.close();
  }
}
