// /tax/products: keyed by the caller's reference_product_id; POST creates or updates.
import { Router } from "express";
import type { Client } from "@connectrpc/connect";
import type { CatalogService } from "@levy/proto/levy/catalog/v1/catalog_pb.js";
import { listEnvelope, listQuery, presentProduct, productBody } from "@levy/presenters";
import { pathParam, routeHandler, scopeOf } from "./request-state.js";
import { parseInput } from "./validate.js";

export function productRoutes(catalog: Client<typeof CatalogService>): Router {
  const router = Router();
  router.post(
    "/",
    routeHandler(async (request, response) => {
      const body = parseInput(productBody, request.body);
      const { product } = await catalog.upsertProduct({
        scope: scopeOf(response),
        referenceProductId: body.reference_product_id,
        referenceProductName: body.reference_product_name,
        productCategory: body.product_category,
      });
      response.json(presentProduct(product!));
    }),
  );
  router.get(
    "/",
    routeHandler(async (request, response) => {
      const query = parseInput(listQuery, request.query, "query");
      const page = await catalog.listProducts({
        scope: scopeOf(response),
        limit: query.limit,
        cursor: query.cursor ?? "",
      });
      response.json(listEnvelope(page.products.map(presentProduct), page.nextCursor));
    }),
  );
  router.get(
    "/:reference_product_id",
    routeHandler(async (request, response) => {
      const { product } = await catalog.getProduct({
        scope: scopeOf(response),
        referenceProductId: pathParam(request, "reference_product_id"),
      });
      response.json(presentProduct(product!));
    }),
  );
  router.delete(
    "/:reference_product_id",
    routeHandler(async (request, response) => {
      const deleted = await catalog.deleteProduct({
        scope: scopeOf(response),
        referenceProductId: pathParam(request, "reference_product_id"),
      });
      response.json({ object: "tax.product", deleted_at: Number(deleted.deletedAt) });
    }),
  );
  return router;
}
