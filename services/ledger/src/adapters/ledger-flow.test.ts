// The ledger's write paths against the embedded store and the in-process bus: idempotent
// recording, refunds under concurrency, reversals, the outbox after a failed publish and
// the filings consumer under duplicate delivery.
import { mkdtemp } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { create } from "@bufbuild/protobuf";
import { createInProcessBus, type EventBus, type EventEnvelope } from "@levy/events";
import { createLogger, type LevyError } from "@levy/kit";
import { CalculationSchema, type Calculation } from "@levy/proto/levy/calc_engine/v1/calc_engine_pb.js";
import { createEmbeddedStore, type Scope, type Store } from "@levy/storage";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ledgerTopic } from "../events/ledger-events.js";
import { createOutbox, outboxIndexCollection, type Outbox, type OutboxIndexRecord } from "@levy/kit";
import {
  createAggregator,
  planInline,
  processedEventCollection,
  type ProcessedEventRecord,
} from "../filings/aggregator.js";
import {
  filingCollection,
  filingId,
  monthOf,
  summaryCollection,
  type FilingRecord,
  type SummaryRecord,
} from "../filings/filing.js";
import { createFilingStore, filingSource, type FilingStore } from "../filings/filing-store.js";
import {
  createTransactionStore,
  openTransactionCollections,
  transactionSource,
  type TransactionStore,
} from "./transaction-store.js";

const scope: Scope = { accountId: "acct_test", livemode: false };
const processedAt = Date.UTC(2026, 9, 15) / 1000; // 2026-10-15, a closed month

function calculation(
  id: string,
  lines: Array<{ ref: string; excl: number; taxes: Array<[string, number]> }>,
): Calculation {
  return create(CalculationSchema, {
    id,
    kind: "standard",
    customerCurrencyCode: "USD",
    customerType: "CONSUMER",
    expiresAt: BigInt(Math.floor(Date.now() / 1000) + 3600),
    lineItems: lines.map((line, index) => {
      const tax = line.taxes.reduce((sum, [, due]) => sum + due, 0);
      return {
        lineItemId: `li_${index + 1}`,
        product: {
          referenceLineItemId: line.ref,
          referenceProductId: "GENERAL_MERCHANDISE",
          productTaxCode: "GENERAL_MERCHANDISE",
        },
        taxAmount: BigInt(tax),
        amountExcludingTax: BigInt(line.excl),
        amountIncludingTax: BigInt(line.excl + tax),
        quantity: 1n,
        amount: BigInt(line.excl),
        taxJurisdictions: line.taxes.map(([jurisdictionId, due]) => ({
          jurisdictionId,
          jurisdictionName: jurisdictionId,
          taxAuthorityType: "STATE",
          taxType: "SALES",
          rateType: "standard",
          taxRate: 0.06,
          taxDueDecimal: BigInt(due),
        })),
      };
    }),
  });
}

/** A bus whose publish can be made to fail, as if the process died before publishing. */
function flakyBus(inner: EventBus) {
  const state = { failing: false, published: [] as EventEnvelope[] };
  const bus: EventBus = {
    ...inner,
    publish: async (topic, events) => {
      if (state.failing) throw new Error("broker unreachable");
      state.published.push(...events);
      await inner.publish(topic, events);
    },
  };
  return { bus, state };
}

// Each case runs twice: a sale's aggregates written by the filings consumer, and (as the
// ledger wires the embedded store) in the sale's own commit, the consumer skipping them.
describe.each([
  { effects: "by the consumer", alongside: false },
  { effects: "in the sale's commit", alongside: true },
])("ledger write paths, a sale's effects $effects", ({ alongside }) => {
  let store: Store;
  let inner: EventBus;
  let flaky: ReturnType<typeof flakyBus>;
  let outbox: Outbox;
  let transactions: TransactionStore;
  let filingStore: FilingStore;
  let filings: Awaited<ReturnType<Store["collection"]>>;
  const logger = createLogger({ service: "ledger", level: "silent" });

  beforeEach(async () => {
    store = await createEmbeddedStore({ dir: await mkdtemp(path.join(os.tmpdir(), "ledger-test-")) });
    inner = createInProcessBus();
    flaky = flakyBus(inner);
    const collections = await openTransactionCollections(store);
    const transactionDocs = collections.transactions;
    const filingDocs = await store.collection<FilingRecord>(filingCollection);
    filings = filingDocs as never;
    const summaries = await store.collection<SummaryRecord>(summaryCollection);
    outbox = createOutbox({
      owner: "ledger",
      bus: flaky.bus,
      logger,
      graceMs: 0,
      minAgeMs: 0,
      index: await store.collection<OutboxIndexRecord>(outboxIndexCollection),
      sources: {
        [transactionSource]: { collection: transactionDocs as never, topic: ledgerTopic },
        [filingSource]: { collection: filingDocs as never, topic: "levy.ledger.filings" },
      },
    });
    transactions = createTransactionStore(
      collections,
      outbox,
      alongside
        ? {
            writePlanned: store.writePlanned!,
            plan: (read, inScope, events) => planInline(read, inScope, events, Math.floor(Date.now() / 1000)),
          }
        : undefined,
    );
    filingStore = createFilingStore(filingDocs, summaries, outbox);
    await inner.subscribe({
      topic: ledgerTopic,
      group: "ledger-filings",
      handler: createAggregator({
        filings: filingDocs,
        summaries,
        outbox,
        processed: await store.collection<ProcessedEventRecord>(processedEventCollection),
        // As the ledger wires the embedded store when a sale's effects share its commit.
        ...(alongside ? { writeThenRecord: store.writeThenRecord, writePlanned: store.writePlanned } : {}),
      }),
    });
  });
  afterEach(async () => {
    await outbox.stop();
    await inner.close();
    await store.close();
  });

  const record = (calc: Calculation, order: string) =>
    transactions.record(scope, calc, {
      type: "order",
      reference_order_id: order,
      reference_payment_id: "",
      transaction_processed_at: processedAt,
      metadata: {},
    });
  const codeOf = async (promise: Promise<unknown>) => {
    try {
      await promise;
      return "ok";
    } catch (error) {
      const levy = error as LevyError;
      return levy.meta?.reason ?? levy.code;
    }
  };
  const settle = async () => {
    for (let i = 0; i < 50; i += 1) await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setTimeout(resolve, 50));
  };

  it("records once: same calculation and order → the same transaction; reuse elsewhere → conflict", async () => {
    const calc = calculation("calc_a", [{ ref: "l1", excl: 10000, taxes: [["US-MI", 600]] }]);
    const first = await record(calc, "order-1");
    const again = await record(calc, "order-1");
    expect(first.created).toBe(true);
    expect(again).toMatchObject({ created: false, transaction: { id: first.transaction.id } });
    expect(await codeOf(record(calculation("calc_b", [{ ref: "l1", excl: 1, taxes: [] }]), "order-1"))).toBe(
      "duplicate_reference_order_id",
    );
    expect(await codeOf(record(calc, "order-2"))).toBe("calculation_already_recorded");
    const concurrent = await Promise.all(
      Array.from({ length: 5 }, () => record(calculation("calc_c", [{ ref: "l1", excl: 5, taxes: [] }]), "order-3")),
    );
    expect(new Set(concurrent.map((result) => result.transaction.id)).size).toBe(1);
  });

  it("concurrent refunds never refund more than the line holds", async () => {
    const { transaction } = await record(
      calculation("calc_r", [{ ref: "l1", excl: 10000, taxes: [["US-MI", 600]] }]),
      "order-r",
    );
    const attempts = await Promise.all(
      Array.from({ length: 8 }, () =>
        codeOf(
          transactions.refund(scope, transaction.id, {
            refund_type: "partial",
            line_items: [{ reference_line_item_id: "l1", amount: 2500 }],
            refund_processed_at: processedAt,
            metadata: {},
          }),
        ),
      ),
    );
    expect(attempts.filter((outcome) => outcome === "ok")).toHaveLength(4);
    expect(attempts.filter((outcome) => outcome === "refund_exceeds_remaining")).toHaveLength(4);
    const after = await transactions.get(scope, transaction.id);
    expect(after.lines[0]!.refunded).toMatchObject({ excl: 10000, tax: 600, jurisdiction_tax: [600] });
    expect(after.refunds).toHaveLength(4);
  });

  it("reverses a refund once and restores the balance", async () => {
    const { transaction } = await record(
      calculation("calc_v", [{ ref: "l1", excl: 10000, taxes: [["US-MI", 600]] }]),
      "order-v",
    );
    const { refund } = await transactions.refund(scope, transaction.id, {
      refund_type: "full",
      line_items: [],
      refund_processed_at: processedAt,
      metadata: {},
    });
    expect(
      await codeOf(
        transactions.refund(scope, transaction.id, {
          refund_type: "full",
          line_items: [],
          refund_processed_at: undefined,
          metadata: {},
        }),
      ),
    ).toBe("refund_exceeds_remaining");
    const reversed = await transactions.reverse(scope, refund.id);
    expect(reversed.refund.reversed_at).not.toBeNull();
    expect(reversed.transaction.lines[0]!.refunded.excl).toBe(0);
    expect(await codeOf(transactions.reverse(scope, refund.id))).toBe("refund_already_reversed");
    expect(await codeOf(transactions.reverse(scope, "ref_tr_unknown"))).toBe("refund_not_found");
    expect(
      await codeOf(
        transactions.refund(scope, transaction.id, {
          refund_type: "full",
          line_items: [],
          refund_processed_at: processedAt,
          metadata: {},
        }),
      ),
    ).toBe("ok");
  });

  it("an event whose publish failed stays on the document and the relay publishes it; filings count it once", async () => {
    flaky.state.failing = true;
    const { transaction } = await record(
      calculation("calc_o", [
        {
          ref: "l1",
          excl: 10000,
          taxes: [
            ["US-MI", 600],
            ["US-MI-CITY-DETROIT", 100],
          ],
        },
      ]),
      "order-o",
    );
    const stored = await transactions.get(scope, transaction.id);
    expect(stored.pending_events).toHaveLength(1);
    flaky.state.failing = false;
    const settled = await outbox.relayOnce();
    expect(settled).toBe(1);
    expect((await transactions.get(scope, transaction.id)).pending_events).toHaveLength(0);
    // The same event delivered again (a relay that died before clearing it) is not counted twice.
    await inner.publish(ledgerTopic, flaky.state.published);
    await settle();
    const filing = (await filings.get(
      scope,
      filingId(monthOf(processedAt).period, "US-MI", "USD"),
    )) as FilingRecord | null;
    expect(filing).toMatchObject({
      gross_sales: 10000,
      taxable_sales: 10000,
      tax_collected: 600,
      transaction_count: 1,
    });
    const summary = await filingStore.summary(scope, {});
    expect(summary.currencies).toEqual([
      expect.objectContaining({ currency_code: "USD", gross_sales: 10000, tax_collected: 700, transaction_count: 1 }),
    ]);
  });

  it("a sale is in the aggregates once it is recorded when its effects share its commit, even if its publish failed", async () => {
    flaky.state.failing = true;
    await record(calculation("calc_n", [{ ref: "l1", excl: 4000, taxes: [["US-MI", 240]] }]), "order-n");
    const id = filingId(monthOf(processedAt).period, "US-MI", "USD");
    const before = (await filings.get(scope, id)) as FilingRecord | null;
    if (alongside) expect(before).toMatchObject({ gross_sales: 4000, tax_collected: 240, transaction_count: 1 });
    else expect(before).toBeNull();
    flaky.state.failing = false;
    await outbox.relayOnce();
    await inner.publish(ledgerTopic, flaky.state.published);
    await settle();
    expect(await filings.get(scope, id)).toMatchObject({ gross_sales: 4000, tax_collected: 240, transaction_count: 1 });
  });

  it("refunds, reversals and deletes flow into the filing; approve and reject only from pending_client_approval", async () => {
    const { transaction } = await record(
      calculation("calc_f", [{ ref: "l1", excl: 10000, taxes: [["US-MI", 600]] }]),
      "order-f",
    );
    const { refund } = await transactions.refund(scope, transaction.id, {
      refund_type: "partial",
      line_items: [{ reference_line_item_id: "l1", amount: 5000 }],
      refund_processed_at: processedAt,
      metadata: {},
    });
    await settle();
    const id = filingId(monthOf(processedAt).period, "US-MI", "USD");
    expect(await filingStore.get(scope, id)).toMatchObject({
      gross_sales: 10000,
      tax_collected: 600,
      refunds: 5000,
      refunded_tax: 300,
      refund_count: 1,
    });
    await transactions.reverse(scope, refund.id);
    await transactions.delete(scope, transaction.id);
    await settle();
    expect(await filingStore.get(scope, id)).toMatchObject({
      gross_sales: 0,
      tax_collected: 0,
      refunds: 0,
      refunded_tax: 0,
      refund_count: 0,
      transaction_count: 0,
    });
    const approved = await filingStore.approve(scope, id);
    expect(approved.status).toBe("approved");
    expect(await codeOf(filingStore.approve(scope, id))).toBe("filing_not_approvable");
    expect(await codeOf(filingStore.reject(scope, id, "no"))).toBe("filing_not_rejectable");
    expect(await codeOf(filingStore.list(scope, { limit: 10, status: "bogus" }))).toBe("invalid_filing_status");
    expect(await codeOf(filingStore.list(scope, { limit: 10, from: 10, to: 5 }))).toBe("invalid_range");
    expect((await filingStore.list(scope, { limit: 10, status: "approved" })).items).toHaveLength(1);
    // A late sale in that month sends the approved filing back for a new approval.
    await record(calculation("calc_late", [{ ref: "l1", excl: 2000, taxes: [["US-MI", 120]] }]), "order-late");
    await settle();
    const reopened = await filingStore.get(scope, id);
    expect(reopened).toMatchObject({ status: "open", tax_collected: 120, approved_at: null });
    expect(
      (await filingStore.list(scope, { limit: 10, status: "pending_client_approval" })).items.map((f) => f.id),
    ).toEqual([id]);
    const statusEvents = flaky.state.published
      .filter((e) => e.type === "levy.filing.status_changed")
      .map((e) => e.payload as { from_status: string; to_status: string });
    expect(statusEvents).toEqual([
      expect.objectContaining({ from_status: "pending_client_approval", to_status: "approved" }),
      expect.objectContaining({ from_status: "approved", to_status: "pending_client_approval" }),
    ]);
    expect(await filingStore.reject(scope, id, "numbers look off")).toMatchObject({
      status: "rejected",
      rejection_reason: "numbers look off",
    });
  });
});
