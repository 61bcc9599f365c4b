// The ledger's events (documented in docs/events.md). Envelopes are @levy/events'
// (id, type, version, occurred_at, account_id, livemode, key = account id, payload).
import { createEvent, type EventEnvelope } from "@levy/events";
import type { Scope } from "@levy/storage";
import type { RefundRecord, TransactionRecord } from "../domain/transaction.js";

export const ledgerTopic = "levy.ledger.transactions";
export const filingTopic = "levy.ledger.filings";

export const eventTypes = {
  transactionRecorded: "levy.transaction.recorded",
  transactionDeleted: "levy.transaction.deleted",
  refundCreated: "levy.refund.created",
  refundReversed: "levy.refund.reversed",
  filingStatusChanged: "levy.filing.status_changed",
} as const;

export interface JurisdictionAmount {
  jurisdiction_id: string;
  jurisdiction_name: string;
  tax_authority_type: string;
  tax_type: string;
  rate_type: string;
  tax_rate: number;
  /** Whether the line's amount is taxable in this jurisdiction (rate > 0, not exempt). */
  taxable: boolean;
  tax_amount: number;
}

export interface LineAmount {
  line_item_id: string;
  amount_excluding_tax: number;
  tax_amount: number;
  jurisdictions: JurisdictionAmount[];
}

/** Payload of transaction.recorded / transaction.deleted (positive amounts). */
export interface TransactionPayload {
  transaction_id: string;
  type: string;
  kind: string;
  calculation_id: string;
  reference_order_id: string;
  currency_code: string;
  merchant_id: string;
  reference_merchant_id: string;
  transaction_processed_at: number;
  total_amount_excluding_tax: number;
  total_tax_amount: number;
  lines: LineAmount[];
  deleted_at?: number;
}

/** Payload of refund.created / refund.reversed (positive magnitudes of what was refunded). */
export interface RefundPayload {
  refund_id: string;
  transaction_id: string;
  refund_type: string;
  currency_code: string;
  merchant_id: string;
  reference_merchant_id: string;
  refund_processed_at: number;
  total_amount_excluding_tax: number;
  total_tax_amount: number;
  lines: LineAmount[];
  reversed_at?: number;
}

const untaxedRateTypes = new Set(["exempt", "zero_rated", "exempt_portion", "reverse_charge"]);

function transactionLines(transaction: TransactionRecord): LineAmount[] {
  return transaction.lines.map((line) => ({
    line_item_id: line.line_item_id,
    amount_excluding_tax: line.amount_excluding_tax,
    tax_amount: line.tax_amount,
    jurisdictions: line.jurisdictions.map((j) => ({
      jurisdiction_id: j.jurisdiction_id || j.tax_authority_name,
      jurisdiction_name: j.jurisdiction_name || j.tax_authority_name,
      tax_authority_type: j.tax_authority_type,
      tax_type: j.tax_type,
      rate_type: j.rate_type,
      tax_rate: j.tax_rate,
      taxable: j.tax_rate > 0 && !untaxedRateTypes.has(j.rate_type),
      tax_amount: j.tax_due_decimal,
    })),
  }));
}

export function transactionPayload(transaction: TransactionRecord): TransactionPayload {
  return {
    transaction_id: transaction.id,
    type: transaction.type,
    kind: transaction.kind,
    calculation_id: transaction.calculation_id,
    reference_order_id: transaction.reference_order_id,
    currency_code: transaction.currency_code,
    merchant_id: transaction.merchant_id,
    reference_merchant_id: transaction.reference_merchant_id,
    transaction_processed_at: transaction.transaction_processed_at,
    total_amount_excluding_tax: transaction.total_amount_excluding_tax,
    total_tax_amount: transaction.total_tax_amount,
    lines: transactionLines(transaction),
    ...(transaction.deleted_at !== null ? { deleted_at: transaction.deleted_at } : {}),
  };
}

export function refundPayload(transaction: TransactionRecord, refund: RefundRecord): RefundPayload {
  const base = transactionLines(transaction);
  const lines = refund.lines.map((refundLine) => {
    const original = base.find((line) => line.line_item_id === refundLine.line_item_id)!;
    return {
      line_item_id: refundLine.line_item_id,
      amount_excluding_tax: refundLine.excl,
      tax_amount: refundLine.tax,
      jurisdictions: original.jurisdictions.map((j, index) => ({
        ...j,
        tax_amount: refundLine.jurisdiction_tax[index] ?? 0,
      })),
    };
  });
  return {
    refund_id: refund.id,
    transaction_id: transaction.id,
    refund_type: refund.refund_type,
    currency_code: transaction.currency_code,
    merchant_id: transaction.merchant_id,
    reference_merchant_id: transaction.reference_merchant_id,
    refund_processed_at: refund.refund_processed_at,
    total_amount_excluding_tax: lines.reduce((sum, line) => sum + line.amount_excluding_tax, 0),
    total_tax_amount: lines.reduce((sum, line) => sum + line.tax_amount, 0),
    lines,
    ...(refund.reversed_at !== null ? { reversed_at: refund.reversed_at } : {}),
  };
}

export function ledgerEvent<P>(scope: Scope, type: string, payload: P): EventEnvelope<P> {
  return createEvent({ type, version: 1, scope, key: scope.accountId, payload });
}
