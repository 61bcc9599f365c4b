// The fuzz catalogue covers the gateway's route table exactly: a new route without a
// fuzz entry (or a stale entry) fails here.
import { describe, expect, it } from "vitest";
import { restCatalogue } from "./rest-catalogue.js";
import { gatewayRouteTable, routeKey } from "./route-table.js";

describe("security fuzz catalogue", () => {
  it("has one entry for every gateway route and none for a route that does not exist", () => {
    const routes = gatewayRouteTable().map(routeKey).sort();
    const entries = restCatalogue.map(routeKey).sort();
    expect(routes.length).toBeGreaterThan(30);
    expect(new Set(entries).size).toBe(entries.length);
    expect(entries).toEqual(routes);
  });

  it("gives every path parameter a value and a body to every POST", () => {
    for (const endpoint of restCatalogue) {
      const names = [...endpoint.path.matchAll(/:(\w+)/g)].map((match) => match[1]);
      if (names.length > 0) expect(endpoint.params, routeKey(endpoint)).toBeDefined();
      if (endpoint.method === "POST") expect(endpoint.body, routeKey(endpoint)).toBeDefined();
    }
  });
});
