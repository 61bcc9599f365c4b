// Refund index entries written before they carried the refund's date still reach the
// filing export: the first export of an account and mode dates them from their refund.
import { mkdtemp } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createEmbeddedStore, type Stored } from "@levy/storage";
import { openTransactionCollections } from "../adapters/transaction-store.js";
import type { TransactionRecord } from "../domain/transaction.js";
import type { FilingRecord } from "./filing.js";
import { filingLines } from "./filing-lines.js";

const scope = { accountId: "acct_1", livemode: false };
const may = Date.UTC(2025, 4, 10) / 1000;

const jurisdiction = {
  tax_rate: 0.06,
  tax_due_decimal: 600,
  fee_amount: 0,
  rate_type: "standard",
  tax_authority_name: "Michigan Department of Treasury",
  tax_authority_type: "STATE",
  tax_type: "SALES",
  jurisdiction_name: "Michigan",
  jurisdiction_id: "US-MI",
};

const sale = {
  id: "tr_1",
  type: "order",
  kind: "standard",
  reference_order_id: "o-1",
  currency_code: "USD",
  lines: [{ line_item_id: "li_1", amount_excluding_tax: 10_000, tax_amount: 600, jurisdictions: [jurisdiction] }],
  transaction_processed_at: may - 40 * 86_400, // April: only the refund is in May
  deleted_at: null,
  refunds: [
    {
      id: "ref_tr_1",
      refund_type: "partial",
      refund_processed_at: may,
      created_at: may,
      lines: [{ line_item_id: "li_1", base: 2_000, excl: 2_000, tax: 120, quantity: 0, jurisdiction_tax: [120] }],
      reversed_at: null,
      metadata: {},
    },
  ],
} as unknown as TransactionRecord;

describe("filing lines", () => {
  it("dates refund index entries of an earlier version once, then finds their refunds by month", async () => {
    const store = await createEmbeddedStore({ dir: await mkdtemp(path.join(os.tmpdir(), "filing-lines-")) });
    const collections = await openTransactionCollections(store);
    await collections.transactions.insert(scope, sale);
    // As an earlier version wrote it: no refund_processed_at.
    await collections.refundIndex.insert(scope, { id: "ref_tr_1", transaction_id: "tr_1" });
    const filing = {
      id: "fil_2025-05_US-MI_USD",
      jurisdiction_id: "US-MI",
      currency_code: "USD",
      period_start: Date.UTC(2025, 4, 1) / 1000,
      period_end: Date.UTC(2025, 5, 1) / 1000,
    } as Stored<FilingRecord>;

    const sales = await filingLines(collections, scope, filing, undefined);
    expect(sales).toEqual({ rows: [], nextCursor: "r:" });
    const refunds = await filingLines(collections, scope, filing, "r:");
    expect(refunds.nextCursor).toBeNull();
    expect(refunds.rows).toEqual([
      expect.objectContaining({
        kind: "refund",
        refund_id: "ref_tr_1",
        amount_excluding_tax: -2_000,
        tax_amount: -120,
      }),
    ]);
    expect((await collections.refundIndex.get(scope, "ref_tr_1"))?.refund_processed_at).toBe(may);
  });
});
