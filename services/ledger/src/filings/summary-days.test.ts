// The sales summary sums whole UTC days. Month summaries written by earlier versions (before
// days were kept) still count: a range that cuts such a month is widened to it, and the
// answer's summed bounds say so.
import { mkdtemp } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { Outbox } from "@levy/kit";
import { createEmbeddedStore } from "@levy/storage";
import { filingCollection, summaryCollection, type FilingRecord, type SummaryRecord } from "./filing.js";
import { createFilingStore } from "./filing-store.js";

const scope = { accountId: "acct_1", livemode: false };
const utc = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / 1000;

function summary(id: string, period: string, start: number, end: number | undefined, gross: number): SummaryRecord {
  return {
    id,
    applied_events: [],
    period,
    period_start: start,
    ...(end === undefined ? {} : { period_end: end }),
    merchant_id: "",
    reference_merchant_id: "",
    currency_code: "EUR",
    gross_sales: gross,
    tax_collected: gross / 10,
    refunds: 0,
    refunded_tax: 0,
    transaction_count: 1,
    refund_count: 0,
    created_at: start,
    updated_at: start,
  };
}

describe("sales summary by day", () => {
  it("sums exact days, and widens to a month only where an earlier version kept the month", async () => {
    const store = await createEmbeddedStore({ dir: await mkdtemp(path.join(os.tmpdir(), "summary-days-")) });
    const summaries = await store.collection<SummaryRecord>(summaryCollection);
    const filings = createFilingStore(
      await store.collection<FilingRecord>(filingCollection),
      summaries,
      {} as Outbox, // reads only
    );
    // Before the upgrade: all of January 2025 in one month summary. After: days.
    await summaries.insertIfAbsent(
      scope,
      summary("sum_2025-01_none_EUR", "2025-01", utc("2025-01-01"), undefined, 100),
    );
    for (const [day, gross] of [
      ["2025-02-10", 1_000],
      ["2025-02-11", 2_000],
      ["2025-02-12", 4_000],
    ] as const) {
      await summaries.insertIfAbsent(scope, summary(`sum_${day}_none_EUR`, day, utc(day), utc(day) + 86_400, gross));
    }

    const middle = await filings.summary(scope, { from: utc("2025-02-11"), to: utc("2025-02-12") - 1 });
    expect(middle).toMatchObject({
      periodFrom: "2025-02-11",
      periodTo: "2025-02-11",
      summedFrom: utc("2025-02-11"),
      summedTo: utc("2025-02-12") - 1,
    });
    expect(middle.currencies.map((c) => c.gross_sales)).toEqual([2_000]);

    // Mid-January cuts the month summary: the whole month counts and the bounds say so.
    const fromJanuary = await filings.summary(scope, { from: utc("2025-01-20"), to: utc("2025-02-10") });
    expect(fromJanuary).toMatchObject({ summedFrom: utc("2025-01-01"), periodFrom: "2025-01-01" });
    expect(fromJanuary.currencies.map((c) => c.gross_sales)).toEqual([1_100]);

    const everything = await filings.summary(scope, {});
    expect(everything).toMatchObject({ summedFrom: utc("2025-01-01"), summedTo: utc("2025-02-13") - 1 });
    expect(everything.currencies.map((c) => c.gross_sales)).toEqual([7_100]);
  });
});
