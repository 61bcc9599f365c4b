// Levy-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>, the
// Stripe scheme: the timestamp is signed with the body, so a receiver that refuses old
// timestamps (README: 300 s) refuses replays too.
import { createHmac } from "node:crypto";
import { randomToken } from "@levy/kit";

export const signatureHeader = "Levy-Signature";
export const signatureToleranceSeconds = 300;

export function newSigningSecret(): string {
  return `whsec_${randomToken(32)}`;
}

export function signatureOf(secret: string, timestamp: number, body: string): string {
  const v1 = createHmac("sha256", secret).update(`${timestamp}.${body}`, "utf8").digest("hex");
  return `t=${timestamp},v1=${v1}`;
}
