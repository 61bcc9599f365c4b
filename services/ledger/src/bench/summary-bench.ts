// Benchmark: GetSalesSummary's read path over many recorded transactions. Feeds N
// synthetic transaction.recorded events (default 100,000: 12 months × 25 merchants ×
// 2 currencies, two jurisdictions per line) through the filings aggregator into an
// embedded store, then times the summary (all months, one month, one merchant).
// Run: npm run build && node services/ledger/dist/bench/summary-bench.js [count]
import { mkdtemp } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { createEvent } from "@levy/events";
import { createLogger } from "@levy/kit";
import { createEmbeddedStore, type Scope } from "@levy/storage";
import { eventTypes, ledgerTopic, type TransactionPayload } from "../events/ledger-events.js";
import { createOutbox, outboxIndexCollection, type OutboxIndexRecord } from "@levy/kit";
import { createAggregator, processedEventCollection, type ProcessedEventRecord } from "../filings/aggregator.js";
import { filingCollection, summaryCollection, type FilingRecord, type SummaryRecord } from "../filings/filing.js";
import { createFilingStore } from "../filings/filing-store.js";
import { createInProcessBus } from "@levy/events";

const count = Number(process.argv[2] ?? process.env.BENCH_TRANSACTIONS ?? 100_000);
const scope: Scope = { accountId: "acct_bench", livemode: true };
const year = Date.UTC(2025, 0, 1) / 1000;

const dir = await mkdtemp(path.join(os.tmpdir(), "ledger-bench-"));
const store = await createEmbeddedStore({ dir });
const filings = await store.collection<FilingRecord>(filingCollection);
const summaries = await store.collection<SummaryRecord>(summaryCollection);
const processed = await store.collection<ProcessedEventRecord>(processedEventCollection);
const aggregate = createAggregator({ filings, summaries, processed });
const bus = createInProcessBus();
const outbox = createOutbox({
  owner: "ledger",
  bus,
  logger: createLogger({ service: "ledger", level: "silent" }),
  index: await store.collection<OutboxIndexRecord>(outboxIndexCollection),
  sources: {},
});
const filingStore = createFilingStore(filings, summaries, outbox);

let expectedTax = 0;
const started = performance.now();
for (let index = 0; index < count; index += 1) {
  const amount = 1000 + (index % 9000);
  const state = Math.round(amount * 0.06);
  const city = Math.round(amount * 0.01);
  expectedTax += state + city;
  const payload: TransactionPayload = {
    transaction_id: `tr_bench${index}`,
    type: "order",
    kind: "platform",
    calculation_id: `calc_bench${index}`,
    reference_order_id: `o${index}`,
    currency_code: index % 2 === 0 ? "USD" : "EUR",
    merchant_id: `merch_${index % 25}`,
    reference_merchant_id: `m-${index % 25}`,
    transaction_processed_at: year + (index % 12) * 30 * 86400 + 86400,
    total_amount_excluding_tax: amount,
    total_tax_amount: state + city,
    lines: [
      {
        line_item_id: "li_1",
        amount_excluding_tax: amount,
        tax_amount: state + city,
        jurisdictions: [
          {
            jurisdiction_id: "US-MI",
            jurisdiction_name: "Michigan",
            tax_authority_type: "STATE",
            tax_type: "SALES",
            rate_type: "standard",
            tax_rate: 0.06,
            taxable: true,
            tax_amount: state,
          },
          {
            jurisdiction_id: "US-MI-CITY-DETROIT",
            jurisdiction_name: "Detroit",
            tax_authority_type: "CITY",
            tax_type: "SALES",
            rate_type: "standard",
            tax_rate: 0.01,
            taxable: true,
            tax_amount: city,
          },
        ],
      },
    ],
  };
  await aggregate(
    createEvent({ type: eventTypes.transactionRecorded, version: 1, scope, key: scope.accountId, payload }),
  );
  if ((index + 1) % 10_000 === 0)
    console.log(`${index + 1} transactions aggregated (${Math.round((performance.now() - started) / 1000)} s)`);
}

function time(label: string, run: () => Promise<unknown>, rounds = 50) {
  return (async () => {
    const samples: number[] = [];
    for (let round = 0; round < rounds; round += 1) {
      const t0 = performance.now();
      await run();
      samples.push(performance.now() - t0);
    }
    samples.sort((a, b) => a - b);
    console.log(
      `${label}: p50 ${samples[Math.floor(rounds / 2)]!.toFixed(2)} ms, p99 ${samples[Math.floor(rounds * 0.99)]!.toFixed(2)} ms, max ${samples.at(-1)!.toFixed(2)} ms`,
    );
  })();
}

const all = await filingStore.summary(scope, {});
const totalTax = all.currencies.reduce((sum, currency) => sum + currency.tax_collected, 0);
const totalCount = all.currencies.reduce((sum, currency) => sum + currency.transaction_count, 0);
console.log(
  `summary: ${totalCount} transactions, tax ${totalTax} (expected ${count} and ${expectedTax}): ${totalCount === count && totalTax === expectedTax ? "exact" : "MISMATCH"}`,
);
await time("sales summary, all months", () => filingStore.summary(scope, {}));
await time("sales summary, one month", () => filingStore.summary(scope, { from: year + 86400, to: year + 2 * 86400 }));
await time("sales summary, one merchant", () => filingStore.summary(scope, { merchantId: "merch_3" }));
void ledgerTopic;
await bus.close();
await store.close();
