// POST /tax/calculations (amount = whole line value) and POST /tax/platform/calculations
// (X-API-Version required; amount = unit price). Inputs newer than the request's API
// version (customer.ip, transacted_at: 2026-03-01) are refused rather than ignored.
import { Router, type Response } from "express";
import type { Client } from "@connectrpc/connect";
import { assertOrderAmount, invalidField } from "@levy/kit";
import type { CalcEngineService } from "@levy/proto/levy/calc_engine/v1/calc_engine_pb.js";
import { type ApiVersion, currentApiVersion, versionAtLeast } from "../domain/api-versions.js";
import { requireApiVersion } from "./api-version.js";
import { presentCalculation, presentPlatformCalculation } from "./calculation-presenter.js";
import { calculationBody, customerMessage, orderMessage, platformCalculationBody } from "./calculation-schema.js";
import { routeHandler, scopeOf, stateOf } from "./request-state.js";
import { parseInput } from "./validate.js";

function versionOf(response: Response): ApiVersion {
  const state = stateOf(response);
  return state.headerVersion ?? state.apiVersion ?? currentApiVersion;
}

function requireVersionFor(version: ApiVersion, field: string, present: boolean, minimum: ApiVersion): void {
  if (present && !versionAtLeast(version, minimum)) throw invalidField(field, `${field} needs X-API-Version ${minimum} or later`);
}

export function calculationRoutes(calcEngine: Client<typeof CalcEngineService>): Router {
  const router = Router();
  router.post("/", routeHandler(async (request, response) => {
    const body = parseInput(calculationBody, request.body);
    assertOrderAmount(body.order_details.line_items, { perUnit: false, path: "order_details" });
    const version = versionOf(response);
    requireVersionFor(version, "customer.ip", body.customer.ip !== undefined, "2026-03-01");
    requireVersionFor(version, "transacted_at", body.transacted_at !== undefined, "2026-03-01");
    requireVersionFor(version, "customer.tax_ids", body.customer.tax_ids !== undefined, "2025-05-12");
    const { calculation } = await calcEngine.calculate({
      scope: scopeOf(response),
      customer: customerMessage(body.customer),
      orderDetails: orderMessage(body.order_details),
      transactedAt: BigInt(body.transacted_at ?? 0),
    });
    response.json(presentCalculation(calculation!, version));
  }));
  return router;
}

export function platformCalculationRoutes(calcEngine: Client<typeof CalcEngineService>): Router {
  const router = Router();
  router.use(requireApiVersion({ oneOf: ["2026-01-01", "2026-03-01"] }));
  router.post("/", routeHandler(async (request, response) => {
    const body = parseInput(platformCalculationBody, request.body);
    // Per-unit amounts: the bound is on amount × quantity and on the sum of the lines.
    assertOrderAmount(body.order_details.line_items, { perUnit: true, path: "order_details" });
    if (body.fee_details) assertOrderAmount(body.fee_details.line_items, { perUnit: true, path: "fee_details" });
    const version = versionOf(response);
    requireVersionFor(version, "customer.ip", body.customer.ip !== undefined, "2026-03-01");
    requireVersionFor(version, "transacted_at", body.transacted_at !== undefined, "2026-03-01");
    const { calculation } = await calcEngine.calculatePlatform({
      scope: scopeOf(response),
      customer: customerMessage(body.customer),
      merchant: { merchantId: body.merchant.merchant_id, type: body.merchant.type ?? "BUSINESS", taxIds: body.merchant.tax_ids ?? [] },
      orderDetails: orderMessage(body.order_details),
      roles: body.roles,
      ...(body.fee_details ? { feeDetails: orderMessage(body.fee_details) } : {}),
      transactedAt: BigInt(body.transacted_at ?? 0),
    });
    response.json(presentPlatformCalculation(calculation!, version));
  }));
  return router;
}
