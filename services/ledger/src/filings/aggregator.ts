// The filings consumer: applies the ledger's events to the filing and sales-summary
// aggregates, exactly once in effect although delivery is at-least-once:
//
// - Each aggregate document is changed by one optimistic single-document update that
//   adds the amounts AND appends the event id to the document's `applied_events` (the
//   last 200 ids). A redelivered event finds its id there and skips that document, so a
//   crash between documents (an event touches several) re-applies only the ones missed.
// - A processed-event log (one record per event and consumer group, written after all
//   documents) skips events delivered again long after (a re-published outbox event).
//
// Events of one account share a partition key, so one consumer applies them in order
// and aggregate updates rarely race; races (approve/reject) are retried.
import type { EventEnvelope, EventHandler } from "@levy/events";
import { epochSeconds } from "@levy/kit";
import { StorageError, type Collection, type Scope, type Stored } from "@levy/storage";
import type { Outbox } from "@levy/kit";
import {
  eventTypes,
  ledgerEvent,
  type LineAmount,
  type RefundPayload,
  type TransactionPayload,
} from "../events/ledger-events.js";
import {
  dayOf,
  filingId,
  monthOf,
  summaryId,
  type Aggregate,
  type FilingRecord,
  type SummaryRecord,
} from "./filing.js";

const ringSize = 200;
const quickRetries = 50;
export const filingsGroup = "ledger-filings";

export interface ProcessedEventRecord {
  id: string;
  event_type: string;
  processed_at: number;
}

export const processedEventCollection = { name: "processed_events" } as const;

export interface AggregatorOptions {
  readonly filings: Collection<FilingRecord>;
  readonly summaries: Collection<SummaryRecord>;
  readonly processed: Collection<ProcessedEventRecord>;
  /** Publishes levy.filing.status_changed when new amounts reopen a decided filing. */
  readonly outbox?: Outbox;
}

/**
 * Applies `mutate` to one aggregate unless this event already did; creates it if absent.
 * A conflict that outlasts the quick retries (on MongoDB, usually a writer that crashed
 * mid-update, whose claim is rolled forward 30 s later) is rethrown: the event bus
 * retries conflicts without spending the event's attempts.
 */
export async function applyOnce<T extends Aggregate>(
  collection: Collection<T>,
  scope: Scope,
  create: T,
  eventId: string,
  mutate: (current: Stored<T>) => Partial<T> | Promise<Partial<T>>,
): Promise<boolean> {
  for (let attempt = 1; ; attempt += 1) {
    const current = (await collection.get(scope, create.id)) ?? (await collection.insertIfAbsent(scope, create)).record;
    if (current.applied_events.includes(eventId)) return false;
    const set = await mutate(current);
    try {
      await collection.update(scope, create.id, {
        expectedVersion: current.version,
        set: { ...set, applied_events: [...current.applied_events, eventId].slice(-ringSize) } as Partial<T>,
      });
      return true;
    } catch (error) {
      if (!(error instanceof StorageError && error.code === "conflict")) throw error;
      if (attempt >= quickRetries)
        throw new StorageError("conflict", `aggregate ${create.id} kept changing; the event is retried`, undefined, {
          cause: error,
        });
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 5));
    }
  }
}

interface Contribution {
  readonly kind: "sale" | "refund";
  readonly sign: 1 | -1;
  readonly at: number;
  readonly currency: string;
  readonly merchantId: string;
  readonly referenceMerchantId: string;
  readonly lines: readonly LineAmount[];
  readonly totalExcl: number;
  readonly totalTax: number;
}

export function contributionOf(event: EventEnvelope): Contribution | null {
  switch (event.type) {
    case eventTypes.transactionRecorded:
    case eventTypes.transactionDeleted: {
      const payload = event.payload as TransactionPayload;
      return {
        kind: "sale",
        sign: event.type === eventTypes.transactionRecorded ? 1 : -1,
        at: payload.transaction_processed_at,
        currency: payload.currency_code,
        merchantId: payload.merchant_id,
        referenceMerchantId: payload.reference_merchant_id,
        lines: payload.lines,
        totalExcl: payload.total_amount_excluding_tax,
        totalTax: payload.total_tax_amount,
      };
    }
    case eventTypes.refundCreated:
    case eventTypes.refundReversed: {
      const payload = event.payload as RefundPayload;
      return {
        kind: "refund",
        sign: event.type === eventTypes.refundCreated ? 1 : -1,
        at: payload.refund_processed_at,
        currency: payload.currency_code,
        merchantId: payload.merchant_id,
        referenceMerchantId: payload.reference_merchant_id,
        lines: payload.lines,
        totalExcl: payload.total_amount_excluding_tax,
        totalTax: payload.total_tax_amount,
      };
    }
    default:
      return null;
  }
}

interface JurisdictionTotals {
  name: string;
  authorityType: string;
  taxType: string;
  gross: number;
  taxable: number;
  tax: number;
}

function byJurisdiction(lines: readonly LineAmount[]): Map<string, JurisdictionTotals> {
  const totals = new Map<string, JurisdictionTotals>();
  for (const line of lines) {
    for (const j of line.jurisdictions) {
      const entry = totals.get(j.jurisdiction_id) ?? {
        name: j.jurisdiction_name,
        authorityType: j.tax_authority_type,
        taxType: j.tax_type,
        gross: 0,
        taxable: 0,
        tax: 0,
      };
      entry.gross += line.amount_excluding_tax;
      if (j.taxable) entry.taxable += line.amount_excluding_tax;
      entry.tax += j.tax_amount;
      totals.set(j.jurisdiction_id, entry);
    }
  }
  return totals;
}

export function createAggregator(options: AggregatorOptions): EventHandler {
  return async (event) => {
    const contribution = contributionOf(event);
    if (!contribution) return;
    const scope: Scope = { accountId: event.account_id, livemode: event.livemode };
    const processedId = `${filingsGroup}:${event.id}`;
    if (await options.processed.get(scope, processedId)) return;
    const month = monthOf(contribution.at);
    const now = epochSeconds();
    const s = contribution.sign;
    const sale = contribution.kind === "sale";

    const fileOne = async ([jurisdictionId, totals]: [string, JurisdictionTotals]) => {
      const create: FilingRecord = {
        id: filingId(month.period, jurisdictionId, contribution.currency),
        applied_events: [],
        period: month.period,
        period_start: month.start,
        period_end: month.end,
        jurisdiction_id: jurisdictionId,
        jurisdiction_name: totals.name,
        tax_authority_type: totals.authorityType,
        tax_type: totals.taxType,
        currency_code: contribution.currency,
        status: "open",
        gross_sales: 0,
        taxable_sales: 0,
        exempt_sales: 0,
        tax_collected: 0,
        refunds: 0,
        refunded_tax: 0,
        transaction_count: 0,
        refund_count: 0,
        created_at: now,
        updated_at: now,
        approved_at: null,
        rejected_at: null,
        rejection_reason: "",
        pending_events: [],
      };
      let reopened = false;
      await applyOnce(options.filings, scope, create, event.id, async (current) => {
        const amounts: Partial<FilingRecord> = sale
          ? {
              gross_sales: current.gross_sales + s * totals.gross,
              taxable_sales: current.taxable_sales + s * totals.taxable,
              exempt_sales: current.exempt_sales + s * (totals.gross - totals.taxable),
              tax_collected: current.tax_collected + s * totals.tax,
              transaction_count: current.transaction_count + s,
            }
          : {
              refunds: current.refunds + s * totals.gross,
              refunded_tax: current.refunded_tax + s * totals.tax,
              refund_count: current.refund_count + s,
            };
        // New amounts on an approved or rejected (not yet filed) return need a new approval.
        const reopen = current.status === "approved" || current.status === "rejected";
        if (!reopen) return { ...amounts, updated_at: now };
        const changed = ledgerEvent(scope, eventTypes.filingStatusChanged, {
          filing_id: create.id,
          period: current.period,
          jurisdiction_id: current.jurisdiction_id,
          currency_code: current.currency_code,
          from_status: current.status,
          to_status: "pending_client_approval",
          changed_at: now,
          reason: "new amounts after the decision",
        });
        await options.outbox?.announce(scope, "filings", create.id, [changed]);
        reopened = true;
        return {
          ...amounts,
          status: "open" as const,
          approved_at: null,
          rejected_at: null,
          updated_at: now,
          pending_events: [...(current.pending_events ?? []), ...(options.outbox ? [changed] : [])],
        };
      });
      if (reopened) await options.outbox?.flush(scope, "filings", create.id);
    };

    const day = dayOf(contribution.at);
    const summaryCreate: SummaryRecord = {
      id: summaryId(day.period, contribution.merchantId, contribution.currency),
      applied_events: [],
      period: day.period,
      period_start: day.start,
      period_end: day.end,
      merchant_id: contribution.merchantId,
      reference_merchant_id: contribution.referenceMerchantId,
      currency_code: contribution.currency,
      gross_sales: 0,
      tax_collected: 0,
      refunds: 0,
      refunded_tax: 0,
      transaction_count: 0,
      refund_count: 0,
      created_at: now,
      updated_at: now,
    };
    const summarise = () =>
      applyOnce(options.summaries, scope, summaryCreate, event.id, (current) =>
        sale
          ? {
              gross_sales: current.gross_sales + s * contribution.totalExcl,
              tax_collected: current.tax_collected + s * contribution.totalTax,
              transaction_count: current.transaction_count + s,
              updated_at: now,
            }
          : {
              refunds: current.refunds + s * contribution.totalExcl,
              refunded_tax: current.refunded_tax + s * contribution.totalTax,
              refund_count: current.refund_count + s,
              updated_at: now,
            },
      );
    // Every aggregate of the event at once: on the embedded store their updates share one
    // commit, on MongoDB their round trips overlap. Each is guarded by its own
    // applied_events, so a failure of one leaves the others applied and the retried event
    // skips them. The processed record follows only once all of them have landed.
    const outcomes = await Promise.allSettled([...[...byJurisdiction(contribution.lines)].map(fileOne), summarise()]);
    const failed = outcomes.find((outcome): outcome is PromiseRejectedResult => outcome.status === "rejected");
    if (failed) throw failed.reason;
    await options.processed.insertIfAbsent(scope, { id: processedId, event_type: event.type, processed_at: now });
  };
}
