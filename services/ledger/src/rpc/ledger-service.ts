// levy.ledger.v1.LedgerService.
import { Code, ConnectError, type Client, type ConnectRouter } from "@connectrpc/connect";
import { LevyError, epochSeconds, invalidField, missingField, scopeFrom, pageSize, textLimits } from "@levy/kit";
import type { CalcEngineService, Calculation } from "@levy/proto/levy/calc_engine/v1/calc_engine_pb.js";
import { LedgerService } from "@levy/proto/levy/ledger/v1/ledger_pb.js";
import { StorageError, type Scope, type Stored } from "@levy/storage";
import type { TransactionStore } from "../adapters/transaction-store.js";
import { errors } from "../domain/errors.js";
import type { TransactionType } from "../domain/transaction.js";
import { platformTypes } from "../domain/from-calculation.js";
import { processingDate } from "../domain/processing-dates.js";
import type { FilingStore } from "../filings/filing-store.js";
import type { FilingRecord } from "../filings/filing.js";
import type { FilingLinesPage } from "../filings/filing-lines.js";
import { filingMessage, refundMessage, transactionMessage } from "./messages.js";

export interface LedgerDependencies {
  readonly transactions: TransactionStore;
  readonly filings: FilingStore;
  readonly calcEngine: Pick<Client<typeof CalcEngineService>, "getCalculation">;
  /** A page of the lines behind a filing (filings/filing-lines.ts). */
  readonly filingLines: (
    scope: Scope,
    filing: Stored<FilingRecord>,
    cursor: string | undefined,
  ) => Promise<FilingLinesPage>;
}

const optionalTime = (value: bigint) => (value === 0n ? undefined : Number(value));
const numberIfSet = (value: bigint | undefined) => (value === undefined ? undefined : Number(value));

/** The type filter of ListTransactions: empty is every type. */
function transactionTypeFilter(value: string): TransactionType | undefined {
  if (value === "") return undefined;
  if (value === "order" || value === "fee") return value;
  throw invalidField("type", "type must be order or fee");
}

function withCursorErrors<T>(promise: Promise<T>): Promise<T> {
  return promise.catch((error: unknown) => {
    if (error instanceof StorageError && error.code === "invalid_cursor") {
      throw new LevyError("invalid_cursor", "cursor is malformed or expired; restart from the first page", {
        field: "cursor",
      });
    }
    throw error;
  });
}

function required(value: string, field: string): string {
  if (value.trim() === "") throw missingField(field, "string");
  if (value.length > textLimits.identifier)
    throw invalidField(field, `${field} is longer than ${textLimits.identifier} characters`);
  return value;
}

/** Metadata is stored as document fields: keys must be safe field names. */
function metadataOf(value: Readonly<Record<string, string>>): Record<string, string> {
  const entries = Object.entries(value);
  if (entries.length > 20) throw invalidField("metadata", "at most 20 metadata keys");
  for (const [key, text] of entries) {
    if (!/^[A-Za-z0-9_-]{1,40}$/.test(key))
      throw invalidField(`metadata.${key.slice(0, 40)}`, "metadata keys are 1-40 letters, digits, _ or -");
    if (text.length > 500) throw invalidField(`metadata.${key}`, "metadata values are at most 500 characters");
  }
  return Object.fromEntries(entries);
}

/**
 * The caller has given up (its deadline passed or it disconnected): stop before writing.
 * Work finished for nobody is what turned a restart's backlog into a retry storm: each
 * timed-out call kept writing while the caller's retry started the same write again.
 */
function stopIfAbandoned(signal: AbortSignal): void {
  if (signal.aborted) throw new ConnectError("the caller gave up before the write started", Code.DeadlineExceeded);
}

async function usableCalculation(
  deps: LedgerDependencies,
  scope: Scope,
  id: string,
  kind: "standard" | "platform",
  signal: AbortSignal,
): Promise<Calculation> {
  const { calculation } = await deps.calcEngine.getCalculation({ scope, calculationId: id }, { signal });
  stopIfAbandoned(signal);
  if (!calculation) throw new LevyError("calculation_not_found", `no calculation ${id.slice(0, 100)}`);
  if ((calculation.kind === "platform") !== (kind === "platform")) throw errors.wrongCalculationKind(id, kind);
  if (calculation.expiresAt > 0n && Number(calculation.expiresAt) <= epochSeconds()) {
    throw new LevyError(
      "calculation_expired",
      `calculation ${id} expired at ${calculation.expiresAt}; calculate again`,
      { expires_at: String(calculation.expiresAt) },
    );
  }
  return calculation;
}

export function registerLedgerService(router: ConnectRouter, deps: LedgerDependencies): void {
  router.service(LedgerService, {
    recordTransaction: async (request, context) => {
      const scope = scopeFrom(request.scope);
      const calculationId = required(request.calculationId, "calculation_id");
      const referenceOrderId = required(request.referenceOrderId, "reference_order_id");
      const processedAt = processingDate(
        "transaction_processed_at",
        numberIfSet(request.transactionProcessedAt),
        epochSeconds(),
      );
      const calculation = await usableCalculation(deps, scope, calculationId, "standard", context.signal);
      const { transaction, created } = await deps.transactions.record(scope, calculation, {
        type: "order",
        reference_order_id: referenceOrderId,
        reference_payment_id: "",
        transaction_processed_at: processedAt,
        metadata: metadataOf(request.metadata),
      });
      return { transaction: transactionMessage(transaction, scope), created };
    },
    getTransaction: async (request) => {
      const scope = scopeFrom(request.scope);
      return { transaction: transactionMessage(await deps.transactions.get(scope, request.transactionId), scope) };
    },
    deleteTransaction: async (request) => {
      const scope = scopeFrom(request.scope);
      const deleted = await deps.transactions.delete(scope, request.transactionId);
      return { deletedAt: BigInt(deleted.deleted_at ?? 0) };
    },
    createRefund: async (request) => {
      const scope = scopeFrom(request.scope);
      const transactionId = required(request.transactionId, "transaction_id");
      const refundProcessedAt = numberIfSet(request.refundProcessedAt);
      processingDate("refund_processed_at", refundProcessedAt, epochSeconds()); // refused before anything is written
      const { transaction, refund } = await deps.transactions.refund(scope, transactionId, {
        refund_type: request.refundType,
        refund_processed_at: refundProcessedAt,
        metadata: metadataOf(request.metadata),
        line_items: request.lineItems.map((item) => ({
          reference_line_item_id: item.referenceLineItemId,
          amount: item.amount === undefined ? undefined : Number(item.amount),
          quantity: item.quantity === undefined ? undefined : Number(item.quantity),
        })),
      });
      return { refund: refundMessage(transaction, refund, scope) };
    },
    listRefunds: async (request) => {
      const scope = scopeFrom(request.scope);
      const { transaction, refunds } = await deps.transactions.listRefunds(scope, request.transactionId);
      return { refunds: refunds.map((refund) => refundMessage(transaction, refund, scope)) };
    },
    reverseRefund: async (request) => {
      const scope = scopeFrom(request.scope);
      const { transaction, refund } = await deps.transactions.reverse(scope, required(request.refundId, "refund_id"));
      return { refund: refundMessage(transaction, refund, scope) };
    },
    recordPlatformTransactions: async (request, context) => {
      const scope = scopeFrom(request.scope);
      const calculationId = required(request.platformCalculationId, "platform_calculation_id");
      const referenceOrderId = required(request.referenceOrderId, "reference_order_id");
      const processedAt = processingDate(
        "transaction_processed_at",
        numberIfSet(request.transactionProcessedAt),
        epochSeconds(),
      );
      const calculation = await usableCalculation(deps, scope, calculationId, "platform", context.signal);
      const results = [];
      // One document per transaction, each recorded idempotently: a retry after a
      // failure between the two completes the pair without duplicating either.
      for (const type of platformTypes(calculation)) {
        results.push(
          await deps.transactions.record(scope, calculation, {
            type,
            reference_order_id: referenceOrderId,
            reference_payment_id: request.referencePaymentId,
            transaction_processed_at: processedAt,
            metadata: metadataOf(request.metadata),
          }),
        );
      }
      return {
        transactions: results.map((result) => transactionMessage(result.transaction, scope)),
        created: results.some((result) => result.created),
      };
    },
    listTransactions: async (request) => {
      const scope = scopeFrom(request.scope);
      const page = await withCursorErrors(
        deps.transactions.list(scope, {
          limit: pageSize(request.limit),
          cursor: request.cursor || undefined,
          from: optionalTime(request.from),
          to: optionalTime(request.to),
          merchantId: request.merchantId || undefined,
          customer: request.customer || undefined,
          referenceOrderId: request.referenceOrderId || undefined,
          type: transactionTypeFilter(request.type),
        }),
      );
      return {
        transactions: page.items.map((item) => transactionMessage(item, scope)),
        nextCursor: page.nextCursor ?? "",
      };
    },
    listFilings: async (request) => {
      const scope = scopeFrom(request.scope);
      const page = await withCursorErrors(
        deps.filings.list(scope, {
          limit: pageSize(request.limit),
          cursor: request.cursor || undefined,
          status: request.status || undefined,
          from: optionalTime(request.from),
          to: optionalTime(request.to),
        }),
      );
      const now = epochSeconds();
      return { filings: page.items.map((item) => filingMessage(item, scope, now)), nextCursor: page.nextCursor ?? "" };
    },
    getFiling: async (request) => {
      const scope = scopeFrom(request.scope);
      return { filing: filingMessage(await deps.filings.get(scope, request.filingId), scope, epochSeconds()) };
    },
    approveFiling: async (request) => {
      const scope = scopeFrom(request.scope);
      return { filing: filingMessage(await deps.filings.approve(scope, request.filingId), scope, epochSeconds()) };
    },
    rejectFiling: async (request) => {
      const scope = scopeFrom(request.scope);
      return {
        filing: filingMessage(
          await deps.filings.reject(scope, request.filingId, request.reason.slice(0, 1000)),
          scope,
          epochSeconds(),
        ),
      };
    },
    listFilingLines: async (request) => {
      const scope = scopeFrom(request.scope);
      const filing = await deps.filings.get(scope, request.filingId);
      if (request.cursor !== "" && !/^[sr]:/.test(request.cursor))
        throw new LevyError("invalid_cursor", "cursor is malformed; restart from the first page", { field: "cursor" });
      const page = await withCursorErrors(deps.filingLines(scope, filing, request.cursor || undefined));
      return {
        lines: page.rows.map((row) => ({
          kind: row.kind,
          transactionId: row.transaction_id,
          refundId: row.refund_id,
          referenceOrderId: row.reference_order_id,
          processedAt: BigInt(row.processed_at),
          lineItemId: row.line_item_id,
          amountExcludingTax: BigInt(row.amount_excluding_tax),
          taxable: row.taxable,
          taxRate: row.tax_rate,
          taxAmount: BigInt(row.tax_amount),
        })),
        nextCursor: page.nextCursor ?? "",
      };
    },
    getSalesSummary: async (request) => {
      const scope = scopeFrom(request.scope);
      const summary = await deps.filings.summary(scope, {
        from: optionalTime(request.from),
        to: optionalTime(request.to),
        merchantId: request.merchantId || undefined,
      });
      return {
        currencies: summary.currencies.map((totals) => ({
          currencyCode: totals.currency_code,
          grossSales: BigInt(totals.gross_sales),
          taxCollected: BigInt(totals.tax_collected),
          refunds: BigInt(totals.refunds),
          refundedTax: BigInt(totals.refunded_tax),
          netSales: BigInt(totals.gross_sales - totals.refunds),
          netTax: BigInt(totals.tax_collected - totals.refunded_tax),
          transactionCount: BigInt(totals.transaction_count),
          refundCount: BigInt(totals.refund_count),
        })),
        periodFrom: summary.periodFrom,
        periodTo: summary.periodTo,
        summedFrom: BigInt(summary.summedFrom ?? 0),
        summedTo: BigInt(summary.summedTo ?? 0),
      };
    },
  });
}
