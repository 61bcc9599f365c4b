// The random REST fuzz (embedded only): for every catalogue endpoint, fast-check
// properties with a fixed seed mutate the valid body, path parameters, query and
// headers. Every answer must be clean (no 5xx, the public error shape, a named field);
// operator and prototype-key bodies must be refused (injection.ts checks operator ids).
import fc from "fast-check";
import { describe, it } from "vitest";
import { routeKey } from "./route-table.js";
import { restCatalogue, type FuzzWorld } from "./rest-catalogue.js";
import { hostileStringArb, mutationArb, operatorStrings, type Json } from "./poison.js";
import { createSender, pathOf } from "./requests.js";
import { expectCleanAnswer, expectRejected, type Tally } from "./verdict.js";

export interface FuzzContext {
  restUrl: string;
  world: FuzzWorld;
  tally: Tally;
}

const seed = 20261123;
const runs = Number(process.env.SECURITY_FUZZ_RUNS ?? 24);
const asciiArb = fc.oneof(
  fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((code) => String.fromCharCode(code)), maxLength: 60 }),
  fc.constantFrom(...operatorStrings, "x".repeat(8_000)),
);

export function describeRestFuzz(ctx: FuzzContext): void {
  describe("REST fuzz (fast-check)", () => {
    const send = (...args: Parameters<ReturnType<typeof createSender>>) => createSender(ctx.restUrl)(...args);

    for (const endpoint of restCatalogue) {
      const name = routeKey(endpoint);
      const names = [...endpoint.path.matchAll(/:(\w+)/g)].map((match) => match[1]!);

      if (endpoint.body) {
        it(`${name}: mutated bodies`, async () => {
          await fc.assert(
            fc.asyncProperty(
              fc.constant(null).chain(() => mutationArb(endpoint.body!(ctx.world) as Json)),
              async (mutation) => {
                const response = await send(endpoint, ctx.world, { body: mutation.body });
                ctx.tally.check(mutation.category, `${name} ${mutation.describe}`, () => {
                  if (mutation.category === "operator injection" || mutation.category === "prototype keys")
                    expectRejected(response);
                  else expectCleanAnswer(response);
                });
              },
            ),
            { seed, numRuns: runs * 2, endOnFailure: true },
          );
        });
      }

      if (names.length > 0) {
        it(`${name}: hostile path parameters`, async () => {
          await fc.assert(
            fc.asyncProperty(fc.constantFrom(...names), hostileStringArb, fc.boolean(), async (param, value, raw) => {
              const path = raw
                ? pathOf(endpoint, ctx.world, { [param]: value.replace(/[?#]/g, "") }, true)
                : pathOf(endpoint, ctx.world, { [param]: value });
              const response = await send(endpoint, ctx.world, { path });
              // Not necessarily refused: the body fuzz may have created a record with this very reference id.
              ctx.tally.check("path", `${name} ${param}=${JSON.stringify(value.slice(0, 40))} raw=${raw}`, () =>
                expectCleanAnswer(response),
              );
            }),
            { seed, numRuns: runs, endOnFailure: true },
          );
        });
      }

      it(`${name}: hostile query parameters and headers`, async () => {
        const validQuery = endpoint.query?.(ctx.world) ?? {};
        const keys = [
          ...Object.keys(validQuery),
          "limit",
          "cursor",
          "customer[$ne]",
          "__proto__",
          "constructor[prototype][polluted]",
        ];
        await fc.assert(
          fc.asyncProperty(
            fc.constantFrom(...keys),
            hostileStringArb,
            fc.constantFrom("x-api-version", "idempotency-key", "authorization", "content-type", "x-request-id"),
            asciiArb,
            async (key, value, header, headerValue) => {
              const query = { ...validQuery, [key]: value };
              const response = await send(endpoint, ctx.world, { query });
              ctx.tally.check("query", `${name} ?${key}=${JSON.stringify(value.slice(0, 40))}`, () =>
                expectCleanAnswer(response),
              );
              const withHeader = await send(endpoint, ctx.world, {
                headers: { [header]: header === "authorization" ? `Bearer ${headerValue}` : headerValue },
              });
              ctx.tally.check("header", `${name} ${header}: ${JSON.stringify(headerValue.slice(0, 40))}`, () =>
                expectCleanAnswer(withHeader),
              );
            },
          ),
          { seed, numRuns: Math.ceil(runs / 2), endOnFailure: true },
        );
      });
    }
  });
}
