// Opaque, prefixed, random identifiers (cust_..., calc_..., tr_...). 20 characters of
// base62 carry about 119 bits of randomness: unguessable across accounts.
import { randomBytes } from "node:crypto";

const alphabet = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

export function randomToken(length: number): string {
  // Rejection sampling keeps every character equally likely (256 is not a multiple of 62).
  let out = "";
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 248 && out.length < length) out += alphabet[byte % 62];
    }
  }
  return out;
}

export function newId(prefix: string): string {
  return `${prefix}_${randomToken(20)}`;
}

export function epochSeconds(date: Date = new Date()): number {
  return Math.floor(date.getTime() / 1000);
}
