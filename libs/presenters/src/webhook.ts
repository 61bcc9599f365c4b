// The public webhook endpoint and delivery objects and the endpoint request body
// (/tax/webhook-endpoints), and the event types an endpoint can ask for.
import { textLimits } from "@levy/kit";
import { z } from "zod";

export const webhookEventTypes = [
  "transaction.created",
  "refund.created",
  "refund.reversed",
  "filing.ready",
  "certificate.status_changed",
  "certificate.processing_completed",
] as const;

export type WebhookEventType = (typeof webhookEventTypes)[number];

export const webhookEndpointBody = z.strictObject({
  url: z.string().max(textLimits.url),
  enabled_events: z.array(z.enum(webhookEventTypes)).min(1).max(webhookEventTypes.length),
  description: z.string().max(textLimits.webhookDescription).optional(),
});

export const webhookEndpointOutput = z.object({
  object: z.literal("tax.webhook_endpoint"),
  id: z.string(),
  url: z.string(),
  description: z.string(),
  enabled_events: z.array(z.enum(webhookEventTypes)),
  livemode: z.boolean(),
  created: z.number().int(),
  /** Only in the answer to POST. */
  secret: z.string().optional(),
});

export const webhookEndpointDeletedOutput = z.object({
  object: z.literal("tax.webhook_endpoint"),
  id: z.string(),
  deleted: z.literal(true),
});

export const webhookDeliveryOutput = z.object({
  object: z.literal("tax.webhook_delivery"),
  id: z.string(),
  endpoint_id: z.string(),
  event_id: z.string(),
  event_type: z.enum(webhookEventTypes),
  status: z.enum(["pending", "succeeded", "failed"]),
  created: z.number().int(),
  next_attempt_at: z.number().int().nullable(),
  attempts: z.array(
    z.object({
      attempted_at: z.number().int(),
      attempted_at_ms: z.number().int(),
      http_status: z.number().int().nullable(),
      error: z.string().nullable(),
      duration_ms: z.number().int(),
    }),
  ),
});
