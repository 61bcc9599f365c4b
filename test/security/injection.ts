// NoSQL-operator injection, enumerated (not random) so it runs in both modes, the
// MongoDB adapter included: every leaf of every valid body replaced by each operator
// object, "$" keys added to every object, operator strings as every path parameter and
// every query value. Bodies and ids must be refused; a filter given an operator string
// must match nothing (it is a literal, never a query).
import { describe, it, expect } from "vitest";
import { routeKey } from "./route-table.js";
import { restCatalogue } from "./rest-catalogue.js";
import { operatorStrings, operatorValues, pathsOf, setAt, type Json } from "./poison.js";
import { createSender, inBatches, pathOf } from "./requests.js";
import { expectCleanAnswer, expectRejected } from "./verdict.js";
import type { FuzzContext } from "./rest-fuzz.js";

const filterParams = new Set([
  "customer",
  "status",
  "jurisdiction",
  "certificate_type",
  "expires_from",
  "expires_to",
  "email",
  "name_prefix",
]);

export function describeInjection(ctx: FuzzContext): void {
  describe("NoSQL-operator injection", () => {
    const send = (...args: Parameters<ReturnType<typeof createSender>>) => createSender(ctx.restUrl)(...args);

    it("every body field of every POST endpoint, replaced by an operator object or given a $-key, is refused", async () => {
      for (const endpoint of restCatalogue.filter((entry) => entry.body)) {
        const valid = endpoint.body!(ctx.world) as Json;
        for (const path of pathsOf(valid)) {
          const bodies: Array<[string, Json]> =
            path.length === 0 ? [] : operatorValues.map((value) => [JSON.stringify(value), setAt(valid, path, value)]);
          const target = path.reduce<any>((node, step) => node[step], valid);
          if (target !== null && typeof target === "object" && !Array.isArray(target)) {
            bodies.push(
              ["$where key", setAt(valid, path, { ...target, $where: "return true" })],
              ["$gt key", setAt(valid, path, { ...target, $gt: "" })],
            );
          }
          await inBatches(bodies, async ([what, body]) => {
            const response = await send(endpoint, ctx.world, { body });
            ctx.tally.check("operator injection", `${routeKey(endpoint)} ${path.join(".") || "(root)"} ${what}`, () =>
              expectRejected(response),
            );
          });
        }
      }
    });

    it("every path parameter given an operator string is not found (or refused)", async () => {
      for (const endpoint of restCatalogue) {
        const names = [...endpoint.path.matchAll(/:(\w+)/g)].map((match) => match[1]!);
        for (const name of names) {
          await inBatches(operatorStrings, async (value) => {
            const response = await send(endpoint, ctx.world, { path: pathOf(endpoint, ctx.world, { [name]: value }) });
            ctx.tally.check("operator injection", `${routeKey(endpoint)} :${name}=${value}`, () =>
              expectRejected(response),
            );
          });
        }
      }
    });

    it("every query parameter given an operator string is refused or matches nothing", async () => {
      for (const endpoint of restCatalogue.filter((entry) => entry.query)) {
        const valid = endpoint.query!(ctx.world);
        for (const key of Object.keys(valid)) {
          await inBatches(
            [...operatorStrings, ...operatorValues.map((item) => JSON.stringify(item))],
            async (value) => {
              const response = await send(endpoint, ctx.world, { query: { ...valid, [key]: value } });
              ctx.tally.check("operator injection", `${routeKey(endpoint)} ?${key}=${value}`, () => {
                expectCleanAnswer(response);
                if (filterParams.has(key) && response.status === 200)
                  expect(response.body.data, JSON.stringify(response.body).slice(0, 300)).toEqual([]);
              });
            },
          );
          const bracket = await send(endpoint, ctx.world, { query: { ...valid, [`${key}[$ne]`]: "x" } });
          ctx.tally.check("operator injection", `${routeKey(endpoint)} ?${key}[$ne]=x`, () =>
            expectCleanAnswer(bracket),
          );
        }
      }
    });
  });
}
