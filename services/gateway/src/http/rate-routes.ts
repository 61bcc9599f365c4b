// GET /tax/rates: the jurisdictions, rates and coverage a calculation at a place would use
// for one product category on one day (TaxJar's rates endpoint, with Levy's categories).
// Nothing is stored. Some rules depend on the price (e.g. New York City's clothing under
// $110): `amount` is the unit price they are evaluated at.
import { Router } from "express";
import type { Client } from "@connectrpc/connect";
import { boundToEpoch, countryCodeProblem, queryDateBound } from "@levy/kit";
import { z } from "zod";
import type { CalcEngineService } from "@levy/proto/levy/calc_engine/v1/calc_engine_pb.js";
import { presentRateLookup } from "@levy/presenters";
import { routeHandler, scopeOf } from "./request-state.js";
import { parseInput } from "./validate.js";

/** 100.00 in the currency: the unit price rules are evaluated at when none is given. */
export const defaultLookupAmount = 10_000;

export const rateLookupQuery = z.strictObject({
  country: z
    .string()
    .trim()
    .superRefine((code, context) => {
      const problem = countryCodeProblem(code);
      if (problem) context.addIssue({ code: "custom", message: problem });
    })
    .transform((code) => code.toUpperCase()),
  province: z.string().trim().max(50).optional(),
  postal_code: z.string().trim().max(20).optional(),
  city: z.string().trim().max(200).optional(),
  category: z.string().trim().min(1).max(60),
  date: queryDateBound.optional(),
  amount: z.coerce.number().int().min(0).max(1_000_000_000_000).default(defaultLookupAmount),
  currency: z
    .string()
    .regex(/^[A-Za-z]{3}$/, "currency is a three-letter ISO 4217 code")
    .transform((code) => code.toUpperCase())
    .default("USD"),
});

/** Mounted at /tax/rates. */
export function rateRoutes(calcEngine: Client<typeof CalcEngineService>): Router {
  const router = Router();
  router.get(
    "/",
    routeHandler(async (request, response) => {
      const query = parseInput(rateLookupQuery, request.query, "query");
      const scope = scopeOf(response);
      const lookup = await calcEngine.lookupRates({
        scope,
        address: {
          addressCountry: query.country,
          addressProvince: query.province ?? "",
          addressPostalCode: query.postal_code ?? "",
          addressCity: query.city ?? "",
        },
        productCategory: query.category,
        transactedAt: query.date === undefined ? 0n : BigInt(boundToEpoch(query.date, false)),
        amount: BigInt(query.amount),
        currencyCode: query.currency,
      });
      response.json(
        presentRateLookup(
          lookup,
          { category: query.category, amount: query.amount, currency: query.currency },
          scope.livemode,
        ),
      );
    }),
  );
  return router;
}
