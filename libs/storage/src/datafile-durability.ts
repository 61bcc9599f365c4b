// What makes an embedded data file (nedb: one JSON document per line, appended) safe
// against a crash and a power loss:
//
// - An acknowledged write is on the disk: after a write's line is appended, the file is
//   fdatasync'ed before the write resolves. Syncs are shared (group commit): a write
//   waits for the first sync that starts after its append, so concurrent writes cost one.
// - At start-up a torn tail is repaired: every append ends with a newline, so bytes after
//   the last newline are an append the disk never finished, hence never acknowledged.
//   They are cut off (and reported); the store then loads with no tolerance for damage,
//   so a bad line anywhere else refuses to start instead of being dropped silently.
import { open, stat } from "node:fs/promises";

export interface TornTailNotice {
  readonly file: string;
  readonly droppedBytes: number;
}

/** Cuts a data file back to its last newline; returns what was dropped, if anything. */
export async function repairTornTail(file: string): Promise<TornTailNotice | null> {
  const size = await stat(file).then((info) => info.size, () => 0);
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

/** Returns `durable()`: resolves once a sync that began after the call has finished. */
export function createGroupSync(file: string, sync: (file: string) => Promise<void> = syncFile): () => Promise<void> {
  let running: Promise<void> | null = null;
  let queued: Promise<void> | null = null;
  const start = (): Promise<void> => {
    const run = sync(file).finally(() => {
      if (running === run) running = null;
    });
    running = run;
    return run;
  };
  return () => {
    if (!running) return start();
    // A sync under way may have begun before this write's append: wait for the next one.
    queued ??= running.catch(() => undefined).then(() => {
      queued = null;
      return start();
    });
    return queued;
  };
}

async function syncFile(file: string): Promise<void> {
  const handle = await open(file, "r+");
  try {
    await handle.datasync();
  } finally {
    await handle.close();
  }
}
