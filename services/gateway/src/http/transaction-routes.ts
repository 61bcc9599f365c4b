// /tax/transactions, /tax/refunds, /tax/refund_reversals and /tax/platform/transactions:
// the ledger's REST surface. Amounts are integers in the currency's minor unit; refund
// amounts are negative.
import { Router } from "express";
import type { Client } from "@connectrpc/connect";
import { epochRange } from "@levy/kit";
import type { LedgerService } from "@levy/proto/levy/ledger/v1/ledger_pb.js";
import {
  listEnvelope,
  platformTransactionBody,
  presentRefund,
  presentRefundWithoutType,
  presentTransaction,
  refundBody,
  refundReversalBody,
  transactionBody,
  transactionListQuery,
} from "@levy/presenters";
import { requireApiVersion } from "./api-version.js";
import { pathParam, routeHandler, scopeOf } from "./request-state.js";
import { parseInput } from "./validate.js";

// An absent date is sent as absent: 0 is not "now".
const epochField = (value: number | undefined) => (value === undefined ? undefined : BigInt(value));

/** Mounted at /tax/transactions. */
export function transactionRoutes(ledger: Client<typeof LedgerService>): Router {
  const router = Router();
  router.post(
    "/",
    routeHandler(async (request, response) => {
      const body = parseInput(transactionBody, request.body);
      const { transaction } = await ledger.recordTransaction({
        scope: scopeOf(response),
        calculationId: body.calculation_id,
        referenceOrderId: body.reference_order_id,
        transactionProcessedAt: epochField(body.transaction_processed_at),
        metadata: body.metadata ?? {},
      });
      response.json(presentTransaction(transaction!));
    }),
  );
  router.get(
    "/",
    routeHandler(async (request, response) => {
      const query = parseInput(transactionListQuery, request.query, "query");
      const page = await ledger.listTransactions({
        scope: scopeOf(response),
        limit: query.limit,
        cursor: query.cursor ?? "",
        ...epochRange(query.from, query.to),
        merchantId: query.merchant_id ?? "",
        customer: query.customer ?? "",
        referenceOrderId: query.reference_order_id ?? "",
        type: query.type ?? "",
      });
      response.json(listEnvelope(page.transactions.map(presentTransaction), page.nextCursor));
    }),
  );
  router.get(
    "/:transaction_id",
    routeHandler(async (request, response) => {
      const { transaction } = await ledger.getTransaction({
        scope: scopeOf(response),
        transactionId: pathParam(request, "transaction_id"),
      });
      response.json(presentTransaction(transaction!));
    }),
  );
  router.delete(
    "/:transaction_id",
    routeHandler(async (request, response) => {
      const deleted = await ledger.deleteTransaction({
        scope: scopeOf(response),
        transactionId: pathParam(request, "transaction_id"),
      });
      response.json({ object: "tax.transaction", deleted_at: Number(deleted.deletedAt) });
    }),
  );
  router.get(
    "/:transaction_id/refunds",
    routeHandler(async (request, response) => {
      const { refunds } = await ledger.listRefunds({
        scope: scopeOf(response),
        transactionId: pathParam(request, "transaction_id"),
      });
      response.json({ refunds: refunds.map(presentRefundWithoutType) });
    }),
  );
  return router;
}

/** Mounted at /tax/refunds. */
export function refundRoutes(ledger: Client<typeof LedgerService>): Router {
  const router = Router();
  router.post(
    "/",
    routeHandler(async (request, response) => {
      const body = parseInput(refundBody, request.body);
      const { refund } = await ledger.createRefund({
        scope: scopeOf(response),
        transactionId: body.transaction_id,
        refundType: body.type,
        refundProcessedAt: epochField(body.refund_processed_at),
        lineItems: (body.line_items ?? []).map((line) => ({
          referenceLineItemId: line.reference_line_item_id,
          ...(line.amount !== undefined ? { amount: BigInt(line.amount) } : {}),
          ...(line.quantity !== undefined ? { quantity: BigInt(line.quantity) } : {}),
        })),
        metadata: body.metadata ?? {},
      });
      response.json(presentRefund(refund!));
    }),
  );
  return router;
}

/** Mounted at /tax/refund_reversals. */
export function refundReversalRoutes(ledger: Client<typeof LedgerService>): Router {
  const router = Router();
  router.post(
    "/",
    routeHandler(async (request, response) => {
      const body = parseInput(refundReversalBody, request.body);
      const { refund } = await ledger.reverseRefund({ scope: scopeOf(response), refundId: body.refund_id });
      response.json(presentRefund(refund!));
    }),
  );
  return router;
}

/** Mounted at /tax/platform/transactions (X-API-Version 2026-01-01 or 2026-03-01 required). */
export function platformTransactionRoutes(ledger: Client<typeof LedgerService>): Router {
  const router = Router();
  router.use(requireApiVersion({ oneOf: ["2026-01-01", "2026-03-01"] }));
  router.post(
    "/",
    routeHandler(async (request, response) => {
      const body = parseInput(platformTransactionBody, request.body);
      const { transactions } = await ledger.recordPlatformTransactions({
        scope: scopeOf(response),
        platformCalculationId: body.platform_calculation_id,
        referenceOrderId: body.reference_order_id,
        referencePaymentId: body.reference_payment_id,
        transactionProcessedAt: epochField(body.transaction_processed_at),
        metadata: body.metadata ?? {},
      });
      response.json({ object: "list", data: transactions.map(presentTransaction) });
    }),
  );
  return router;
}
