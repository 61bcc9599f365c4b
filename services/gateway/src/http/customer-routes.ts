// /tax/customers: the gateway validates and shapes; the catalog service owns the records,
// certificates the buyers (a deleted buyer's customer cannot be made exempt).
import { Router } from "express";
import type { Client } from "@connectrpc/connect";
import { LevyError, refuseExemptionOfDeletedBuyer } from "@levy/kit";
import type { CatalogService } from "@levy/proto/levy/catalog/v1/catalog_pb.js";
import type { CertificatesService } from "@levy/proto/levy/certificates/v1/certificates_pb.js";
import {
  createCustomerBody,
  customerListQuery,
  listEnvelope,
  presentCustomer,
  presentDeletedWithId,
  updateCustomerBody,
} from "@levy/presenters";
import { pathParam, routeHandler, scopeOf } from "./request-state.js";
import { parseInput } from "./validate.js";

export function customerRoutes(
  catalog: Client<typeof CatalogService>,
  certificates: Pick<Client<typeof CertificatesService>, "getBuyerStatus">,
): Router {
  const router = Router();
  router.post(
    "/",
    routeHandler(async (request, response) => {
      const body = parseInput(createCustomerBody, request.body);
      const { customer } = await catalog.createCustomer({
        scope: scopeOf(response),
        referenceCustomerId: body.reference_customer_id,
        name: body.name,
        email: body.email,
        isTaxExempt: body.is_tax_exempt,
      });
      response.json(presentCustomer(customer!));
    }),
  );
  router.get(
    "/",
    routeHandler(async (request, response) => {
      const query = parseInput(customerListQuery, request.query, "query");
      const page = await catalog.listCustomers({
        scope: scopeOf(response),
        limit: query.limit,
        cursor: query.cursor ?? "",
        email: query.email ?? "",
        namePrefix: query.name_prefix ?? "",
        ...(query.is_tax_exempt === undefined ? {} : { isTaxExempt: query.is_tax_exempt }),
      });
      response.json(listEnvelope(page.customers.map(presentCustomer), page.nextCursor));
    }),
  );
  router.get(
    "/:customer_id",
    routeHandler(async (request, response) => {
      const { customer } = await catalog.getCustomer({
        scope: scopeOf(response),
        customerId: pathParam(request, "customer_id"),
      });
      response.json(presentCustomer(customer!));
    }),
  );
  router.post(
    "/:customer_id",
    routeHandler(async (request, response) => {
      const body = parseInput(updateCustomerBody, request.body);
      if (Object.values(body).every((value) => value === undefined)) {
        throw new LevyError(
          "invalid_request",
          "supply at least one of name, email, is_tax_exempt, reference_customer_id",
        );
      }
      const scope = scopeOf(response);
      const customerId = pathParam(request, "customer_id");
      await refuseExemptionOfDeletedBuyer({ catalog, certificates }, scope, customerId, body.is_tax_exempt);
      const { customer } = await catalog.updateCustomer({
        scope,
        customerId,
        referenceCustomerId: body.reference_customer_id,
        name: body.name,
        email: body.email,
        isTaxExempt: body.is_tax_exempt,
      });
      response.json(presentCustomer(customer!));
    }),
  );
  router.delete(
    "/:customer_id",
    routeHandler(async (request, response) => {
      const deleted = await catalog.deleteCustomer({
        scope: scopeOf(response),
        customerId: pathParam(request, "customer_id"),
      });
      response.json(presentDeletedWithId("tax.customer", deleted));
    }),
  );
  return router;
}
