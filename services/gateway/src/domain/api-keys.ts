// API keys: `<sk|pk>_<test|prod>_<32 base62>`. The prefix fixes the kind and the mode;
// only an HMAC of the whole secret (keyed with a server-side pepper) is ever stored.
import { createHmac, timingSafeEqual } from "node:crypto";
import { randomToken } from "@levy/kit";

export type KeyKind = "secret" | "publishable";

export interface ParsedKey {
  readonly kind: KeyKind;
  readonly livemode: boolean;
}

const keyPattern = /^(sk|pk)_(test|prod)_[A-Za-z0-9]{32}$/;

/** Null when the string cannot be a Levy key (wrong prefix, length or alphabet). */
export function parseApiKey(secret: string): ParsedKey | null {
  const match = keyPattern.exec(secret);
  if (!match) return null;
  return { kind: match[1] === "sk" ? "secret" : "publishable", livemode: match[2] === "prod" };
}

export function generateApiKey(kind: KeyKind, livemode: boolean): string {
  return `${kind === "secret" ? "sk" : "pk"}_${livemode ? "prod" : "test"}_${randomToken(32)}`;
}

export function hashApiKey(secret: string, pepper: string): string {
  return createHmac("sha256", pepper).update(secret).digest("hex");
}

/** Constant-time comparison of two hex digests of equal length. */
export function hashesEqual(a: string, b: string): boolean {
  const left = Buffer.from(a, "hex");
  const right = Buffer.from(b, "hex");
  return left.length === right.length && timingSafeEqual(left, right);
}

/** What may be shown of a key after creation: its prefix and first four characters. */
export function displayPrefix(secret: string): string {
  return `${secret.slice(0, secret.lastIndexOf("_") + 5)}…`;
}
