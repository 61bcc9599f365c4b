// Identifiers with characters a reader cannot see: every id field (id, *_id) of every
// REST body and every id argument of every agent tool, given a NUL, a right-to-left
// override or a lone surrogate, is refused as invalid_field naming that field (REST) or as
// a clean error naming the argument (MCP). Stored, such an id would look like another one
// in dashboards, filings and logs.
import { describe, expect, it } from "vitest";
import { routeKey } from "./route-table.js";
import { restCatalogue } from "./rest-catalogue.js";
import { callRaw, expectCleanToolAnswer } from "./mcp-protocol.js";
import { pathsOf, setAt, type Json, type PathStep } from "./poison.js";
import { createSender, inBatches } from "./requests.js";
import { expectRejected } from "./verdict.js";
import type { FuzzContext } from "./rest-fuzz.js";
import { liveTool, typeOf, validArgs, type McpSecurityContext, type Tool } from "./mcp-security.js";
import { rawMcp } from "../mcp/mcp-client.js";

export const hiddenIdentifiers: readonly string[] = [
  "ref\u0000nul",
  "ref\u202Eoverride",
  "ref\uD800lone",
  "ref\u2066isolate\u2069",
  "ref\nline",
];
const isIdentifierKey = (key: PathStep) => typeof key === "string" && /(^|_)id$/.test(key);
/** The gateway's name for a body path: customer.reference_customer_id, line_items[0].x. */
const fieldName = (path: readonly PathStep[]) =>
  path
    .map((step) => (typeof step === "number" ? `[${step}]` : step))
    .join(".")
    .replaceAll(".[", "[");

export function describeHiddenCharacters(rest: FuzzContext, mcp: McpSecurityContext): void {
  describe("hidden characters in identifiers", () => {
    it("every id field of every POST body is refused as invalid_field naming it", async () => {
      const send = createSender(rest.restUrl);
      let fields = 0;
      for (const endpoint of restCatalogue.filter((entry) => entry.body)) {
        const valid = endpoint.body!(rest.world) as Json;
        const idPaths = pathsOf(valid).filter(
          (path) =>
            isIdentifierKey(path.at(-1)!) && typeof path.reduce<any>((node, step) => node[step], valid) === "string",
        );
        fields += idPaths.length;
        for (const path of idPaths) {
          await inBatches(hiddenIdentifiers, async (value) => {
            const response = await send(endpoint, rest.world, { body: setAt(valid, path, value) });
            rest.tally.check(
              "hidden characters",
              `${routeKey(endpoint)} ${fieldName(path)}=${JSON.stringify(value)}`,
              () => {
                expectRejected(response);
                const context = JSON.stringify(response.body).slice(0, 300);
                expect(response.status, context).toBe(400);
                expect(response.body.error, context).toMatchObject({
                  error_code: "invalid_field",
                  error_meta: { field: fieldName(path) },
                });
              },
            );
          });
        }
      }
      // The catalogue has ids in customers, products, merchants, calculations, transactions, refunds and certificates.
      expect(fields).toBeGreaterThanOrEqual(10);
    });

    it("every id argument of every agent tool is refused, naming the argument", async () => {
      const list = await rawMcp(mcp.mcpUrl, { key: mcp.a.keys.testSecret });
      const tools: Tool[] = list.body.result.tools;
      let tried = 0;
      for (const tool of tools) {
        for (const [name, property] of Object.entries(tool.inputSchema.properties ?? {})) {
          if (!isIdentifierKey(name) || typeOf(property) !== "string") continue;
          tried += 1;
          const key = liveTool(tool.name) ? mcp.a.keys.liveSecret : mcp.a.keys.testSecret;
          const valid = validArgs(tool, mcp.a.world);
          await inBatches(hiddenIdentifiers, async (value) => {
            const answer = await callRaw(mcp.mcpUrl, key, tool.name, { ...valid, [name]: value });
            mcp.tally.check("hidden characters", `MCP ${tool.name} ${name}=${JSON.stringify(value)}`, () => {
              const context = JSON.stringify(answer.body).slice(0, 400);
              expect(expectCleanToolAnswer(answer).isError, context).toBe(true);
              expect(context).toContain(name);
            });
          });
        }
      }
      expect(tried).toBeGreaterThanOrEqual(8);
    });
  });
}
