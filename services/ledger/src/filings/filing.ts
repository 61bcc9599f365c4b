// Filings: per account, mode, calendar month (UTC), jurisdiction and currency, the
// return a tax authority expects (gross, taxable and exempt sales, tax collected,
// refunds). Sales summaries: per UTC day, merchant and currency, so a summary's range
// is summed to the exact day (summaries written before days were kept are per month).
// Both are aggregates maintained by the filings consumer from the ledger's events.
import type { EventEnvelope } from "@levy/events";

export const filingStatuses = ["open", "pending_client_approval", "approved", "rejected", "filed"] as const;
export type FilingStatus = (typeof filingStatuses)[number];
/** What is stored: pending_client_approval is an open filing whose month has ended. */
export type StoredFilingStatus = Exclude<FilingStatus, "pending_client_approval">;

export interface Aggregate {
  id: string;
  /** Ids of the last events applied to this document (replay guard, see aggregator.ts). */
  applied_events: string[];
}

export interface FilingRecord extends Aggregate {
  period: string;
  period_start: number;
  period_end: number;
  jurisdiction_id: string;
  jurisdiction_name: string;
  tax_authority_type: string;
  tax_type: string;
  currency_code: string;
  status: StoredFilingStatus;
  gross_sales: number;
  taxable_sales: number;
  exempt_sales: number;
  tax_collected: number;
  refunds: number;
  refunded_tax: number;
  transaction_count: number;
  refund_count: number;
  created_at: number;
  updated_at: number;
  approved_at: number | null;
  rejected_at: number | null;
  rejection_reason: string;
  pending_events: EventEnvelope[];
}

export interface SummaryRecord extends Aggregate {
  /** YYYY-MM-DD; YYYY-MM on a summary written before days were kept. */
  period: string;
  period_start: number;
  /** First second after the period; absent on the month summaries of earlier versions. */
  period_end?: number;
  merchant_id: string;
  reference_merchant_id: string;
  currency_code: string;
  gross_sales: number;
  tax_collected: number;
  refunds: number;
  refunded_tax: number;
  transaction_count: number;
  refund_count: number;
  created_at: number;
  updated_at: number;
}

export const filingCollection = {
  name: "filings",
  indexes: [{ name: "filings_period_start", fields: ["period_start"] }],
} as const;
export const summaryCollection = {
  name: "sales_summaries",
  indexes: [{ name: "sales_summaries_period_start", fields: ["period_start"] }],
} as const;

/** The UTC calendar month containing `epochSeconds`. */
export function monthOf(epochSeconds: number): { period: string; start: number; end: number } {
  const date = new Date(epochSeconds * 1000);
  const year = date.getUTCFullYear();
  const month = date.getUTCMonth();
  const start = Date.UTC(year, month, 1) / 1000;
  const end = Date.UTC(year, month + 1, 1) / 1000;
  return { period: `${year}-${String(month + 1).padStart(2, "0")}`, start, end };
}

/** The UTC day containing `epochSeconds`. */
export function dayOf(epochSeconds: number): { period: string; start: number; end: number } {
  const start = Math.floor(epochSeconds / 86_400) * 86_400;
  return { period: new Date(start * 1000).toISOString().slice(0, 10), start, end: start + 86_400 };
}

/** The UTC period a stored summary covers: its day, or its month for an earlier version's summary. */
export function summaryPeriodOf(record: Pick<SummaryRecord, "period" | "period_start" | "period_end">): {
  start: number;
  end: number;
} {
  if (record.period_end !== undefined) return { start: record.period_start, end: record.period_end };
  return record.period.length === 7 ? monthOf(record.period_start) : dayOf(record.period_start);
}

export function filingId(period: string, jurisdictionId: string, currency: string): string {
  return `fil_${period}_${jurisdictionId.replace(/[^A-Za-z0-9_-]/g, "_")}_${currency}`;
}

export function summaryId(period: string, merchantId: string, currency: string): string {
  return `sum_${period}_${merchantId || "none"}_${currency}`;
}

/** The status a client sees: an open filing becomes pending_client_approval when its month ends. */
export function effectiveStatus(record: Pick<FilingRecord, "status" | "period_end">, nowSeconds: number): FilingStatus {
  if (record.status === "open" && nowSeconds >= record.period_end) return "pending_client_approval";
  return record.status;
}

export function isFilingStatus(value: string): value is FilingStatus {
  return (filingStatuses as readonly string[]).includes(value);
}
