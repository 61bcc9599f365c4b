// The lines behind a filing, for its CSV export: every sale line and refund line of the
// filing's month, currency and jurisdiction, taken from the same event payloads the
// filings consumer sums (ledger-events.ts), so the export adds up to the filing. Deleted
// sales and reversed refunds are left out: their events cancel in the filing too.
import type { Collection, Scope, Stored } from "@levy/storage";
import { refundPayload, transactionPayload, type LineAmount } from "../events/ledger-events.js";
import type { RefundIndexRecord, TransactionRecord } from "../domain/transaction.js";
import type { FilingRecord } from "./filing.js";

export interface FilingLineRow {
  kind: "sale" | "refund";
  transaction_id: string;
  refund_id: string;
  reference_order_id: string;
  processed_at: number;
  line_item_id: string;
  /** Negative on refunds, as the filing subtracts them. */
  amount_excluding_tax: number;
  taxable: boolean;
  tax_rate: number;
  tax_amount: number;
}

export interface FilingLinesPage {
  rows: FilingLineRow[];
  /** Null after the last page. */
  nextCursor: string | null;
}

/** Source documents read per page: sales first ("s:"), then refunds ("r:"). */
const pageSize = 200;

function rowsOf(
  lines: readonly LineAmount[],
  filing: Stored<FilingRecord>,
  base: Omit<FilingLineRow, "line_item_id" | "amount_excluding_tax" | "taxable" | "tax_rate" | "tax_amount">,
  sign: 1 | -1,
): FilingLineRow[] {
  const rows: FilingLineRow[] = [];
  for (const line of lines) {
    for (const j of line.jurisdictions) {
      if (j.jurisdiction_id !== filing.jurisdiction_id) continue;
      rows.push({
        ...base,
        line_item_id: line.line_item_id,
        amount_excluding_tax: sign * line.amount_excluding_tax,
        taxable: j.taxable,
        tax_rate: j.tax_rate,
        tax_amount: sign * j.tax_amount,
      });
    }
  }
  return rows;
}

/** Marks a scope whose refund index entries all carry their date (see backfillRefundDates). */
const backfillMarker = "backfill:refund_processed_at";

/**
 * Refund index entries written before they carried the refund's date get it from their
 * refund, once per account and mode (a marker entry records that it was done; it has no
 * date, so no range ever lists it).
 */
async function backfillRefundDates(
  collections: { transactions: Collection<TransactionRecord>; refundIndex: Collection<RefundIndexRecord> },
  scope: Scope,
): Promise<void> {
  const { transactions, refundIndex } = collections;
  if (await refundIndex.get(scope, backfillMarker)) return;
  let cursor: string | undefined;
  do {
    const page = await refundIndex.list(scope, { limit: 500, ...(cursor ? { cursor } : {}) });
    for (const entry of page.items) {
      if (entry.refund_processed_at !== undefined || entry.id === backfillMarker) continue;
      const refund = (await transactions.get(scope, entry.transaction_id))?.refunds.find((r) => r.id === entry.id);
      if (!refund) continue;
      await refundIndex.update(scope, entry.id, {
        expectedVersion: entry.version,
        set: { refund_processed_at: refund.refund_processed_at },
      });
    }
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  await refundIndex.insertIfAbsent(scope, { id: backfillMarker, transaction_id: "" });
}

export async function filingLines(
  collections: { transactions: Collection<TransactionRecord>; refundIndex: Collection<RefundIndexRecord> },
  scope: Scope,
  filing: Stored<FilingRecord>,
  cursor: string | undefined,
): Promise<FilingLinesPage> {
  const range = { gte: filing.period_start, lt: filing.period_end };
  const phase = cursor?.startsWith("r:") ? "refunds" : "sales";
  const storageCursor = cursor ? cursor.slice(2) || undefined : undefined;
  if (phase === "sales") {
    const page = await collections.transactions.list(scope, {
      where: { deleted_at: null, currency_code: filing.currency_code },
      range: { field: "transaction_processed_at", ...range },
      limit: pageSize,
      ...(storageCursor ? { cursor: storageCursor } : {}),
    });
    const rows = page.items.flatMap((sale) =>
      rowsOf(
        transactionPayload(sale).lines,
        filing,
        {
          kind: "sale",
          transaction_id: sale.id,
          refund_id: "",
          reference_order_id: sale.reference_order_id,
          processed_at: sale.transaction_processed_at,
        },
        1,
      ),
    );
    return { rows, nextCursor: page.nextCursor ? `s:${page.nextCursor}` : "r:" };
  }
  if (!storageCursor) await backfillRefundDates(collections, scope);
  const page = await collections.refundIndex.list(scope, {
    range: { field: "refund_processed_at", ...range },
    limit: pageSize,
    ...(storageCursor ? { cursor: storageCursor } : {}),
  });
  const rows: FilingLineRow[] = [];
  for (const entry of page.items) {
    const sale = await collections.transactions.get(scope, entry.transaction_id);
    const refund = sale?.refunds.find((candidate) => candidate.id === entry.id);
    if (!sale || !refund || refund.reversed_at !== null || sale.currency_code !== filing.currency_code) continue;
    rows.push(
      ...rowsOf(
        refundPayload(sale, refund).lines,
        filing,
        {
          kind: "refund",
          transaction_id: sale.id,
          refund_id: refund.id,
          reference_order_id: sale.reference_order_id,
          processed_at: refund.refund_processed_at,
        },
        -1,
      ),
    );
  }
  return { rows, nextCursor: page.nextCursor ? `r:${page.nextCursor}` : null };
}
