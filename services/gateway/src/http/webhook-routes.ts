// /tax/webhook-endpoints: endpoints per account and mode, and their deliveries. The
// signing secret is in the creation answer only. Request and response shapes are the
// public contract's (@levy/presenters webhook.ts).
import { Router } from "express";
import { epochSeconds, identifierText, judgeUrlHost, LevyError, newId, type Resolver } from "@levy/kit";
import {
  listEnvelope,
  listQuery,
  type webhookDeliveryOutput,
  webhookEndpointBody,
  type webhookEndpointOutput,
} from "@levy/presenters";
import { StorageError, type Scope } from "@levy/storage";
import type { z } from "zod";
import { newSigningSecret } from "../webhooks/signature.js";
import type { DeliveryRecord, WebhookEndpointRecord, WebhookStore } from "../webhooks/webhook-store.js";
import { pathParam, routeHandler, scopeOf } from "./request-state.js";
import { parseInput } from "./validate.js";

function presentEndpoint(endpoint: WebhookEndpointRecord, scope: Scope): z.infer<typeof webhookEndpointOutput> {
  return {
    object: "tax.webhook_endpoint",
    id: endpoint.id,
    url: endpoint.url,
    description: endpoint.description,
    enabled_events: endpoint.enabled_events,
    livemode: scope.livemode,
    created: endpoint.created,
  };
}

function presentDelivery(delivery: DeliveryRecord): z.infer<typeof webhookDeliveryOutput> {
  return {
    object: "tax.webhook_delivery",
    id: delivery.id,
    endpoint_id: delivery.endpoint_id,
    event_id: delivery.event_id,
    event_type: delivery.event_type,
    status: delivery.status,
    created: delivery.created,
    next_attempt_at: delivery.next_attempt_at_ms === null ? null : Math.ceil(delivery.next_attempt_at_ms / 1000),
    attempts: delivery.attempts.map((attempt) => ({
      attempted_at: Math.floor(attempt.at_ms / 1000),
      attempted_at_ms: attempt.at_ms,
      http_status: attempt.http_status,
      error: attempt.error,
      duration_ms: attempt.duration_ms,
    })),
  };
}

const badUrl = (message: string) => new LevyError("invalid_field", `url: ${message}`, { field: "url" });

/** https only, no credentials, and a host that resolves to public addresses only (the SSRF guard). */
async function checkedUrl(text: string, hosts: UrlHosts): Promise<string> {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw badUrl("not a valid URL");
  }
  if (url.protocol !== "https:") throw badUrl("must be an https URL");
  if (url.username || url.password) throw badUrl("must not carry credentials");
  const verdict = await judgeUrlHost(url, hosts);
  if (verdict.allowed) return url.toString();
  if (verdict.reason === "unresolvable") throw badUrl("the host does not resolve");
  throw badUrl(`the host is not public (${verdict.range})`);
}

export interface UrlHosts {
  readonly resolve: Resolver;
  readonly loopbackHosts?: ReadonlySet<string> | undefined;
}

/** A store listing whose unreadable cursor is the caller's error, as in the other lists. */
async function listing<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof StorageError && error.code === "invalid_cursor")
      throw new LevyError("invalid_cursor", "the cursor is not valid", { field: "cursor" });
    throw error;
  }
}

const endpointNotFound = (id: string) =>
  new LevyError("webhook_endpoint_not_found", `no webhook endpoint ${id.slice(0, 100)}`, { field: "id" });

/** Mounted at /tax/webhook-endpoints. */
export function webhookRoutes(store: WebhookStore, hosts: UrlHosts): Router {
  const router = Router();
  const endpointOf = async (scope: Scope, id: string) => {
    if (!identifierText().safeParse(id).success) throw endpointNotFound(id);
    const endpoint = await store.endpoints.get(scope, id);
    if (!endpoint) throw endpointNotFound(id);
    return endpoint;
  };
  router.post(
    "/",
    routeHandler(async (request, response) => {
      const body = parseInput(webhookEndpointBody, request.body);
      const scope = scopeOf(response);
      const endpoint = await store.endpoints.insert(scope, {
        id: newId("we"),
        url: await checkedUrl(body.url, hosts),
        description: body.description ?? "",
        enabled_events: [...new Set(body.enabled_events)],
        secret: newSigningSecret(),
        created: epochSeconds(),
      });
      response.json({ ...presentEndpoint(endpoint, scope), secret: endpoint.secret });
    }),
  );
  router.get(
    "/",
    routeHandler(async (request, response) => {
      const query = parseInput(listQuery, request.query, "query");
      const scope = scopeOf(response);
      const page = await listing(() =>
        store.endpoints.list(scope, { limit: query.limit, ...(query.cursor ? { cursor: query.cursor } : {}) }),
      );
      response.json(
        listEnvelope(
          page.items.map((endpoint) => presentEndpoint(endpoint, scope)),
          page.nextCursor ?? "",
        ),
      );
    }),
  );
  router.get(
    "/:endpoint_id",
    routeHandler(async (request, response) => {
      const scope = scopeOf(response);
      response.json(presentEndpoint(await endpointOf(scope, pathParam(request, "endpoint_id")), scope));
    }),
  );
  router.delete(
    "/:endpoint_id",
    routeHandler(async (request, response) => {
      const scope = scopeOf(response);
      const endpoint = await endpointOf(scope, pathParam(request, "endpoint_id"));
      await store.endpoints.delete(scope, endpoint.id);
      response.json({ object: "tax.webhook_endpoint", id: endpoint.id, deleted: true });
    }),
  );
  router.get(
    "/:endpoint_id/deliveries",
    routeHandler(async (request, response) => {
      const query = parseInput(listQuery, request.query, "query");
      const scope = scopeOf(response);
      const endpoint = await endpointOf(scope, pathParam(request, "endpoint_id"));
      const page = await listing(() =>
        store.deliveries.list(scope, {
          where: { endpoint_id: endpoint.id },
          limit: query.limit,
          ...(query.cursor ? { cursor: query.cursor } : {}),
        }),
      );
      response.json(listEnvelope(page.items.map(presentDelivery), page.nextCursor ?? ""));
    }),
  );
  return router;
}
