// Documented routes: webhook endpoints and their deliveries (issue 21), with the shapes
// of the public contract (@levy/presenters webhook.ts).
import {
  listQuery,
  listSchema,
  webhookDeliveryOutput,
  webhookEndpointBody,
  webhookEndpointDeletedOutput,
  webhookEndpointOutput,
} from "@levy/presenters";
import type { RouteSpec } from "./route-spec.js";

const tax = { auth: "api-key", tag: "webhooks" } as const;
const endpointId = { endpoint_id: "webhook endpoint ID (we_...)" };

export const webhookRoutes: RouteSpec[] = [
  {
    ...tax,
    method: "post",
    path: "/tax/webhook-endpoints",
    summary: "Create a webhook endpoint (the signing secret is in this answer only)",
    body: webhookEndpointBody,
    responses: { 200: { description: "the endpoint with its secret", schema: webhookEndpointOutput } },
  },
  {
    ...tax,
    method: "get",
    path: "/tax/webhook-endpoints",
    summary: "List webhook endpoints",
    query: listQuery,
    responses: { 200: { description: "a page of endpoints", schema: listSchema(webhookEndpointOutput) } },
  },
  {
    ...tax,
    method: "get",
    path: "/tax/webhook-endpoints/{endpoint_id}",
    summary: "Get a webhook endpoint",
    pathParams: endpointId,
    responses: { 200: { description: "the endpoint (never its secret)", schema: webhookEndpointOutput } },
  },
  {
    ...tax,
    method: "delete",
    path: "/tax/webhook-endpoints/{endpoint_id}",
    summary: "Delete a webhook endpoint",
    pathParams: endpointId,
    responses: { 200: { description: "deleted", schema: webhookEndpointDeletedOutput } },
  },
  {
    ...tax,
    method: "get",
    path: "/tax/webhook-endpoints/{endpoint_id}/deliveries",
    summary: "List an endpoint's deliveries and their attempts",
    pathParams: endpointId,
    query: listQuery,
    responses: { 200: { description: "a page of deliveries", schema: listSchema(webhookDeliveryOutput) } },
  },
];
