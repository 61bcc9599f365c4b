// How deeply a JSON text nests arrays and objects, read from the raw bytes before
// JSON.parse: a body of a million '[' parses to nothing useful but holds the event loop
// for hundreds of milliseconds, so it is refused before any parsing.

/** Deepest nesting accepted in a request body (Levy's own bodies nest 5 levels). */
export const maxJsonNesting = 32;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPENERS = new Set([0x5b, 0x7b]); // [ {
const CLOSERS = new Set([0x5d, 0x7d]); // ] }

/**
 * True when UTF-8 JSON text opens more than `limit` arrays/objects at once. Brackets
 * inside strings do not count (UTF-8 continuation bytes never equal an ASCII byte).
 * Malformed text is left to JSON.parse, which stops at its first error.
 */
export function nestsDeeperThan(bytes: Uint8Array, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < bytes.length; index += 1) {
    const byte = bytes[index]!;
    if (inString) {
      if (byte === BACKSLASH) index += 1;
      else if (byte === QUOTE) inString = false;
    } else if (byte === QUOTE) {
      inString = true;
    } else if (OPENERS.has(byte)) {
      depth += 1;
      if (depth > limit) return true;
    } else if (CLOSERS.has(byte) && depth > 0) {
      depth -= 1;
    }
  }
  return false;
}
