// What one ledger event does to the aggregates: the filing of each jurisdiction it taxes
// and the merchant's daily sales summary, each as "the document to create when absent"
// plus "the change to make to it". The filings consumer applies them (aggregator.ts).
import type { EventEnvelope } from "@levy/events";
import type { Outbox } from "@levy/kit";
import type { Scope, Stored } from "@levy/storage";
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

/** One event's change to one aggregate document. */
export interface AggregateChange<T extends Aggregate> {
  readonly eventId: string;
  readonly create: T;
  readonly mutate: (current: Stored<T>) => Partial<T> | Promise<Partial<T>>;
}

export interface EventEffects {
  readonly filings: AggregateChange<FilingRecord>[];
  readonly summary: AggregateChange<SummaryRecord>;
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

/** Null for events that change no aggregate. */
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

/** New amounts on an approved or rejected (not yet filed) return need a new approval. */
export function reopens(status: FilingRecord["status"]): boolean {
  return status === "approved" || status === "rejected";
}

export interface EffectsContext {
  readonly scope: Scope;
  readonly now: number;
  /** Announces levy.filing.status_changed when new amounts reopen a decided filing. */
  readonly outbox?: Outbox | undefined;
  /** Told the id of each filing a change reopened (its event is flushed once the change landed). */
  readonly onReopen: (filingId: string) => void;
}

export function effectsOf(event: EventEnvelope, contribution: Contribution, context: EffectsContext): EventEffects {
  const { scope, now, outbox } = context;
  const month = monthOf(contribution.at);
  const s = contribution.sign;
  const sale = contribution.kind === "sale";

  const fileOne = ([jurisdictionId, totals]: [string, JurisdictionTotals]): AggregateChange<FilingRecord> => {
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
    // The amounts alone are a plain change; a reopen also announces its status event.
    const mutate = (current: Stored<FilingRecord>): Partial<FilingRecord> | Promise<Partial<FilingRecord>> => {
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
      if (!reopens(current.status)) return { ...amounts, updated_at: now };
      return reopen(current, amounts);
    };
    const reopen = async (current: Stored<FilingRecord>, amounts: Partial<FilingRecord>) => {
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
      await outbox?.announce(scope, "filings", create.id, [changed]);
      context.onReopen(create.id);
      return {
        ...amounts,
        status: "open" as const,
        approved_at: null,
        rejected_at: null,
        updated_at: now,
        pending_events: [...(current.pending_events ?? []), ...(outbox ? [changed] : [])],
      };
    };
    return { eventId: event.id, create, mutate };
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
  const summarise = (current: Stored<SummaryRecord>): Partial<SummaryRecord> =>
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
        };
  return {
    filings: [...byJurisdiction(contribution.lines)].map(fileOne),
    summary: { eventId: event.id, create: summaryCreate, mutate: summarise },
  };
}
