// Bearer authentication of every /mcp request against the gateway's key store (no
// cache here: a revoked key fails on its next request). The failure messages are the
// spec's exact texts; the account and mode come only from the key. The same gateway
// call counts the request against the account's rate limit when given a charge.
import { fromConnectError } from "@levy/kit";
import { KeyKind, type ConsumeResponse } from "@levy/proto/levy/gateway/v1/gateway_pb.js";
import type { Caller, KeyVerifier, RateCharge } from "../ports/upstream.js";

export const authMessages = {
  missing: "Bearer token not provided.",
  format: "Invalid API key format.",
  notFound: "API key not found.",
  inactive: "API key is not active.",
  publishable: "Public API keys are not supported. Use a secret key.",
} as const;

export type RateDecision = Pick<ConsumeResponse, "allowed" | "remaining" | "retryAfterSeconds">;

export type AuthOutcome =
  | { readonly ok: true; readonly caller: Caller; readonly rate?: RateDecision }
  | { readonly ok: false; readonly message: string };

/** The token of an `Authorization: Bearer <token>` header, or null. */
export function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer[ \t]+(\S.*)$/i.exec(header?.trim() ?? "");
  return match ? match[1]!.trim() : null;
}

/** Resolves the caller; infrastructure failures (gateway down) are thrown, not reported as 401. */
export async function authenticate(
  header: string | undefined,
  keys: KeyVerifier,
  charge?: RateCharge,
): Promise<AuthOutcome> {
  const token = bearerToken(header);
  if (!token) return { ok: false, message: authMessages.missing };
  try {
    const key = await keys.verifyKey({ secret: token, charge });
    if (key.kind !== KeyKind.SECRET) return { ok: false, message: authMessages.publishable };
    return { ok: true, caller: { accountId: key.accountId, livemode: key.livemode, keyId: key.keyId }, rate: key.rate };
  } catch (error) {
    const { code } = fromConnectError(error);
    if (code === "invalid_api_key_format") return { ok: false, message: authMessages.format };
    if (code === "api_key_not_found") return { ok: false, message: authMessages.notFound };
    if (code === "api_key_revoked") return { ok: false, message: authMessages.inactive };
    throw error;
  }
}
