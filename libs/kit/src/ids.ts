// Opaque, prefixed, random identifiers (cust_..., calc_..., tr_...). 20 characters of
// base62 carry about 119 bits of randomness: unguessable across accounts.
import { createHash, randomFillSync } from "node:crypto";

const alphabet = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

// Random bytes come from a pool refilled 4 KiB at a time: one randomFillSync per ~80 ids
// instead of one randomBytes call (and its buffer) per id, the largest cost of an id on
// the calculation path (docs/performance.md, "The 1-line calculation"). The bytes are the
// same CSPRNG output, each used once (Node's randomUUID pools the same way).
const pool = Buffer.alloc(4096);
let poolOffset = pool.length;

function randomByte(): number {
  if (poolOffset === pool.length) {
    randomFillSync(pool);
    poolOffset = 0;
  }
  return pool[poolOffset++]!;
}

export function randomToken(length: number): string {
  // Rejection sampling keeps every character equally likely (256 is not a multiple of 62).
  let out = "";
  while (out.length < length) {
    const byte = randomByte();
    if (byte < 248) out += alphabet[byte % 62];
  }
  return out;
}

export function newId(prefix: string): string {
  return `${prefix}_${randomToken(20)}`;
}

/** Whether `value` has the form newId(prefix) and derivedId(prefix, …) give. */
export function hasIdForm(prefix: string, value: string): boolean {
  return value.startsWith(`${prefix}_`) && /^[0-9A-Za-z]{20}$/.test(value.slice(prefix.length + 1));
}

/**
 * An id of the same shape derived from `parts` (SHA-256 of their JSON, so the parts are
 * framed): the same parts always give the same id, for records whose natural key must
 * collide on the primary key.
 */
export function derivedId(prefix: string, parts: readonly unknown[]): string {
  let value = BigInt(`0x${createHash("sha256").update(JSON.stringify(parts), "utf8").digest("hex")}`);
  let out = "";
  for (let i = 0; i < 20; i += 1) {
    out += alphabet[Number(value % 62n)];
    value /= 62n;
  }
  return `${prefix}_${out}`;
}

export function epochSeconds(date: Date = new Date()): number {
  return Math.floor(date.getTime() / 1000);
}
