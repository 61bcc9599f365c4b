// The gateway's ledger routes and Idempotency-Key middleware in front of a real ledger
// service, with a stand-in calc-engine serving fixed calculations. Runs without the
// gateway wiring and without calc-engine's rate data; ledger-suite.ts covers the same
// ground through the real gateway and calculations.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { mkdtemp } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { create } from "@bufbuild/protobuf";
import express, { type NextFunction, type Request, type Response } from "express";
import {
  LevyError,
  createLogger,
  fromConnectError,
  isLevyError,
  startRpcServer,
  type RpcServer,
  type RunningService,
} from "@levy/kit";
import {
  CalcEngineService,
  CalculationSchema,
  type Calculation,
} from "@levy/proto/levy/calc_engine/v1/calc_engine_pb.js";
import { createEmbeddedStore, type Store } from "@levy/storage";
import { createClient } from "@connectrpc/connect";
import { createRpcTransport } from "@levy/kit";
import { LedgerService } from "@levy/proto/levy/ledger/v1/ledger_pb.js";
import { startLedger } from "@levy/ledger";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createIdempotencyStore } from "../../services/gateway/src/adapters/idempotency-store.js";
import { parseApiVersionHeader } from "../../services/gateway/src/http/api-version.js";
import { sendError } from "../../services/gateway/src/http/error-response.js";
import { idempotency } from "../../services/gateway/src/http/idempotency.js";
import { openApiDocument } from "../../services/gateway/src/openapi/openapi-document.js";
import { stateOf } from "../../services/gateway/src/http/request-state.js";
import {
  platformTransactionRoutes,
  refundReversalRoutes,
  refundRoutes,
  transactionRoutes,
} from "../../services/gateway/src/http/transaction-routes.js";
import { createApi } from "../support/api.js";
// @ts-expect-error: plain ESM script without type declarations
import { freePort } from "../../deploy/distributed/cluster.mjs";

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
const calculations = new Map<string, Calculation>();
let counter = 0;

function line(index: number, excl: number, taxes: Array<[string, number, string]>, quantity = 1) {
  const tax = sum(taxes.map(([, due]) => due));
  return {
    lineItemId: `li_${index + 1}`,
    product: {
      referenceLineItemId: `l${index + 1}`,
      referenceProductId: "GENERAL_MERCHANDISE",
      referenceProductName: "General merchandise",
      productTaxCode: "GENERAL_MERCHANDISE",
    },
    taxAmount: BigInt(tax),
    amountExcludingTax: BigInt(excl),
    amountIncludingTax: BigInt(excl + tax),
    quantity: BigInt(quantity),
    amount: BigInt(excl),
    taxJurisdictions: taxes.map(([jurisdictionId, due, type]) => ({
      jurisdictionId,
      jurisdictionName: jurisdictionId,
      taxAuthorityName: jurisdictionId,
      taxAuthorityType: type,
      taxType: "SALES",
      rateType: "standard",
      taxRate: 0.06,
      taxDueDecimal: BigInt(due),
    })),
  };
}

/** A stored calculation: Detroit-like, state 6% split over two authorities to exercise the sums. */
function makeCalculation(
  accountId: string,
  amounts: number[],
  options: { platform?: string[]; fees?: number[]; expired?: boolean; livemode?: boolean } = {},
): Calculation {
  const id = `calc_fake${++counter}`;
  const lines = amounts.map((amount, index) => {
    const tax = Math.floor((amount * 6 + 50) / 100);
    const city = Math.floor(tax / 3);
    return line(index, amount, [
      ["US-MI", tax - city, "STATE"],
      ["US-MI-CITY-DETROIT", city, "CITY"],
    ]);
  });
  const fees = (options.fees ?? []).map((amount, index) =>
    line(index, amount, [["US-MI", Math.floor((amount * 6 + 50) / 100), "STATE"]]),
  );
  const totals = (items: typeof lines) => ({
    taxAmount: items.reduce((t, l) => t + l.taxAmount, 0n),
    amountExcludingTax: items.reduce((t, l) => t + l.amountExcludingTax, 0n),
    amountIncludingTax: items.reduce((t, l) => t + l.amountIncludingTax, 0n),
  });
  const calculation = create(CalculationSchema, {
    id,
    livemode: options.livemode ?? false,
    kind: options.platform ? "platform" : "standard",
    customerCurrencyCode: "USD",
    customerType: "CONSUMER",
    lineItems: lines,
    totals: totals(lines),
    ...(options.platform
      ? { roles: options.platform, merchant: { id: "merch_fake", referenceMerchantId: "m-fake" } }
      : {}),
    ...(fees.length > 0 ? { feeLineItems: fees, feeTotals: totals(fees) } : {}),
    createdAt: BigInt(Math.floor(Date.now() / 1000)),
    expiresAt: BigInt(Math.floor(Date.now() / 1000) + (options.expired ? -10 : 3600)),
  });
  calculations.set(`${accountId}|${calculation.livemode}|${id}`, calculation);
  return calculation;
}

describe("ledger REST routes (stand-in calc-engine)", () => {
  let calcEngine: RpcServer;
  let ledgerService: RunningService;
  let gatewayStore: Store;
  let server: http.Server;
  let api: ReturnType<typeof createApi>;
  // The stand-in authentication: the key is "<account>:<test|live>".
  const key = "acct_a:test";

  beforeAll(async () => {
    const logger = createLogger({ service: "calc-engine", level: "silent" });
    calcEngine = await startRpcServer({
      host: "127.0.0.1",
      port: await freePort(),
      logger,
      routes: (router) =>
        router.service(CalcEngineService, {
          getCalculation: async (request) => {
            const calculation = calculations.get(
              `${request.scope?.accountId}|${request.scope?.livemode}|${request.calculationId}`,
            );
            if (!calculation) throw new LevyError("calculation_not_found", `no calculation ${request.calculationId}`);
            return { calculation };
          },
        }),
    });
    const dataDir = await mkdtemp(path.join(os.tmpdir(), "ledger-routes-"));
    const ledgerPort = await freePort();
    ledgerService = await startLedger({
      env: {
        DATA_DIR: dataDir,
        LOG_LEVEL: "silent",
        LEDGER_GRPC_PORT: String(ledgerPort),
        LEDGER_OPS_PORT: String(await freePort()),
        CALC_ENGINE_URL: `http://127.0.0.1:${calcEngine.port}`,
      },
    });
    const ledger = createClient(LedgerService, createRpcTransport({ baseUrl: `http://127.0.0.1:${ledgerPort}` }));
    gatewayStore = await createEmbeddedStore({ dir: path.join(dataDir, "gateway") });

    const app = express();
    app.use(express.json({ type: () => true }));
    app.use(parseApiVersionHeader);
    // The gateway's document, so that test/support/api.ts checks these answers too.
    app.get("/openapi.json", (_request, response) => void response.json(openApiDocument()));
    const tax = express.Router();
    tax.use((request: Request, response: Response, next: NextFunction) => {
      const [accountId, mode] = (request.header("authorization") ?? "").replace("Bearer ", "").split(":");
      stateOf(response).auth = {
        keyId: "k",
        accountId: accountId!,
        livemode: mode === "live",
        kind: "secret",
        pinnedApiVersion: "2026-03-01",
      };
      next();
    });
    tax.use(idempotency(await createIdempotencyStore(gatewayStore)));
    tax.use("/transactions", transactionRoutes(ledger));
    tax.use("/refunds", refundRoutes(ledger));
    tax.use("/refund_reversals", refundReversalRoutes(ledger));
    tax.use("/platform/transactions", platformTransactionRoutes(ledger));
    app.use("/tax", tax);
    app.use((error: unknown, _request: Request, response: Response, _next: NextFunction) => {
      const levy = isLevyError(error) ? error : fromConnectError(error);
      sendError(response, levy, "2026-03-01");
    });
    server = http.createServer(app).listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    api = createApi(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  });
  afterAll(async () => {
    server?.close();
    await ledgerService?.stop();
    await calcEngine?.stop();
    await gatewayStore?.close();
  });

  const record = (calculationId: string, order: string, headers: Record<string, string> = {}, apiKey = key) =>
    api("/tax/transactions", {
      key: apiKey,
      headers,
      body: { calculation_id: calculationId, reference_order_id: order, transaction_processed_at: 1_790_000_000 },
    });
  const refund = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
    api("/tax/refunds", { key, headers, body });

  it("records, reads, refuses duplicates, and deletes", async () => {
    const calc = makeCalculation("acct_a", [10000, 2500]);
    const recorded = await record(calc.id, "o-1");
    expect(recorded.status).toBe(200);
    expect(recorded.body).toMatchObject({
      object: "tax.transaction",
      type: "order",
      total_tax_amount: 750,
      total_amount_excluding_tax: 12500,
      testmode: true,
      customer_currency_code: "USD",
    });
    expect(recorded.body.id).toMatch(/^tr_/);
    expect(recorded.body.line_items[0].tax_jurisdictions).toHaveLength(2);
    expect((await api(`/tax/transactions/${recorded.body.id}`, { key })).body).toEqual(recorded.body);
    expect((await record(calc.id, "o-1")).body.id).toBe(recorded.body.id);
    expect((await record(makeCalculation("acct_a", [5]).id, "o-1")).status).toBe(409);
    expect((await record(calc.id, "o-2")).status).toBe(409);
    expect((await api(`/tax/transactions/${recorded.body.id}`, { key: "acct_a:live" })).status).toBe(404);
    expect((await api(`/tax/transactions/${recorded.body.id}`, { key: "acct_b:test" })).status).toBe(404);
    expect((await record("calc_none", "o-3")).body.error.error_code).toBe("calculation_not_found");
    const expired = await record(makeCalculation("acct_a", [5], { expired: true }).id, "o-4");
    expect(expired.status).toBe(409);
    expect(expired.body.error.error_code).toBe("calculation_expired");
    const deleted = await api(`/tax/transactions/${recorded.body.id}`, { key, method: "DELETE" });
    expect(deleted.body).toEqual({ object: "tax.transaction", deleted_at: expect.any(Number) });
    expect((await api(`/tax/transactions/${recorded.body.id}`, { key })).status).toBe(404);
  });

  it("partial and full refunds are negative and add up per jurisdiction; over-refund is a 400; a reversal works once", async () => {
    const calc = makeCalculation("acct_a", [10000, 3333]);
    const transaction = (await record(calc.id, "o-refund")).body;
    const partial = await refund({
      transaction_id: transaction.id,
      type: "partial",
      line_items: [{ reference_line_item_id: "l1", amount: 2500 }],
    });
    expect(partial.status).toBe(200);
    expect(partial.body).toMatchObject({
      object: "tax.refund",
      refund_type: "partial",
      status: "succeeded",
      reversed_at: null,
      testmode: true,
    });
    expect(partial.body.line_items[0]).toMatchObject({
      amount_excluding_tax: -2500,
      tax_amount: -150,
      amount_including_tax: -2650,
    });
    expect(sum(partial.body.line_items[0].tax_jurisdictions.map((j: any) => j.tax_due_decimal))).toBe(-150);
    const over = await refund({
      transaction_id: transaction.id,
      type: "partial",
      line_items: [{ reference_line_item_id: "l1", amount: 7501 }],
    });
    expect(over.status).toBe(400);
    expect(over.body.error.error_meta).toMatchObject({ field: "line_items[0].amount", remaining: "7500" });
    const full = await refund({ transaction_id: transaction.id, type: "full" });
    expect(full.body.total_tax_amount).toBe(-(transaction.total_tax_amount - 150));
    expect(full.body.total_amount_excluding_tax).toBe(-(7500 + 3333));
    for (const refundLine of full.body.line_items) {
      expect(sum(refundLine.tax_jurisdictions.map((j: any) => j.tax_due_decimal))).toBe(refundLine.tax_amount);
    }
    expect((await refund({ transaction_id: transaction.id, type: "full" })).status).toBe(400);
    const listed = await api(`/tax/transactions/${transaction.id}/refunds`, { key });
    expect(listed.body.refunds.map((r: any) => r.id)).toEqual([partial.body.id, full.body.id]);
    expect(listed.body.refunds[0]).not.toHaveProperty("refund_type");
    expect((await api(`/tax/transactions/${transaction.id}`, { key, method: "DELETE" })).status).toBe(409);

    const reversed = await api("/tax/refund_reversals", { key, body: { refund_id: full.body.id } });
    expect(reversed.body).toMatchObject({ id: full.body.id, status: "reversed", reversed_at: expect.any(Number) });
    expect((await api("/tax/refund_reversals", { key, body: { refund_id: full.body.id } })).status).toBe(409);
    expect((await api("/tax/refund_reversals", { key, body: { refund_id: "ref_tr_nope" } })).status).toBe(404);
    const again = await refund({
      transaction_id: transaction.id,
      type: "partial",
      line_items: [{ reference_line_item_id: "l2", amount: 3333 }],
    });
    expect(again.status).toBe(200);
  });

  it("concurrent refunds never over-refund", async () => {
    const transaction = (await record(makeCalculation("acct_a", [10000]).id, "o-race")).body;
    const results = await Promise.all(
      Array.from({ length: 6 }, () =>
        refund({
          transaction_id: transaction.id,
          type: "partial",
          line_items: [{ reference_line_item_id: "l1", amount: 4000 }],
        }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(2);
    expect((await api(`/tax/transactions/${transaction.id}`, { key })).body.line_items[0]).toMatchObject({
      refunded_amount_excluding_tax: 8000,
      refunded_tax_amount: 480,
    });
  });

  it("platform: payment_processor → order and fee; other roles → order; header required", async () => {
    const post = (calculationId: string, order: string, version: string | null = "2026-03-01") =>
      api("/tax/platform/transactions", {
        key,
        ...(version ? { version } : {}),
        body: { platform_calculation_id: calculationId, reference_order_id: order, reference_payment_id: "pay-1" },
      });
    const processor = await post(
      makeCalculation("acct_a", [10000], { platform: ["payment_processor"], fees: [300] }).id,
      "p-1",
    );
    expect(processor.status).toBe(200);
    expect(processor.body.data.map((t: any) => t.type)).toEqual(["order", "fee"]);
    expect(processor.body.data[1]).toMatchObject({
      total_amount_excluding_tax: 300,
      total_tax_amount: 18,
      reference_payment_id: "pay-1",
      merchant: { id: "merch_fake" },
    });
    const replay = await post(
      makeCalculation("acct_a", [1], { platform: ["payment_processor"], fees: [300] }).id,
      "p-1",
    );
    expect(replay.status).toBe(409);
    for (const role of ["marketplace_provider", "merchant_of_record"]) {
      const one = await post(makeCalculation("acct_a", [10000], { platform: [role] }).id, `p-${role}`);
      expect(one.body.data.map((t: any) => t.type)).toEqual(["order"]);
    }
    expect(
      (await post(makeCalculation("acct_a", [1], { platform: ["merchant_of_record"] }).id, "p-2", null)).body.error
        .error_code,
    ).toBe("missing_api_version");
    expect((await post(makeCalculation("acct_a", [1]).id, "p-3")).status).toBe(400);
  });

  it("Idempotency-Key replays the first answer and refuses another body", async () => {
    const calc = makeCalculation("acct_a", [1000]);
    const headers = { "idempotency-key": "idem-tx-1" };
    const first = await record(calc.id, "o-idem", headers);
    const replay = await record(calc.id, "o-idem", headers);
    expect(replay.body).toEqual(first.body);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    const other = await record(calc.id, "o-idem-2", headers);
    expect(other.status).toBe(409);
    expect(other.body.error.error_code).toBe("idempotency_conflict");
    const transaction = first.body;
    const body = {
      transaction_id: transaction.id,
      type: "partial",
      line_items: [{ reference_line_item_id: "l1", amount: 100 }],
    };
    const r1 = await refund(body, { "idempotency-key": "idem-refund-1" });
    const r2 = await refund(body, { "idempotency-key": "idem-refund-1" });
    expect(r2.body.id).toBe(r1.body.id);
    expect((await api(`/tax/transactions/${transaction.id}/refunds`, { key })).body.refunds).toHaveLength(1);
  });
});
