// The webhook event types an endpoint can ask for, and which Levy domain event each one
// is made from (docs/events.md). filing.ready is a filing turning pending_client_approval
// through the ledger's published status change (see docs/decisions.md, "Webhooks").
import type { EventEnvelope } from "@levy/events";
import type { WebhookEventType } from "@levy/presenters";

export type { WebhookEventType };

/** The topics the webhook consumer reads. */
export const webhookSourceTopics = [
  "levy.ledger.transactions",
  "levy.ledger.filings",
  "levy.certificates.certificates",
  "levy.certificates.uploads",
] as const;

/** The public type of a domain event, or null when it makes no webhook. */
export function webhookTypeOf(event: EventEnvelope): WebhookEventType | null {
  const payload = event.payload as Record<string, unknown>;
  switch (`${event.type}.v${event.version}`) {
    case "levy.transaction.recorded.v1":
      return "transaction.created";
    case "levy.refund.created.v1":
      return "refund.created";
    case "levy.refund.reversed.v1":
      return "refund.reversed";
    case "levy.filing.status_changed.v1":
      return payload.to_status === "pending_client_approval" ? "filing.ready" : null;
    case "levy.certificate.changed.v1":
      return "certificate.status_changed";
    case "levy.certificate_upload.processed.v1":
      return "certificate.processing_completed";
    default:
      return null;
  }
}
