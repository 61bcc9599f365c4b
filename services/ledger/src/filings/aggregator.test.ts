// A busy aggregate (claimed by a write that never finished) must not cost the event its
// delivery attempts: applyOnce rethrows the conflict after its quick retries, and the
// event bus retries conflicts without counting them, so the event waits for the claim
// to clear instead of being dead-lettered. And the aggregates of one event are written
// together, so the embedded store commits them at once; a run of events shares them.
import { mkdtemp } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { deliverWithRetries, isTransientFailure } from "@levy/events";
import { StorageError, createEmbeddedStore, type Collection, type Store } from "@levy/storage";
import { eventTypes } from "../events/ledger-events.js";
import {
  applyOnce,
  createAggregator,
  createBatchAggregator,
  processedEventCollection,
  type ProcessedEventRecord,
} from "./aggregator.js";
import {
  filingCollection,
  filingId,
  dayOf,
  monthOf,
  summaryCollection,
  summaryId,
  type FilingRecord,
  type SummaryRecord,
} from "./filing.js";

interface Counter {
  id: string;
  applied_events: string[];
  total: number;
}

/** A collection whose updates conflict for the first `busyUpdates` calls, as a stale version claim does. */
function claimedCollection(busyUpdates: number) {
  let stored = { id: "sum_1", applied_events: [] as string[], total: 0, version: 1 };
  let updates = 0;
  const collection = {
    get: async () => ({ ...stored }),
    insertIfAbsent: async () => ({ inserted: false, record: { ...stored } }),
    update: async (_scope: unknown, _id: string, options: { expectedVersion: number; set: Partial<Counter> }) => {
      updates += 1;
      if (updates <= busyUpdates) throw new StorageError("conflict", "record sum_1 is being changed by another writer");
      stored = { ...stored, ...options.set, version: options.expectedVersion + 1 };
      return { ...stored };
    },
  } as unknown as Collection<Counter>;
  return { collection, current: () => stored };
}

const scope = { accountId: "acct_1", livemode: false };
const create: Counter = { id: "sum_1", applied_events: [], total: 0 };

describe("filings aggregator on a busy aggregate", () => {
  it("rethrows the conflict after its quick retries, a failure the event bus treats as transient", async () => {
    const { collection } = claimedCollection(Number.POSITIVE_INFINITY);
    const failure = await applyOnce(collection, scope, create, "evt_1", (current) => ({
      total: current.total + 5,
    })).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(StorageError);
    expect(failure).toMatchObject({ code: "conflict", message: expect.stringMatching(/sum_1 kept changing/) });
    expect(isTransientFailure(failure)).toBe(true);
    expect(isTransientFailure(new StorageError("unavailable", "down"))).toBe(true);
    expect(isTransientFailure(new Error("bad event"))).toBe(false);
  });

  it("applies the event once the claim clears, without spending its delivery attempts", async () => {
    // 120 conflicting updates: more than two rounds of applyOnce's 50 quick retries.
    const { collection, current } = claimedCollection(120);
    const handler = async () =>
      void (await applyOnce(collection, scope, create, "evt_1", (stored) => ({ total: stored.total + 5 })));
    const event = { id: "evt_1" } as Parameters<typeof deliverWithRetries>[1];
    const outcome = await deliverWithRetries(handler, event, { maxAttempts: 1 });
    expect(outcome).toEqual({ delivered: true });
    expect(current()).toMatchObject({ total: 5, applied_events: ["evt_1"] });
  });
});

/** Counts how many updates of the wrapped collections are under way at once. */
function overlapMeter() {
  const meter = { inFlight: 0, most: 0 };
  const watch = <T extends { id: string }>(collection: Collection<T>): Collection<T> => ({
    ...collection,
    update: async (...args) => {
      meter.inFlight += 1;
      meter.most = Math.max(meter.most, meter.inFlight);
      try {
        return await collection.update(...args);
      } finally {
        meter.inFlight -= 1;
      }
    },
  });
  return { meter, watch };
}

const at = Date.UTC(2026, 9, 15) / 1000;
const jurisdiction = (id: string, tax: number) => ({
  jurisdiction_id: id,
  jurisdiction_name: id,
  tax_authority_type: "STATE",
  tax_type: "SALES",
  rate_type: "standard",
  tax_rate: 0.05,
  taxable: true,
  tax_amount: tax,
});
const event = (id: string) => ({
  id,
  type: eventTypes.transactionRecorded,
  version: 1,
  occurred_at: Date.now(),
  account_id: scope.accountId,
  livemode: false,
  key: scope.accountId,
  payload: {
    transaction_processed_at: at,
    currency_code: "USD",
    merchant_id: "merch_1",
    reference_merchant_id: "",
    total_amount_excluding_tax: 1000,
    total_tax_amount: 90,
    lines: [
      {
        line_item_id: "li_1",
        amount_excluding_tax: 1000,
        tax_amount: 90,
        jurisdictions: [jurisdiction("CA", 60), jurisdiction("CA-LA", 20), jurisdiction("CA-LA-X", 10)],
      },
    ],
  },
});

describe("filings aggregator writes", () => {
  it("writes every aggregate of one event together (one commit on the embedded store), each exactly once", async () => {
    const store = await createEmbeddedStore({ dir: await mkdtemp(path.join(os.tmpdir(), "aggregator-test-")) });
    const { meter, watch } = overlapMeter();
    const filings = watch(await store.collection<FilingRecord>(filingCollection));
    const summaries = watch(await store.collection<SummaryRecord>(summaryCollection));
    const processed = await store.collection<ProcessedEventRecord>(processedEventCollection);
    const aggregate = createAggregator({ filings, summaries, processed });
    try {
      await aggregate(event("evt_1")); // creates the aggregates
      meter.most = 0;
      await aggregate(event("evt_2"));
      await aggregate(event("evt_2")); // delivered again: skipped
      expect(meter.most).toBe(4); // three filings and the summary at once
      const month = monthOf(at);
      expect(await filings.get(scope, filingId(month.period, "CA-LA", "USD"))).toMatchObject({
        tax_collected: 40,
        transaction_count: 2,
      });
      expect(await summaries.get(scope, summaryId(dayOf(at).period, "merch_1", "USD"))).toMatchObject({
        gross_sales: 2000,
        tax_collected: 180,
        transaction_count: 2,
      });
    } finally {
      await store.close();
    }
  });
});

/** Counts the updates of the wrapped collections; `failNext` makes the next update of one fail. */
function updateCounter() {
  const counts = { updates: 0, failNext: false };
  const count = <T extends { id: string }>(collection: Collection<T>): Collection<T> => ({
    ...collection,
    update: async (...args) => {
      counts.updates += 1;
      if (counts.failNext) {
        counts.failNext = false;
        throw new Error("disk full");
      }
      return collection.update(...args);
    },
  });
  return { counts, count };
}

describe("filings aggregator, a run of events", () => {
  async function open() {
    const store = await createEmbeddedStore({ dir: await mkdtemp(path.join(os.tmpdir(), "aggregator-run-")) });
    const { counts, count } = updateCounter();
    const filings = count(await store.collection<FilingRecord>(filingCollection));
    const summaries = count(await store.collection<SummaryRecord>(summaryCollection));
    const processed = await store.collection<ProcessedEventRecord>(processedEventCollection);
    const options = { filings, summaries, processed };
    const totals = async () => ({
      filing: await filings.get(scope, filingId(monthOf(at).period, "CA-LA", "USD")),
      summary: await summaries.get(scope, summaryId(dayOf(at).period, "merch_1", "USD")),
    });
    return { store, counts, options, processed, totals };
  }

  it("updates each aggregate once for the whole run, applying every event once", async () => {
    const { store, counts, options, processed, totals } = await open();
    try {
      await createAggregator(options)(event("evt_1"));
      counts.updates = 0;
      // evt_1 was applied before; evt_2 comes twice (a redelivery inside the run).
      await createBatchAggregator(options)([event("evt_1"), event("evt_2"), event("evt_3"), event("evt_2")]);
      expect(counts.updates).toBe(4); // three filings and the summary, once each
      const { filing, summary } = await totals();
      expect(filing).toMatchObject({ tax_collected: 60, transaction_count: 3 });
      expect(summary).toMatchObject({ gross_sales: 3000, tax_collected: 270, transaction_count: 3 });
      expect(summary!.applied_events).toEqual(["evt_1", "evt_2", "evt_3"]);
      expect(await processed.get(scope, "ledger-filings:evt_3")).not.toBeNull();
    } finally {
      await store.close();
    }
  });

  it("a run that failed part-way, delivered again event by event, counts nothing twice", async () => {
    const { store, counts, options, processed, totals } = await open();
    try {
      await createAggregator(options)(event("evt_1")); // creates the aggregates
      counts.failNext = true; // one of the run's four updates fails
      const run = [event("evt_2"), event("evt_3")];
      await expect(createBatchAggregator(options)(run)).rejects.toThrow("disk full");
      expect(await processed.get(scope, "ledger-filings:evt_2")).toBeNull();
      for (const redelivered of run) await createAggregator(options)(redelivered);
      const { filing, summary } = await totals();
      expect(filing).toMatchObject({ tax_collected: 60, transaction_count: 3 });
      expect(summary).toMatchObject({ gross_sales: 3000, tax_collected: 270, transaction_count: 3 });
    } finally {
      await store.close();
    }
  });
});

describe("filings aggregator, the aggregates and the processed records in one group (embedded)", () => {
  async function open() {
    const store = await createEmbeddedStore({ dir: await mkdtemp(path.join(os.tmpdir(), "aggregator-group-")) });
    const filings = await store.collection<FilingRecord>(filingCollection);
    const summaries = await store.collection<SummaryRecord>(summaryCollection);
    const processed = await store.collection<ProcessedEventRecord>(processedEventCollection);
    const groups = { calls: 0, before: async () => {} };
    const writeThenRecord: Store["writeThenRecord"] = async (writes, records) => {
      groups.calls += 1;
      await groups.before();
      return store.writeThenRecord(writes, records);
    };
    const options = { filings, summaries, processed, writeThenRecord };
    const summaryKey = summaryId(dayOf(at).period, "merch_1", "USD");
    const totals = async () => ({
      filing: await filings.get(scope, filingId(monthOf(at).period, "CA-LA", "USD")),
      summary: await summaries.get(scope, summaryKey),
    });
    return { store, groups, options, processed, summaries, summaryKey, totals };
  }

  it("creates and updates the aggregates and records the events in one group, each event once", async () => {
    const { store, groups, options, processed, totals } = await open();
    try {
      await createAggregator(options)(event("evt_1")); // creates the four aggregates
      await createBatchAggregator(options)([event("evt_1"), event("evt_2"), event("evt_3"), event("evt_2")]);
      expect(groups.calls).toBe(2);
      const { filing, summary } = await totals();
      expect(filing).toMatchObject({ tax_collected: 60, transaction_count: 3, version: 2 });
      expect(summary).toMatchObject({ gross_sales: 3000, tax_collected: 270, transaction_count: 3 });
      expect(summary!.applied_events).toEqual(["evt_1", "evt_2", "evt_3"]);
      for (const id of ["evt_1", "evt_2", "evt_3"])
        expect(await processed.get(scope, `ledger-filings:${id}`)).toMatchObject({ event_type: event(id).type });
    } finally {
      await store.close();
    }
  });

  it("plans the group again when another writer changed an aggregate first, counting nothing twice", async () => {
    const { store, groups, options, summaries, summaryKey, totals } = await open();
    try {
      await createAggregator(options)(event("evt_1"));
      let raced = false;
      groups.before = async () => {
        if (raced) return;
        raced = true; // an approval's update lands between the group's read and its write
        const current = await summaries.get(scope, summaryKey);
        await summaries.update(scope, summaryKey, { expectedVersion: current!.version, set: {} });
      };
      await createAggregator(options)(event("evt_2"));
      expect(groups.calls).toBe(3);
      const { filing, summary } = await totals();
      expect(filing).toMatchObject({ tax_collected: 40, transaction_count: 2 });
      expect(summary).toMatchObject({ gross_sales: 2000, transaction_count: 2 });
    } finally {
      await store.close();
    }
  });

  it("a group that failed wrote nothing, so its events delivered again count once", async () => {
    const { store, groups, options, processed, totals } = await open();
    try {
      await createAggregator(options)(event("evt_1"));
      groups.before = async () => {
        groups.before = async () => {};
        throw new Error("disk full");
      };
      const run = [event("evt_2"), event("evt_3")];
      await expect(createBatchAggregator(options)(run)).rejects.toThrow("disk full");
      expect(await processed.get(scope, "ledger-filings:evt_2")).toBeNull();
      expect((await totals()).summary).toMatchObject({ transaction_count: 1 });
      for (const redelivered of run) await createAggregator(options)(redelivered);
      const { filing, summary } = await totals();
      expect(filing).toMatchObject({ tax_collected: 60, transaction_count: 3 });
      expect(summary).toMatchObject({ gross_sales: 3000, tax_collected: 270, transaction_count: 3 });
      expect(await processed.get(scope, "ledger-filings:evt_3")).not.toBeNull();
    } finally {
      await store.close();
    }
  });
});

describe("filings aggregator, a run planned inside the write (embedded)", () => {
  it("never conflicts with a writer that changed an aggregate after the run was delivered", async () => {
    const store = await createEmbeddedStore({ dir: await mkdtemp(path.join(os.tmpdir(), "aggregator-planned-")) });
    try {
      const filings = await store.collection<FilingRecord>(filingCollection);
      const summaries = await store.collection<SummaryRecord>(summaryCollection);
      const processed = await store.collection<ProcessedEventRecord>(processedEventCollection);
      const summaryKey = summaryId(dayOf(at).period, "merch_1", "USD");
      const groups = { planned: 0, recorded: 0 };
      let other: Promise<unknown> = Promise.resolve();
      const options = {
        filings,
        summaries,
        processed,
        writeThenRecord: ((writes, records) => {
          groups.recorded += 1;
          return store.writeThenRecord(writes, records);
        }) as Store["writeThenRecord"],
        writePlanned: (async (plan) => {
          groups.planned += 1;
          // Another writer's update, issued just before the run's group: with the run
          // planned from an earlier read, the group would conflict and be planned again.
          if (groups.planned === 2) {
            const current = await summaries.get(scope, summaryKey);
            other = summaries.update(scope, summaryKey, { expectedVersion: current!.version, set: {} });
          }
          return store.writePlanned!(plan);
        }) as Store["writePlanned"],
      };
      await createAggregator(options)(event("evt_1"));
      await createBatchAggregator(options)([event("evt_2"), event("evt_3")]);
      await createAggregator(options)(event("evt_2")); // delivered again: already processed
      await other;
      expect(groups).toEqual({ planned: 2, recorded: 0 });
      expect(await filings.get(scope, filingId(monthOf(at).period, "CA-LA", "USD"))).toMatchObject({
        tax_collected: 60,
        transaction_count: 3,
      });
      expect(await summaries.get(scope, summaryKey)).toMatchObject({ gross_sales: 3000, transaction_count: 3 });
      expect(await processed.get(scope, "ledger-filings:evt_3")).not.toBeNull();
    } finally {
      await store.close();
    }
  });
});
