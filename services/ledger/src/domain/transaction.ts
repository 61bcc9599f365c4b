// A recorded sale and everything that happens to it afterwards. The transaction
// document is the aggregate root: its refunds, their reversals and the events not yet
// published (the outbox) live on it, so every change is one single-document write
// guarded by the document's version (no multi-document transactions anywhere).
import type { EventEnvelope } from "@levy/events";
import type { AddressFields } from "@levy/kit";

export interface JurisdictionRecord {
  tax_rate: number;
  tax_due_decimal: number;
  fee_amount: number;
  rate_type: string;
  tax_authority_name: string;
  tax_authority_type: string;
  tax_type: string;
  jurisdiction_name: string;
  jurisdiction_id: string;
}

export interface LineRecord {
  line_item_id: string;
  reference_line_item_id: string;
  reference_product_id: string;
  reference_product_name: string;
  product_tax_code: string;
  quantity: number;
  tax_amount: number;
  amount_excluding_tax: number;
  amount_including_tax: number;
  jurisdictions: JurisdictionRecord[];
  /** What live (not reversed) refunds have taken back from this line. */
  refunded: LineRefundState;
}

export interface LineRefundState {
  /** In the pricing basis (incl. tax when the calculation was tax-inclusive). */
  base: number;
  excl: number;
  tax: number;
  quantity: number;
  /** Per jurisdiction, same order as `jurisdictions`. */
  jurisdiction_tax: number[];
  /** What the refunded units were worth (pricing basis); absent on lines written before it was kept. */
  units_value?: number;
}

export interface RefundLineRecord {
  line_item_id: string;
  /** Positive magnitudes; presented negative. */
  base: number;
  excl: number;
  tax: number;
  quantity: number;
  jurisdiction_tax: number[];
  /** What its units were worth (pricing basis): more than `base` when a unit is refunded for less. */
  units_value?: number;
}

export interface RefundRecord {
  id: string;
  refund_type: "full" | "partial";
  refund_processed_at: number;
  created_at: number;
  lines: RefundLineRecord[];
  reversed_at: number | null;
  metadata: Record<string, string>;
}

export type TransactionType = "order" | "fee";

export interface TransactionRecord {
  id: string;
  type: TransactionType;
  kind: "standard" | "platform";
  calculation_id: string;
  reference_order_id: string;
  reference_payment_id: string;
  currency_code: string;
  tax_included_in_amount: boolean;
  lines: LineRecord[];
  total_tax_amount: number;
  total_amount_excluding_tax: number;
  total_amount_including_tax: number;
  customer_type: string;
  customer_id: string;
  reference_customer_id: string;
  merchant_id: string;
  reference_merchant_id: string;
  roles: string[];
  /** Partial: transactions recorded before address_type was copied have none. */
  address_used: Partial<AddressFields> | null;
  metadata: Record<string, string>;
  transaction_processed_at: number;
  created_at: number;
  deleted_at: number | null;
  refunds: RefundRecord[];
  /** Outbox: events written with this change and not yet confirmed published. */
  pending_events: EventEnvelope[];
}

export const transactionCollection = {
  name: "transactions",
  uniqueIndexes: [
    { name: "transactions_reference_order_type", fields: ["reference_order_id", "type"] },
    { name: "transactions_calculation_type", fields: ["calculation_id", "type"] },
  ],
  indexes: [{ name: "transactions_processed_at", fields: ["transaction_processed_at"] }],
} as const;

/** refund id → transaction id, so a refund can be found from its id alone. */
export interface RefundIndexRecord {
  id: string;
  transaction_id: string;
  /** The refund's processing date (its filing period); absent on entries written before it was kept. */
  refund_processed_at?: number;
}

export const refundIndexCollection = {
  name: "refund_index",
  indexes: [{ name: "refund_index_processed_at", fields: ["refund_processed_at"] }],
} as const;

/** The line's price in the calculation's pricing basis. */
export function lineBase(line: LineRecord, taxIncluded: boolean): number {
  return taxIncluded ? line.amount_including_tax : line.amount_excluding_tax;
}

export function emptyRefundState(jurisdictionCount: number): LineRefundState {
  return {
    base: 0,
    excl: 0,
    tax: 0,
    quantity: 0,
    jurisdiction_tax: new Array<number>(jurisdictionCount).fill(0),
    units_value: 0,
  };
}

export function liveRefunds(record: Pick<TransactionRecord, "refunds">): RefundRecord[] {
  return record.refunds.filter((refund) => refund.reversed_at === null);
}
