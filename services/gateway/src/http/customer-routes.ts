// /tax/customers: the gateway validates and shapes; the catalog service owns the rules.
import { Router } from "express";
import type { Client } from "@connectrpc/connect";
import { z } from "zod";
import type { CatalogService, Customer } from "@levy/proto/levy/catalog/v1/catalog_pb.js";
import { listEnvelope, listQuery } from "./pagination.js";
import { pathParam, routeHandler, scopeOf } from "./request-state.js";
import { parseInput } from "./validate.js";

const createCustomerBody = z.strictObject({
  reference_customer_id: z.string().trim().min(1).max(255).optional(),
  name: z.string().trim().max(255).optional(),
  email: z.string().trim().max(320).optional(),
  is_tax_exempt: z.boolean().default(false),
});

export function presentCustomer(customer: Customer) {
  return {
    object: "tax.customer",
    id: customer.id,
    reference_customer_id: customer.referenceCustomerId || null,
    name: customer.name || null,
    email: customer.email || null,
    is_tax_exempt: customer.isTaxExempt,
    created_at: Number(customer.createdAt),
    updated_at: Number(customer.updatedAt),
    testmode: !customer.livemode,
  };
}

export function customerRoutes(catalog: Client<typeof CatalogService>): Router {
  const router = Router();
  router.post("/", routeHandler(async (request, response) => {
    const body = parseInput(createCustomerBody, request.body);
    const { customer } = await catalog.createCustomer({
      scope: scopeOf(response),
      referenceCustomerId: body.reference_customer_id,
      name: body.name,
      email: body.email,
      isTaxExempt: body.is_tax_exempt,
    });
    response.json(presentCustomer(customer!));
  }));
  router.get("/", routeHandler(async (request, response) => {
    const query = parseInput(listQuery, request.query, "query");
    const page = await catalog.listCustomers({ scope: scopeOf(response), limit: query.limit, cursor: query.cursor ?? "" });
    response.json(listEnvelope(page.customers.map(presentCustomer), page.nextCursor));
  }));
  router.get("/:customer_id", routeHandler(async (request, response) => {
    const { customer } = await catalog.getCustomer({ scope: scopeOf(response), customerId: pathParam(request, "customer_id") });
    response.json(presentCustomer(customer!));
  }));
  return router;
}
