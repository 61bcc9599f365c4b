// The operator API's public JSON (behind ADMIN_TOKEN): accounts and API keys, and the
// bodies that create and change them. A key's secret is shown once, when it is issued.
import { z } from "zod";
import { type ApiVersion, apiVersions } from "./api-versions.js";

export const accountSchema = z.object({
  object: z.literal("account"),
  id: z.string(),
  name: z.string(),
  api_version: z.enum(apiVersions),
  created_at: z.number().int(),
});
export type AccountJson = z.infer<typeof accountSchema>;

export const apiKeySchema = z.object({
  object: z.literal("api_key"),
  id: z.string(),
  account_id: z.string(),
  kind: z.enum(["secret", "publishable"]),
  mode: z.enum(["test", "live"]),
  created_at: z.number().int(),
  revoked: z.boolean(),
  revoked_at: z.number().int().nullable(),
});
export type ApiKeyJson = z.infer<typeof apiKeySchema>;

export const issuedKeySchema = apiKeySchema
  .omit({ revoked: true, revoked_at: true })
  .extend({ secret: z.string().describe("shown once, never again") });
export type IssuedKeyJson = z.infer<typeof issuedKeySchema>;

export const createdAccountSchema = z.object({ account: accountSchema, keys: z.array(issuedKeySchema) });
export const revokedKeySchema = z.object({
  object: z.literal("api_key"),
  id: z.string(),
  revoked: z.literal(true),
  revoked_at: z.number().int().nullable(),
});

export const createAccountBody = z.strictObject({
  name: z.string().trim().min(1).max(200),
  api_version: z.enum(apiVersions).optional(),
});
export const createKeyBody = z.strictObject({
  kind: z.enum(["secret", "publishable"]),
  mode: z.enum(["test", "live"]),
});
export const updateAccountBody = z.strictObject({ api_version: z.enum(apiVersions) });

/** The stored fields read here (the gateway's key store records). */
export interface AccountRecordFields {
  readonly id: string;
  readonly name: string;
  readonly pinned_api_version: ApiVersion;
  readonly created_at: number;
}
export interface KeyRecordFields {
  readonly id: string;
  readonly account_id: string;
  readonly kind: "secret" | "publishable";
  readonly livemode: boolean;
  readonly created_at: number;
  readonly revoked_at: number | null;
}

export function presentAccount(account: AccountRecordFields): AccountJson {
  return {
    object: "account",
    id: account.id,
    name: account.name,
    api_version: account.pinned_api_version,
    created_at: account.created_at,
  };
}

/** A stored key as listed: what identifies it and its state, never its secret or hash. */
export function presentKey(record: KeyRecordFields): ApiKeyJson {
  return {
    object: "api_key",
    id: record.id,
    account_id: record.account_id,
    kind: record.kind,
    mode: record.livemode ? "live" : "test",
    created_at: record.created_at,
    revoked: record.revoked_at !== null,
    revoked_at: record.revoked_at,
  };
}

/** A key just issued: the one answer that carries its secret. */
export function presentIssuedKey(issued: { readonly record: KeyRecordFields; readonly secret: string }): IssuedKeyJson {
  const { revoked: _revoked, revoked_at: _revokedAt, ...key } = presentKey(issued.record);
  return { ...key, secret: issued.secret };
}
