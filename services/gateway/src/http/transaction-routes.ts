// /tax/transactions, /tax/refunds, /tax/refund_reversals and /tax/platform/transactions:
// the ledger's REST surface. Amounts are integers in the currency's minor unit; refund
// amounts are negative.
import { Router } from "express";
import type { Client } from "@connectrpc/connect";
import { z } from "zod";
import type { LedgerService, LineItem, Refund, Transaction } from "@levy/proto/levy/ledger/v1/ledger_pb.js";
import { requireApiVersion } from "./api-version.js";
import { pathParam, routeHandler, scopeOf } from "./request-state.js";
import { parseInput } from "./validate.js";
import { presentJurisdiction, presentLineProduct } from "./tax-line-presenter.js";

const id = z.string().trim().min(1).max(255);
const epoch = z.number().int().min(0).max(253_402_300_799);
const metadata = z
  .record(z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, "metadata keys are 1-40 letters, digits, _ or -"), z.string().max(500))
  .refine((value) => Object.keys(value).length <= 20, "at most 20 metadata keys");

export const transactionBody = z.strictObject({
  calculation_id: id,
  reference_order_id: id,
  transaction_processed_at: epoch.optional(),
  metadata: metadata.optional(),
});

const refundLine = z.strictObject({
  reference_line_item_id: id,
  amount: z.number().int().min(1).max(1_000_000_000_000).optional(),
  quantity: z.number().int().min(1).max(1_000_000_000).optional(),
});

export const refundBody = z.strictObject({
  transaction_id: id,
  type: z.enum(["full", "partial"]),
  refund_processed_at: epoch.optional(),
  line_items: z.array(refundLine).max(1000).optional(),
  metadata: metadata.optional(),
});

export const refundReversalBody = z.strictObject({ refund_id: id });

export const platformTransactionBody = z.strictObject({
  platform_calculation_id: id,
  reference_order_id: id,
  reference_payment_id: id,
  transaction_processed_at: epoch.optional(),
  metadata: metadata.optional(),
});

function presentLine(line: LineItem, withRefunded: boolean) {
  return {
    line_item_id: line.lineItemId,
    product: presentLineProduct(line.product),
    tax_jurisdictions: line.taxJurisdictions.map(presentJurisdiction),
    tax_amount: Number(line.taxAmount),
    amount_excluding_tax: Number(line.amountExcludingTax),
    amount_including_tax: Number(line.amountIncludingTax),
    quantity: Number(line.quantity),
    ...(withRefunded
      ? {
          refunded_amount_excluding_tax: Number(line.refundedAmountExcludingTax),
          refunded_tax_amount: Number(line.refundedTaxAmount),
          refunded_quantity: Number(line.refundedQuantity),
        }
      : {}),
  };
}

export function presentTransaction(transaction: Transaction) {
  const platform = transaction.kind === "platform";
  return {
    id: transaction.id,
    object: "tax.transaction",
    type: transaction.type,
    calculation_id: transaction.calculationId,
    reference_order_id: transaction.referenceOrderId,
    ...(platform ? { reference_payment_id: transaction.referencePaymentId } : {}),
    customer_currency_code: transaction.currencyCode,
    tax_included_in_amount: transaction.taxIncludedInAmount,
    line_items: transaction.lineItems.map((line) => presentLine(line, true)),
    total_tax_amount: Number(transaction.totalTaxAmount),
    total_amount_excluding_tax: Number(transaction.totalAmountExcludingTax),
    total_amount_including_tax: Number(transaction.totalAmountIncludingTax),
    refunded_tax_amount: Number(transaction.refundedTaxAmount),
    refunded_amount_excluding_tax: Number(transaction.refundedAmountExcludingTax),
    customer: {
      type: transaction.customerType || "CONSUMER",
      id: transaction.customerId || null,
      reference_customer_id: transaction.referenceCustomerId || null,
    },
    ...(platform
      ? {
          merchant: transaction.merchant ? { id: transaction.merchant.id, reference_merchant_id: transaction.merchant.referenceMerchantId } : null,
          roles: transaction.roles,
        }
      : {}),
    ...(transaction.addressUsed
      ? {
          address_used: {
            address_line_1: transaction.addressUsed.addressLine1,
            address_line_2: transaction.addressUsed.addressLine2,
            address_city: transaction.addressUsed.addressCity,
            address_province: transaction.addressUsed.addressProvince,
            address_postal_code: transaction.addressUsed.addressPostalCode,
            address_country: transaction.addressUsed.addressCountry,
          },
        }
      : {}),
    metadata: transaction.metadata,
    transaction_processed_at: Number(transaction.transactionProcessedAt),
    created_at: Number(transaction.createdAt),
    testmode: !transaction.livemode,
  };
}

export function presentRefund(refund: Refund, withType = true) {
  return {
    id: refund.id,
    object: "tax.refund",
    ...(withType ? { refund_type: refund.refundType } : {}),
    transaction_id: refund.transactionId,
    status: refund.status,
    customer_currency_code: refund.currencyCode,
    line_items: refund.lineItems.map((line) => presentLine(line, false)),
    total_tax_amount: Number(refund.totalTaxAmount),
    total_amount_excluding_tax: Number(refund.totalAmountExcludingTax),
    total_amount_including_tax: Number(refund.totalAmountIncludingTax),
    metadata: refund.metadata,
    refund_processed_at: Number(refund.refundProcessedAt),
    created_at: Number(refund.createdAt),
    reversed_at: refund.reversedAt === 0n ? null : Number(refund.reversedAt),
    testmode: !refund.livemode,
  };
}

/** Mounted at /tax/transactions. */
export function transactionRoutes(ledger: Client<typeof LedgerService>): Router {
  const router = Router();
  router.post("/", routeHandler(async (request, response) => {
    const body = parseInput(transactionBody, request.body);
    const { transaction } = await ledger.recordTransaction({
      scope: scopeOf(response),
      calculationId: body.calculation_id,
      referenceOrderId: body.reference_order_id,
      transactionProcessedAt: BigInt(body.transaction_processed_at ?? 0),
      metadata: body.metadata ?? {},
    });
    response.json(presentTransaction(transaction!));
  }));
  router.get("/:transaction_id", routeHandler(async (request, response) => {
    const { transaction } = await ledger.getTransaction({ scope: scopeOf(response), transactionId: pathParam(request, "transaction_id") });
    response.json(presentTransaction(transaction!));
  }));
  router.delete("/:transaction_id", routeHandler(async (request, response) => {
    const deleted = await ledger.deleteTransaction({ scope: scopeOf(response), transactionId: pathParam(request, "transaction_id") });
    response.json({ object: "tax.transaction", deleted_at: Number(deleted.deletedAt) });
  }));
  router.get("/:transaction_id/refunds", routeHandler(async (request, response) => {
    const { refunds } = await ledger.listRefunds({ scope: scopeOf(response), transactionId: pathParam(request, "transaction_id") });
    response.json({ refunds: refunds.map((refund) => presentRefund(refund, false)) });
  }));
  return router;
}

/** Mounted at /tax/refunds. */
export function refundRoutes(ledger: Client<typeof LedgerService>): Router {
  const router = Router();
  router.post("/", routeHandler(async (request, response) => {
    const body = parseInput(refundBody, request.body);
    const { refund } = await ledger.createRefund({
      scope: scopeOf(response),
      transactionId: body.transaction_id,
      refundType: body.type,
      refundProcessedAt: BigInt(body.refund_processed_at ?? 0),
      lineItems: (body.line_items ?? []).map((line) => ({
        referenceLineItemId: line.reference_line_item_id,
        ...(line.amount !== undefined ? { amount: BigInt(line.amount) } : {}),
        ...(line.quantity !== undefined ? { quantity: BigInt(line.quantity) } : {}),
      })),
      metadata: body.metadata ?? {},
    });
    response.json(presentRefund(refund!));
  }));
  return router;
}

/** Mounted at /tax/refund_reversals. */
export function refundReversalRoutes(ledger: Client<typeof LedgerService>): Router {
  const router = Router();
  router.post("/", routeHandler(async (request, response) => {
    const body = parseInput(refundReversalBody, request.body);
    const { refund } = await ledger.reverseRefund({ scope: scopeOf(response), refundId: body.refund_id });
    response.json(presentRefund(refund!));
  }));
  return router;
}

/** Mounted at /tax/platform/transactions (X-API-Version 2026-01-01 or 2026-03-01 required). */
export function platformTransactionRoutes(ledger: Client<typeof LedgerService>): Router {
  const router = Router();
  router.use(requireApiVersion({ oneOf: ["2026-01-01", "2026-03-01"] }));
  router.post("/", routeHandler(async (request, response) => {
    const body = parseInput(platformTransactionBody, request.body);
    const { transactions } = await ledger.recordPlatformTransactions({
      scope: scopeOf(response),
      platformCalculationId: body.platform_calculation_id,
      referenceOrderId: body.reference_order_id,
      referencePaymentId: body.reference_payment_id,
      transactionProcessedAt: BigInt(body.transaction_processed_at ?? 0),
      metadata: body.metadata ?? {},
    });
    response.json({ object: "list", data: transactions.map(presentTransaction) });
  }));
  return router;
}
