// Wires the ledger service: transactions (with their refunds and outbox) on its own
// database, the outbox relay, the filings consumer and the RPC surface.
import { createRpcClient, createRpcTransport, epochSeconds, startService, type RunningService } from "@levy/kit";
import type { EventBus, Subscription } from "@levy/events";
import { CalcEngineService } from "@levy/proto/levy/calc_engine/v1/calc_engine_pb.js";
import { createTransactionStore, openTransactionCollections, transactionSource } from "./adapters/transaction-store.js";
import { ledgerSettings } from "./config.js";
import { ledgerTopic } from "./events/ledger-events.js";
import { createOutbox, outboxIndexCollection, type OutboxDocument, type OutboxIndexRecord } from "@levy/kit";
import {
  createAggregator,
  createBatchAggregator,
  filingsGroup,
  planInline,
  processedEventCollection,
  type ProcessedEventRecord,
} from "./filings/aggregator.js";
import { filingCollection, summaryCollection, type FilingRecord, type SummaryRecord } from "./filings/filing.js";
import { createFilingStore, filingSource } from "./filings/filing-store.js";
import { filingLines } from "./filings/filing-lines.js";
import { filingTopic } from "./events/ledger-events.js";
import { registerLedgerService } from "./rpc/ledger-service.js";
import type { Collection } from "@levy/storage";

export interface StartLedgerOptions {
  readonly env?: Readonly<Record<string, string | undefined>>;
  readonly sharedBus?: EventBus;
}

type OutboxCollection = Collection<OutboxDocument & Record<string, unknown>>;

export function startLedger(options: StartLedgerOptions = {}): Promise<RunningService> {
  return startService({
    service: "ledger",
    settings: ledgerSettings,
    env: options.env,
    sharedBus: options.sharedBus,
    build: async ({ store, bus, config, logger, metrics }) => {
      const calcEngine = createRpcClient(
        CalcEngineService,
        createRpcTransport({ baseUrl: config.calcEngineUrl, interceptors: [metrics.clientInterceptor] }),
      );
      const filings = await store.collection<FilingRecord>(filingCollection);
      const summaries = await store.collection<SummaryRecord>(summaryCollection);
      const processed = await store.collection<ProcessedEventRecord>(processedEventCollection);
      const collections = await openTransactionCollections(store);
      const outbox = createOutbox({
        owner: "ledger",
        bus,
        logger,
        registry: metrics.registry,
        writesLandInIssueOrder: store.writesLandInIssueOrder,
        index: await store.collection<OutboxIndexRecord>(outboxIndexCollection),
        sources: {
          [transactionSource]: {
            collection: collections.transactions as unknown as OutboxCollection,
            topic: ledgerTopic,
            keepsPublishedEvents: true,
          },
          [filingSource]: { collection: filings as unknown as OutboxCollection, topic: filingTopic },
        },
      });
      // On the embedded store a sale's event changes the aggregates in the sale's own
      // commit; the consumer then finds it processed (one synced commit per sale).
      const writePlanned = store.writePlanned;
      const transactions = createTransactionStore(
        collections,
        outbox,
        writePlanned
          ? { writePlanned, plan: (read, scope, events) => planInline(read, scope, events, epochSeconds()) }
          : undefined,
      );
      const filingStore = createFilingStore(filings, summaries, outbox);
      // The aggregates' writes and the run's processed records as one group: on the
      // embedded store one commit (one synced commit less on the request's path), on
      // MongoDB the records in one command once the writes landed. On the embedded store
      // a run is also planned inside the write (writePlanned).
      const aggregates = {
        filings,
        summaries,
        processed,
        outbox,
        writeThenRecord: store.writeThenRecord,
        ...(writePlanned ? { writePlanned } : {}),
      };
      const subscription: Subscription = await bus.subscribe({
        topic: ledgerTopic,
        group: filingsGroup,
        handler: createAggregator(aggregates),
        // Events that queued while the consumer was busy share their aggregate writes: one
        // get and one update per aggregate document for the run (on the embedded store one
        // commit). On FerretDB the runs once measured worse: its conditional updates scanned
        // the whole collection, which the test server's patch ended (docs/performance.md,
        // "Sixth pass").
        batchHandler: createBatchAggregator(aggregates),
        // Kafka holds a fetch up to 1 s to gather a run: a steady flow of sales then
        // shares its aggregate writes too (filings are read by people, not by the next
        // request), which cut FerretDB's commands per sale (docs/performance.md, "Eighth pass").
        gatherMs: 1000,
        maxAttempts: 10,
      });
      // On the embedded store the events a crash left unapplied are applied before any new
      // one (in order, as Kafka would redeliver them), while the aggregates still remember them.
      const firstRelay = outbox.start(config.outboxIntervalMs);
      if (store.writesLandInIssueOrder) await firstRelay;
      return {
        serviceNames: ["levy.ledger.v1.LedgerService"],
        registerRoutes: (router) =>
          registerLedgerService(router, {
            transactions,
            filings: filingStore,
            calcEngine,
            filingLines: (scope, filing, cursor) => filingLines(collections, scope, filing, cursor),
          }),
        close: async () => {
          // In embedded mode a flush lasts until the filings consumer applied its events
          // (the in-process bus acks only then); what is left stays in the outbox.
          await outbox.stop();
          await subscription.close();
        },
      };
    },
  });
}
