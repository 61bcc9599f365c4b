// One documented REST route: what the OpenAPI document says about it, built from the
// public contract's schemas (@levy/presenters). The route files under this folder list
// every route the gateway serves; a test checks express's own table against them.
import type { z } from "zod";
import { type ApiVersion, apiVersions, versionAtLeast } from "../domain/api-versions.js";

/** How a route is authorised: a secret API key ("api-key"), the operator token, a signed link, or nothing. */
export type RouteAuth = "api-key" | "admin-token" | "signed-link" | "none";

export interface JsonResponse {
  readonly description: string;
  readonly schema: z.ZodType;
}

export interface BinaryResponse {
  readonly description: string;
  /** Media types the body may have. */
  readonly mediaTypes: readonly string[];
}

export interface RouteSpec {
  readonly method: "get" | "post" | "delete";
  /** OpenAPI form, e.g. /tax/customers/{customer_id}. */
  readonly path: string;
  readonly summary: string;
  readonly tag: string;
  readonly auth: RouteAuth;
  /** X-API-Version must be sent with one of these values. */
  readonly requiredVersions?: readonly ApiVersion[];
  /** Path parameters: name → description. */
  readonly pathParams?: Readonly<Record<string, string>>;
  readonly query?: z.ZodObject;
  readonly body?: z.ZodType;
  /** Success responses by status. */
  readonly responses: Readonly<Record<number, JsonResponse | BinaryResponse>>;
  /** Error statuses this route answers besides the ones every route of its kind has (errorStatuses). */
  readonly errors?: readonly number[];
  /** Answered before express routes (the ops endpoints, @levy/kit ops-server.ts), so not in its table. */
  readonly outsideExpress?: true;
}

/** The error statuses every route answers, by how it is reached. */
export function errorStatuses(route: RouteSpec): number[] {
  // 400: a bad X-API-Version or query; 500 and the upstream's 503/504 anywhere.
  const statuses = new Set<number>([400, 500, 503, 504, ...(route.errors ?? [])]);
  if (route.auth === "api-key" || route.auth === "admin-token") statuses.add(401);
  if (route.auth === "api-key") {
    // Bodies are read on every /tax route; Idempotency-Key replays and conflicts on POST.
    statuses.add(413);
    statuses.add(429);
    if (route.method === "post") statuses.add(409);
  }
  if (route.auth === "admin-token" && route.method === "post") statuses.add(413);
  if (route.pathParams) statuses.add(404);
  if (route.outsideExpress) return route.errors ? [...route.errors] : [];
  return [...statuses].sort((a, b) => a - b);
}

export const platformVersions: readonly ApiVersion[] = ["2026-01-01", "2026-03-01"];
export const certificateVersions: readonly ApiVersion[] = apiVersions.filter((version) =>
  versionAtLeast(version, "2026-03-01"),
);
