// Size and shape limits on every POST endpoint: bodies over the 1 MB limit (413 JSON),
// 10,000- and 100,000-level nesting, 200,000-element arrays, 2,000 valid line items,
// malformed and non-object bodies. Each must be a clean 4xx, never a 5xx or a hang.
import { describe, it, expect } from "vitest";
import { routeKey } from "./route-table.js";
import { restCatalogue } from "./rest-catalogue.js";
import { pathsOf, type Json } from "./poison.js";
import { createSender, pathOf } from "./requests.js";
import { expectRejected } from "./verdict.js";
import type { FuzzContext } from "./rest-fuzz.js";

const nested = (depth: number, open: string, close: string, inner = "1") =>
  open.repeat(depth) + inner + close.repeat(depth);
/** A JSON text of the valid body with the raw text `raw` in place of the first leaf. */
function withRaw(valid: Json, raw: string): string {
  const leaf = pathsOf(valid).find((path) => path.length === 1) ?? ["extra"];
  const marker = "\u0001RAW\u0001";
  return JSON.stringify({ ...(valid as Record<string, Json>), [leaf[0]!]: marker }).replace(
    JSON.stringify(marker),
    raw,
  );
}

export function describeLimits(ctx: FuzzContext): void {
  describe("size and shape limits", () => {
    const send = (...args: Parameters<ReturnType<typeof createSender>>) => createSender(ctx.restUrl)(...args);
    const posts = restCatalogue.filter((entry) => entry.method === "POST");

    it("a body over the limit is 413 payload_too_large in the JSON error shape", async () => {
      for (const endpoint of posts) {
        const response = await send(endpoint, ctx.world, { rawBody: JSON.stringify({ name: "x".repeat(1_100_000) }) });
        ctx.tally.check("oversized body", routeKey(endpoint), () => {
          expectRejected(response);
          expect(response.status).toBe(413);
          expect(response.body.error.error_code).toBe("payload_too_large");
        });
      }
    });

    it("deep nesting (10,000 and 100,000 levels of objects and arrays) is refused cleanly", async () => {
      const shapes = [
        nested(10_000, '{"a":', "}"),
        nested(10_000, "[", "]"),
        nested(100_000, '{"a":', "}"),
        nested(100_000, "[", "]"),
      ];
      for (const endpoint of posts) {
        for (const shape of shapes) {
          for (const rawBody of [shape, withRaw(endpoint.body!(ctx.world) as Json, shape)]) {
            const response = await send(endpoint, ctx.world, { rawBody });
            ctx.tally.check("deep nesting", `${routeKey(endpoint)} ${rawBody.length} bytes`, () =>
              expectRejected(response),
            );
          }
        }
      }
    });

    it("huge arrays (200,000 elements, 2,000 line items) are refused cleanly", async () => {
      const huge = `[${new Array(200_000).fill("0").join(",")}]`;
      const hugeObjects = `[${new Array(60_000).fill("{}").join(",")}]`;
      const lines = JSON.stringify(
        new Array(2_000).fill(null).map((_, index) => ({
          amount: 100,
          quantity: 1,
          product_category: "GENERAL_MERCHANDISE",
          reference_line_item_id: `l${index}`,
        })),
      );
      for (const endpoint of posts) {
        const valid = endpoint.body!(ctx.world) as Json;
        const bodies = [huge, withRaw(valid, huge), withRaw(valid, hugeObjects)];
        const order = (valid as Record<string, any>).order_details;
        if (order)
          bodies.push(
            JSON.stringify({ ...(valid as object), order_details: { ...order, line_items: JSON.parse(lines) } }),
          );
        for (const rawBody of bodies) {
          const response = await send(endpoint, ctx.world, { rawBody });
          ctx.tally.check("huge array", `${routeKey(endpoint)} ${rawBody.length} bytes`, () =>
            expectRejected(response),
          );
        }
      }
    });

    it("a path parameter that is not valid percent-encoding is 400 invalid_request naming the path (was a 500)", async () => {
      for (const endpoint of restCatalogue.filter((entry) => entry.path.includes(":"))) {
        const name = /:(\w+)/.exec(endpoint.path)![1]!;
        for (const raw of ["%zz", "%E0%A4%A", "abc%", "%ED%A0%80"]) {
          const response = await send(endpoint, ctx.world, {
            path: pathOf(endpoint, ctx.world, { [name]: raw }, true),
          });
          ctx.tally.check("path", `${routeKey(endpoint)} :${name}=${raw}`, () => {
            expectRejected(response);
            expect(response.body.error).toMatchObject({ error_code: "invalid_request", error_meta: { field: "path" } });
          });
        }
      }
    });

    it("malformed, empty and non-object bodies are 400 in the JSON error shape", async () => {
      const bodies = [
        "{",
        '{"a":}',
        "nul",
        '"text"',
        "42",
        "[]",
        "null",
        '{"a":1}}',
        '\uFEFF{"a":1}',
        '{"a":"\\ud800"}',
      ];
      for (const endpoint of posts) {
        for (const rawBody of bodies) {
          const response = await send(endpoint, ctx.world, {
            rawBody,
            headers: { "content-type": rawBody === "42" ? "text/plain" : "application/json" },
          });
          ctx.tally.check("malformed body", `${routeKey(endpoint)} ${JSON.stringify(rawBody)}`, () => {
            expectRejected(response);
            expect(response.status).toBe(400);
          });
        }
      }
    });
  });
}
