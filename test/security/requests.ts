// Sends one catalogue request with the right credential, optionally with a replaced
// path, query or body. Path segments that encodeURIComponent refuses (lone surrogates)
// are sent as their WTF-8 bytes, percent-encoded, which is what a hostile client can do.
import { createApi, type ApiResponse } from "../support/api.js";
import type { Endpoint, FuzzWorld } from "./rest-catalogue.js";

const V = "2026-03-01";

export function encodeSegment(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    let out = "";
    for (const char of value) {
      const code = char.codePointAt(0)!;
      if (code >= 0xd800 && code <= 0xdfff)
        out += [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
          .map((byte) => `%${byte.toString(16).toUpperCase()}`)
          .join("");
      else out += encodeURIComponent(char);
    }
    return out;
  }
}

export function pathOf(
  endpoint: Endpoint,
  world: FuzzWorld,
  replace: Record<string, string> = {},
  raw = false,
): string {
  const params = { ...endpoint.params?.(world), ...replace };
  return endpoint.path.replace(/:(\w+)/g, (_all, name: string) =>
    raw && name in replace ? replace[name]! : encodeSegment(params[name] ?? ""),
  );
}

export function queryString(query: Record<string, string>): string {
  const parts = Object.entries(query).map(([key, value]) => `${encodeSegment(key)}=${encodeSegment(value)}`);
  return parts.length > 0 ? `?${parts.join("&")}` : "";
}

export interface SendOptions {
  readonly path?: string;
  readonly query?: Record<string, string>;
  readonly body?: unknown;
  readonly rawBody?: string;
  readonly headers?: Record<string, string>;
  /** Another key than the endpoint's own (tenancy attempts). */
  readonly key?: string;
}

export function createSender(restUrl: string) {
  const api = createApi(restUrl);
  return function send(endpoint: Endpoint, world: FuzzWorld, options: SendOptions = {}): Promise<ApiResponse> {
    const credential = options.key
      ? { authorization: `Bearer ${options.key}` }
      : endpoint.credential === "admin"
        ? { authorization: `Bearer ${world.adminToken}` }
        : endpoint.credential === "link"
          ? {}
          : { authorization: `Bearer ${endpoint.credential === "live" ? world.liveKey : world.testKey}` };
    const path =
      (options.path ?? pathOf(endpoint, world)) + queryString(options.query ?? endpoint.query?.(world) ?? {});
    const body =
      options.rawBody ??
      (options.body !== undefined
        ? JSON.stringify(options.body)
        : endpoint.method === "POST"
          ? JSON.stringify(endpoint.body!(world))
          : undefined);
    return api(path, {
      method: endpoint.method,
      ...(body !== undefined ? { rawBody: body } : {}),
      headers: { ...credential, ...(endpoint.version ? { "x-api-version": V } : {}), ...options.headers },
    });
  };
}

/** Runs `run` over the items, `size` at a time (the system is shared; a few in flight keep it busy). */
export async function inBatches<T>(items: readonly T[], run: (item: T) => Promise<void>, size = 6): Promise<void> {
  for (let start = 0; start < items.length; start += size) await Promise.all(items.slice(start, start + size).map(run));
}
