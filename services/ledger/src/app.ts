// Wires the ledger service.
import { startService, type RunningService } from "@levy/kit";
import type { EventBus } from "@levy/events";
import { ledgerSettings } from "./config.js";
import { transactionCollection, type TransactionRecord } from "./domain/transaction.js";
import { registerLedgerService } from "./rpc/ledger-service.js";

export interface StartLedgerOptions {
  readonly env?: Readonly<Record<string, string | undefined>>;
  readonly sharedBus?: EventBus;
}

export function startLedger(options: StartLedgerOptions = {}): Promise<RunningService> {
  return startService({
    service: "ledger",
    settings: ledgerSettings,
    env: options.env,
    sharedBus: options.sharedBus,
    build: async ({ store }) => {
      const transactions = await store.collection<TransactionRecord>(transactionCollection);
      return {
        serviceNames: ["levy.ledger.v1.LedgerService"],
        registerRoutes: (router) => registerLedgerService(router, transactions),
      };
    },
  });
}
