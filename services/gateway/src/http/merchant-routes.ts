// /tax/merchants (X-API-Version 2026-01-01 or 2026-03-01 required): sellers on a platform.
import { Router } from "express";
import type { Client } from "@connectrpc/connect";
import type { CatalogService } from "@levy/proto/levy/catalog/v1/catalog_pb.js";
import {
  createMerchantBody,
  createMerchantMessage,
  listEnvelope,
  merchantListQuery,
  presentDeletedWithId,
  presentMerchant,
  updateMerchantBody,
  updateMerchantMessage,
} from "@levy/presenters";
import { requireApiVersion } from "./api-version.js";
import { pathParam, routeHandler, scopeOf } from "./request-state.js";
import { parseInput } from "./validate.js";

export function merchantRoutes(catalog: Client<typeof CatalogService>): Router {
  const router = Router();
  router.use(requireApiVersion({ oneOf: ["2026-01-01", "2026-03-01"] }));
  router.post(
    "/",
    routeHandler(async (request, response) => {
      const body = parseInput(createMerchantBody, request.body);
      const { merchant } = await catalog.createMerchant({ scope: scopeOf(response), ...createMerchantMessage(body) });
      response.json(presentMerchant(merchant!));
    }),
  );
  router.get(
    "/",
    routeHandler(async (request, response) => {
      const query = parseInput(merchantListQuery, request.query, "query");
      const page = await catalog.listMerchants({
        scope: scopeOf(response),
        limit: query.limit,
        cursor: query.cursor ?? "",
        email: query.email ?? "",
        namePrefix: query.name_prefix ?? "",
      });
      response.json(listEnvelope(page.merchants.map(presentMerchant), page.nextCursor));
    }),
  );
  router.get(
    "/:merchant_id",
    routeHandler(async (request, response) => {
      const { merchant } = await catalog.getMerchant({
        scope: scopeOf(response),
        merchantId: pathParam(request, "merchant_id"),
      });
      response.json(presentMerchant(merchant!));
    }),
  );
  router.post(
    "/:merchant_id",
    routeHandler(async (request, response) => {
      const body = parseInput(updateMerchantBody, request.body);
      const { merchant } = await catalog.updateMerchant({
        scope: scopeOf(response),
        merchantId: pathParam(request, "merchant_id"),
        ...updateMerchantMessage(body),
      });
      response.json(presentMerchant(merchant!));
    }),
  );
  router.delete(
    "/:merchant_id",
    routeHandler(async (request, response) => {
      const deleted = await catalog.deleteMerchant({
        scope: scopeOf(response),
        merchantId: pathParam(request, "merchant_id"),
      });
      response.json(presentDeletedWithId("tax.merchant", deleted));
    }),
  );
  return router;
}
