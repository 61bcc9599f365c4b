// levy.ledger.v1.LedgerService.
import type { ConnectRouter } from "@connectrpc/connect";
import { LevyError, scopeFrom } from "@levy/kit";
import { LedgerService } from "@levy/proto/levy/ledger/v1/ledger_pb.js";
import type { Collection } from "@levy/storage";
import type { TransactionRecord } from "../domain/transaction.js";

export function registerLedgerService(router: ConnectRouter, transactions: Collection<TransactionRecord>): void {
  router.service(LedgerService, {
    getTransaction: async (request) => {
      const scope = scopeFrom(request.scope);
      const record = await transactions.get(scope, request.transactionId);
      if (!record || record.deleted_at !== null) {
        throw new LevyError("transaction_not_found", `no transaction ${request.transactionId}`);
      }
      return {
        transaction: {
          id: record.id,
          calculationId: record.calculation_id,
          referenceOrderId: record.reference_order_id,
          currencyCode: record.currency_code,
          totalTaxAmount: BigInt(record.total_tax_amount),
          transactionProcessedAt: BigInt(record.transaction_processed_at),
          createdAt: BigInt(record.created_at),
          livemode: scope.livemode,
        },
      };
    },
  });
}
