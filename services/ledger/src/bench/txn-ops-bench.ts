// Counts the storage work behind recording a sale, per transaction: the storage port's
// calls by collection and operation, and the LMDB commits they took. The ledger's write
// path as embedded mode wires it (transaction store, outbox, in-process bus, filings
// consumer), without HTTP, so the figures do not depend on the machine's load; commits
// shared between concurrent sales do depend on timing, port calls do not (at concurrency 1).
// Each sale: one line, one jurisdiction (a filing and the summary: J + 1 = 2 aggregates).
// Run: npm run build && node services/ledger/dist/bench/txn-ops-bench.js [transactions] [concurrency]
import { mkdtemp } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { create } from "@bufbuild/protobuf";
import { createInProcessBus } from "@levy/events";
import {
  createLogger,
  createOutbox,
  epochSeconds,
  instrumentStore,
  outboxIndexCollection,
  type OutboxIndexRecord,
} from "@levy/kit";
import { CalculationSchema } from "@levy/proto/levy/calc_engine/v1/calc_engine_pb.js";
import { createEmbeddedStore, type Scope } from "@levy/storage";
import { open } from "lmdb";
import { Registry } from "prom-client";
import {
  createTransactionStore,
  openTransactionCollections,
  transactionSource,
} from "../adapters/transaction-store.js";
import { ledgerTopic } from "../events/ledger-events.js";
import {
  createAggregator,
  createBatchAggregator,
  filingsGroup,
  planInline,
  processedEventCollection,
  type ProcessedEventRecord,
} from "../filings/aggregator.js";
import { filingCollection, summaryCollection, type FilingRecord, type SummaryRecord } from "../filings/filing.js";

const count = Number(process.argv[2] ?? 400);
const concurrency = Number(process.argv[3] ?? 4);
const scope: Scope = { accountId: "acct_ops", livemode: false };
const processedAt = Date.UTC(2026, 9, 15) / 1000;

const dir = await mkdtemp(path.join(os.tmpdir(), "txn-ops-"));
const registry = new Registry();
const store = instrumentStore(await createEmbeddedStore({ dir }), registry);
const bus = createInProcessBus();
const collections = await openTransactionCollections(store);
const filings = await store.collection<FilingRecord>(filingCollection);
const summaries = await store.collection<SummaryRecord>(summaryCollection);
const outbox = createOutbox({
  owner: "ledger",
  bus,
  logger: createLogger({ service: "ledger", level: "silent" }),
  writesLandInIssueOrder: store.writesLandInIssueOrder,
  index: await store.collection<OutboxIndexRecord>(outboxIndexCollection),
  sources: {
    [transactionSource]: {
      collection: collections.transactions as never,
      topic: ledgerTopic,
      keepsPublishedEvents: true,
    },
  },
});
// As the ledger wires embedded mode (a sale's aggregates in the sale's commit);
// TXN_OPS_CONSUMER_ONLY=1 leaves them to the consumer, as before the sixth pass.
const writePlanned = process.env.TXN_OPS_CONSUMER_ONLY ? undefined : store.writePlanned;
const transactions = createTransactionStore(
  collections,
  outbox,
  writePlanned
    ? { writePlanned, plan: (read, inScope, events) => planInline(read, inScope, events, epochSeconds()) }
    : undefined,
);
const processed = await store.collection<ProcessedEventRecord>(processedEventCollection);
// As the ledger wires embedded mode; TXN_OPS_SEPARATE_RECORDS=1 writes the processed
// records in a commit of their own, as before the fifth pass.
const aggregates = {
  filings,
  summaries,
  processed,
  outbox,
  ...(process.env.TXN_OPS_SEPARATE_RECORDS ? {} : { writeThenRecord: store.writeThenRecord }),
  ...(writePlanned ? { writePlanned } : {}),
};
const subscription = await bus.subscribe({
  topic: ledgerTopic,
  group: filingsGroup,
  handler: createAggregator(aggregates),
  ...(process.env.TXN_OPS_ONE_BY_ONE ? {} : { batchHandler: createBatchAggregator(aggregates) }),
});
const env = open({ path: path.join(dir, "store.mdb") });
const lastTxnId = () => (env.getStats() as { lastTxnId: number }).lastTxnId;

function calculation(index: number) {
  const excl = 1000 + (index % 900);
  const tax = Math.round(excl * 0.06);
  return create(CalculationSchema, {
    id: `calc_ops${index}`,
    kind: "standard",
    customerCurrencyCode: "USD",
    customerType: "CONSUMER",
    expiresAt: BigInt(Math.floor(Date.now() / 1000) + 3600),
    lineItems: [
      {
        lineItemId: "li_1",
        product: {
          referenceLineItemId: "l1",
          referenceProductId: "GENERAL_MERCHANDISE",
          productTaxCode: "GENERAL_MERCHANDISE",
        },
        taxAmount: BigInt(tax),
        amountExcludingTax: BigInt(excl),
        amountIncludingTax: BigInt(excl + tax),
        quantity: 1n,
        amount: BigInt(excl),
        taxJurisdictions: [
          {
            jurisdictionId: "US-MI",
            jurisdictionName: "Michigan",
            taxAuthorityType: "STATE",
            taxType: "SALES",
            rateType: "standard",
            taxRate: 0.06,
            taxDueDecimal: BigInt(tax),
          },
        ],
      },
    ],
  });
}

const commitsBefore = lastTxnId();
const cpuBefore = process.cpuUsage();
const startedAt = performance.now();
let next = 0;
await Promise.all(
  Array.from({ length: concurrency }, async () => {
    for (let index = next++; index < count; index = next++) {
      await transactions.record(scope, calculation(index), {
        type: "order",
        reference_order_id: `order-${index}`,
        reference_payment_id: "",
        transaction_processed_at: processedAt,
        metadata: {},
      });
    }
  }),
);
// The flushes answer after at most 500 ms; wait until the consumer and the outbox are done.
for (;;) {
  const [lag] = await bus.lag!([{ topic: ledgerTopic, group: filingsGroup }]);
  const left = await (await store.collection<OutboxIndexRecord>(outboxIndexCollection)).count({
    accountId: "__ledger_outbox__",
    livemode: false,
  });
  if (lag!.lag === 0 && left === 0) break;
  await new Promise((resolve) => setTimeout(resolve, 50));
}
const commits = lastTxnId() - commitsBefore;
const cpu = process.cpuUsage(cpuBefore);
const seconds = (performance.now() - startedAt) / 1000;

const metric = (await registry.getMetricsAsJSON()).find((m) => m.name === "levy_db_operation_duration_seconds");
const calls = new Map<string, number>();
for (const value of metric?.values ?? []) {
  if (!String((value as { metricName?: string }).metricName).endsWith("_count")) continue;
  const key = `${value.labels.collection} ${value.labels.operation}`;
  if (key.startsWith("outbox_index count")) continue; // this script's own polling
  calls.set(key, (calls.get(key) ?? 0) + Number(value.value));
}
const summary = await summaries.list(scope, { limit: 10 });
const recorded = summary.items.reduce((sum, item) => sum + item.transaction_count, 0);
console.log(`${count} sales at concurrency ${concurrency}; the summary counts ${recorded}`);
console.log(`LMDB commits per transaction: ${(commits / count).toFixed(2)}`);
console.log(
  `process CPU per transaction: ${((cpu.user + cpu.system) / 1000 / count).toFixed(2)} ms (system ${(cpu.system / 1000 / count).toFixed(2)}), ${Math.round(count / seconds)} transactions/s (includes the wait for the last flushes)`,
);
let total = 0;
for (const [key, value] of [...calls].sort()) {
  total += value;
  console.log(`  ${key.padEnd(36)} ${(value / count).toFixed(2)} per transaction`);
}
console.log(`  ${"all port calls".padEnd(36)} ${(total / count).toFixed(2)} per transaction`);
await outbox.stop();
await subscription.close();
await bus.close();
await store.close();
