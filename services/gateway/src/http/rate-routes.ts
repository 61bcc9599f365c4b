// GET /tax/rates: the jurisdictions, rates and coverage a calculation at a place would use
// for one product category on one day (TaxJar's rates endpoint, with Levy's categories).
// Nothing is stored. Some rules depend on the price (e.g. New York City's clothing under
// $110): `amount` is the unit price they are evaluated at.
import { Router } from "express";
import type { Client } from "@connectrpc/connect";
import { boundToEpoch } from "@levy/kit";
import type { CalcEngineService } from "@levy/proto/levy/calc_engine/v1/calc_engine_pb.js";
import { presentRateLookup, rateLookupQuery } from "@levy/presenters";
import { routeHandler, scopeOf } from "./request-state.js";
import { parseInput } from "./validate.js";

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
