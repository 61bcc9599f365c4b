// POST /tax/calculations (amount = whole line value) and POST /tax/platform/calculations
// (X-API-Version required; amount = unit price). Inputs newer than the request's API
// version (customer.ip, transacted_at: 2026-03-01; customer.type, customer.tax_ids,
// automatic_tax, currencies other than USD: 2025-05-12) are refused rather than ignored.
import { Router, type Response } from "express";
import type { Client } from "@connectrpc/connect";
import { assertOrderAmount, invalidField } from "@levy/kit";
import type { CalcEngineService } from "@levy/proto/levy/calc_engine/v1/calc_engine_pb.js";
import { type ApiVersion, currentApiVersion, versionAtLeast } from "../domain/api-versions.js";
import { requireApiVersion } from "./api-version.js";
import { fastCalculationBody } from "./calculation-fast-parse.js";
import {
  calculateMessage,
  calculatePlatformMessage,
  calculationBody,
  platformCalculationBody,
  presentCalculation,
  presentPlatformCalculation,
} from "@levy/presenters";
import { routeHandler, scopeOf, stateOf } from "./request-state.js";
import { parseInput } from "./validate.js";

function versionOf(response: Response): ApiVersion {
  const state = stateOf(response);
  return state.headerVersion ?? state.apiVersion ?? currentApiVersion;
}

/** An input the spec introduces after 2024-09-01; `what` names it when the field alone would not. */
interface VersionedInput {
  readonly field: string;
  readonly minimum: ApiVersion;
  readonly sent: boolean;
  readonly what?: string;
}

function refuseNewerInputs(version: ApiVersion, inputs: readonly VersionedInput[]): void {
  for (const { field, minimum, sent, what } of inputs) {
    if (sent && !versionAtLeast(version, minimum))
      throw invalidField(field, `${what ?? field} needs X-API-Version ${minimum} or later`);
  }
}

/** Whether the caller sent order_details.automatic_tax (the schema fills in "auto"). */
function sentAutomaticTax(rawBody: unknown): boolean {
  const order = (rawBody as { order_details?: unknown }).order_details;
  return typeof order === "object" && order !== null && Object.hasOwn(order, "automatic_tax");
}

export function calculationRoutes(calcEngine: Client<typeof CalcEngineService>): Router {
  const router = Router();
  router.post(
    "/",
    routeHandler(async (request, response) => {
      // The plainly valid body is read without zod; anything else gets zod's verdict.
      const body = fastCalculationBody(request.body) ?? parseInput(calculationBody, request.body);
      assertOrderAmount(body.order_details.line_items, { perUnit: false, path: "order_details" });
      const version = versionOf(response);
      refuseNewerInputs(version, [
        { field: "customer.ip", minimum: "2026-03-01", sent: body.customer.ip !== undefined },
        { field: "transacted_at", minimum: "2026-03-01", sent: body.transacted_at !== undefined },
        { field: "customer.tax_ids", minimum: "2025-05-12", sent: body.customer.tax_ids !== undefined },
        { field: "customer.type", minimum: "2025-05-12", sent: body.customer.type !== undefined },
        { field: "order_details.automatic_tax", minimum: "2025-05-12", sent: sentAutomaticTax(request.body) },
        {
          field: "order_details.customer_currency_code",
          minimum: "2025-05-12",
          sent: body.order_details.customer_currency_code !== "USD",
          what: `currency ${body.order_details.customer_currency_code}`,
        },
      ]);
      const { calculation } = await calcEngine.calculate({ scope: scopeOf(response), ...calculateMessage(body) });
      response.json(presentCalculation(calculation!, { withLocation: versionAtLeast(version, "2026-03-01") }));
    }),
  );
  return router;
}

export function platformCalculationRoutes(calcEngine: Client<typeof CalcEngineService>): Router {
  const router = Router();
  router.use(requireApiVersion({ oneOf: ["2026-01-01", "2026-03-01"] }));
  router.post(
    "/",
    routeHandler(async (request, response) => {
      const body = parseInput(platformCalculationBody, request.body);
      // Per-unit amounts: the bound is on amount × quantity and on the sum of the lines.
      assertOrderAmount(body.order_details.line_items, { perUnit: true, path: "order_details" });
      if (body.fee_details) assertOrderAmount(body.fee_details.line_items, { perUnit: true, path: "fee_details" });
      const version = versionOf(response);
      refuseNewerInputs(version, [
        { field: "customer.ip", minimum: "2026-03-01", sent: body.customer.ip !== undefined },
        { field: "transacted_at", minimum: "2026-03-01", sent: body.transacted_at !== undefined },
      ]);
      const { calculation } = await calcEngine.calculatePlatform({
        scope: scopeOf(response),
        ...calculatePlatformMessage(body),
      });
      response.json(presentPlatformCalculation(calculation!, { withLocation: versionAtLeast(version, "2026-03-01") }));
    }),
  );
  return router;
}
