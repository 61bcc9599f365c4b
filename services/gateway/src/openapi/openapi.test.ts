// The OpenAPI document: a valid OpenAPI 3.1 document (checked by a validator library),
// listing exactly the routes express serves, with the limits of the shared kit.
import { pageLimits } from "@levy/kit";
import { Validator } from "@seriousme/openapi-schema-validator";
import { Registry } from "prom-client";
import { describe, expect, it } from "vitest";
import { createGatewayApp, type GatewayHttpOptions } from "../http/app.js";
import { registeredRoutes } from "../http/allowed-methods.js";
import { openApiDocument } from "./openapi-document.js";
import { routeTable } from "./route-table.js";

/** Only what createGatewayApp touches while it builds the routes: nothing is called. */
function gatewayApp() {
  const unused = {} as never;
  const options: GatewayHttpOptions = {
    keyStore: unused,
    adminToken: "admin-token-for-the-route-table-0123456789",
    logger: unused,
    registry: new Registry(),
    ops: unused,
    upstream: { catalog: unused, calcEngine: unused, ledger: unused },
    idempotencyStore: unused,
    certificates: { client: unused, intake: unused, documents: unused, links: unused },
    bodyLimit: "1mb",
    webhooks: { store: unused, hosts: unused },
  };
  return createGatewayApp(options);
}

const document = openApiDocument() as { paths: Record<string, Record<string, any>> };
const documented = routeTable
  .filter((route) => !route.outsideExpress)
  .map((route) => `${route.method.toUpperCase()} ${route.path}`);

describe("the OpenAPI document", () => {
  it("is a valid OpenAPI 3.1 document", async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(document));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe("3.1");
  });

  it("lists every route express serves, and no route it does not serve", () => {
    const served = registeredRoutes(gatewayApp().router).map(
      ({ method, path }) => `${method} ${path.replaceAll(/:(\w+)/g, "{$1}")}`,
    );
    expect(served.length).toBeGreaterThan(40);
    expect([...new Set(served)].sort()).toEqual([...documented].sort());
    const inDocument = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(inDocument.length).toBe(routeTable.length);
  });

  it("gives every list the page size bounds of @levy/kit", () => {
    const limit = document.paths["/tax/customers"]!.get.parameters.find((p: { name: string }) => p.name === "limit");
    expect(limit.schema).toMatchObject({
      minimum: pageLimits.min,
      maximum: pageLimits.max,
      default: pageLimits.default,
    });
  });

  it("shows both error shapes on every error response, and names each resource once", () => {
    const shared = (document as unknown as { components: { responses: Record<string, any> } }).components.responses;
    const opsPaths = new Set(routeTable.filter((route) => route.outsideExpress).map((route) => route.path));
    for (const [path, item] of Object.entries(document.paths)) {
      if (opsPaths.has(path)) continue; // /readyz's 503 is its own answer, not an error
      for (const [status, response] of Object.entries<any>(item.get?.responses ?? item.post?.responses ?? {})) {
        if (Number(status) < 400) continue;
        expect(response, `${path} ${status}`).toEqual({ $ref: `#/components/responses/Error${status}` });
        expect(shared[`Error${status}`].content["application/json"].schema).toEqual({
          anyOf: [{ $ref: "#/components/schemas/FlatError" }, { $ref: "#/components/schemas/NestedError" }],
        });
      }
    }
    expect(document.paths["/tax/merchants"]!.get.responses["400"]).toBeDefined();
    expect(
      document.paths["/tax/customers/{customer_id}"]!.get.responses["200"].content["application/json"].schema,
    ).toEqual({
      $ref: "#/components/schemas/Customer",
    });
  });
});
