// A small client of the public REST API for tests. Every answer is checked against the
// gateway's OpenAPI document (openapi-contract.ts): an undocumented status or field fails
// the test that received it.
import { assertDocumentedResponse } from "./openapi-contract.js";

export interface ApiResponse {
  readonly status: number;
  readonly headers: Headers;
  readonly body: any;
}

export interface ApiCall {
  readonly method?: string;
  readonly key?: string | null;
  readonly body?: unknown;
  /** Sent as-is when a string (to test malformed JSON). */
  readonly rawBody?: string;
  readonly version?: string;
  readonly headers?: Record<string, string>;
}

export function createApi(baseUrl: string) {
  return async function api(path: string, call: ApiCall = {}): Promise<ApiResponse> {
    const headers: Record<string, string> = { "content-type": "application/json", ...call.headers };
    if (call.key) headers.authorization = `Bearer ${call.key}`;
    if (call.version) headers["x-api-version"] = call.version;
    const body = call.rawBody ?? (call.body === undefined ? undefined : JSON.stringify(call.body));
    const method = call.method ?? (body ? "POST" : "GET");
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers,
      ...(body ? { body } : {}),
    });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // left as text: a test asserting JSON will fail on it
    }
    await assertDocumentedResponse(baseUrl, {
      method,
      path,
      status: response.status,
      contentType: response.headers.get("content-type") ?? "",
      body: parsed,
      ...(call.version ? { apiVersion: call.version } : {}),
    });
    return { status: response.status, headers: response.headers, body: parsed };
  };
}

export interface AccountKeys {
  readonly accountId: string;
  readonly testSecret: string;
  readonly liveSecret: string;
  readonly testPublishable: string;
  readonly livePublishable: string;
  readonly keyIds: Record<string, string>;
}

export async function createAccount(baseUrl: string, adminToken: string, name = "Test account"): Promise<AccountKeys> {
  const api = createApi(baseUrl);
  const response = await api("/admin/v1/accounts", {
    body: { name },
    headers: { authorization: `Bearer ${adminToken}` },
  });
  if (response.status !== 201)
    throw new Error(`account creation failed: ${response.status} ${JSON.stringify(response.body)}`);
  const keys = response.body.keys as Array<{ id: string; kind: string; mode: string; secret: string }>;
  const find = (kind: string, mode: string) => keys.find((key) => key.kind === kind && key.mode === mode)!;
  return {
    accountId: response.body.account.id,
    testSecret: find("secret", "test").secret,
    liveSecret: find("secret", "live").secret,
    testPublishable: find("publishable", "test").secret,
    livePublishable: find("publishable", "live").secret,
    keyIds: Object.fromEntries(keys.map((key) => [key.secret, key.id])),
  };
}
