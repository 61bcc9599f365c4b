// The agent-tool endpoint under attack: every tool from tools/list with mutated
// arguments (random, embedded), operator objects in every argument (both modes), and
// account A's records asked for by account B and by A's other mode (both modes). A tool
// answers a result or a tool error with error_code and error_message, never
// internal_error, never a JSON-RPC -32603, never another account's record.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { rawMcp } from "../mcp/mcp-client.js";
import { callRaw, expectCleanToolAnswer } from "./mcp-protocol.js";
import { juneFiling } from "../mcp/mcp-seed.js";
import { inBatches } from "./requests.js";
import { mutationArb, operatorValues, operatorStrings, type Json } from "./poison.js";
import type { FuzzWorld } from "./rest-catalogue.js";
import type { SeededAccount } from "./world.js";
import type { Tally } from "./verdict.js";

export interface McpSecurityContext {
  mcpUrl: string;
  a: SeededAccount;
  b: SeededAccount;
  tally: Tally;
  /** Run the random argument fuzz (embedded only). */
  fuzz: boolean;
}

export interface Tool {
  name: string;
  inputSchema: { properties?: Record<string, { type?: string }>; required?: string[] };
}

export const liveTool = (name: string) => /certificate|buyer|upload/.test(name);

/** A calculation Levy can answer (Detroit, one line). */
const calculationArgs = {
  customer: { address: { address_postal_code: "48226", address_province: "MI", address_country: "US" } },
  order_details: {
    customer_currency_code: "USD",
    line_items: [{ amount: 1000, product_category: "GENERAL_MERCHANDISE" }],
  },
};

/** A property's JSON type; optional ones are advertised as anyOf [schema, {type: "null"}]. */
export function typeOf(property: any): unknown {
  return property?.type ?? property?.anyOf?.find((branch: any) => branch.type !== "null")?.type;
}

/** Valid arguments for a tool from the seeded world, by argument name. */
export function validArgs(tool: Tool, world: FuzzWorld): Record<string, Json> {
  const known: Record<string, Json> = {
    customer_id: world.seed.customers[0].id,
    customer: world.live.customerId,
    certificate_id: world.live.certificateId,
    merchant_id: world.seed.merchants[0].id,
    reference_product_id: world.seed.products[1].reference_product_id,
    filing_id: juneFiling,
    transaction_id: world.seed.transactions.juneA.id,
    request_id: world.live.requestId,
    upload_id: world.live.uploadId,
    buyer_id: world.live.buyerId,
    from: "2025-01-01",
    to: "2025-12-31",
    limit: 5,
    document_url: world.live.documentUrl,
    legal_name: "Fuzz Buyer LLC",
    product_category: "GENERAL_MERCHANDISE",
    reference_product_name: "Fuzzed",
    reason: "fuzz",
    email: "fuzz@example.com",
    name_prefix: "Ad",
    is_tax_exempt: false,
    reference_merchant_id: "fuzz-merchant",
    order_details: calculationArgs.order_details,
  };
  // A calculation's customer is a place, not the certificate tools' customer selector.
  if (tool.name.startsWith("calculate_")) {
    known.customer = calculationArgs.customer;
    known.merchant = { merchant_id: world.seed.merchants[0].id };
    known.roles = ["marketplace_provider"];
  }
  if (liveTool(tool.name) && tool.name.includes("customer")) known.customer_id = world.live.customerId;
  const args: Record<string, Json> = {};
  for (const name of Object.keys(tool.inputSchema.properties ?? {})) {
    if (
      name === "customer" &&
      !tool.name.startsWith("calculate_") &&
      typeOf(tool.inputSchema.properties![name]) === "object"
    )
      args[name] = { id: world.live.customerId };
    else if (name in known) args[name] = known[name]!;
    else if (tool.inputSchema.required?.includes(name))
      args[name] = typeOf(tool.inputSchema.properties![name]) === "integer" ? 1 : "x";
  }
  return args;
}

export function describeMcpSecurity(ctx: McpSecurityContext): void {
  describe("agent-tool endpoint", () => {
    let tools: Tool[] = [];
    const keyFor = (name: string, account = ctx.a) =>
      liveTool(name) ? account.keys.liveSecret : account.keys.testSecret;

    it("lists the tools to attack (write tools enabled)", async () => {
      const list = await rawMcp(ctx.mcpUrl, { key: ctx.a.keys.testSecret });
      tools = list.body.result.tools;
      expect(tools.map((tool) => tool.name)).toEqual(
        expect.arrayContaining(["get_customer", "create_product", "upload_certificate", "get_sales_summary"]),
      );
    });

    // The random fuzz is registered in embedded mode only (not skipped elsewhere), like
    // the REST fuzz: distributed mode runs the targeted checks.
    if (ctx.fuzz)
      it("every tool with mutated arguments answers a clean result or tool error", async () => {
        for (const tool of tools) {
          const valid = validArgs(tool, ctx.a.world);
          await fc.assert(
            fc.asyncProperty(mutationArb(valid), async (mutation) => {
              const answer = await callRaw(ctx.mcpUrl, keyFor(tool.name), tool.name, mutation.body);
              ctx.tally.check("MCP arguments", `${tool.name} ${mutation.describe}`, () => {
                const outcome = expectCleanToolAnswer(answer);
                if (mutation.category === "operator injection" || mutation.category === "prototype keys")
                  expect(outcome.isError, JSON.stringify(answer.body).slice(0, 300)).toBe(true);
              });
            }),
            {
              seed: 20261123,
              numRuns: Math.ceil(Number(process.env.SECURITY_FUZZ_RUNS ?? 24) / 3),
              endOnFailure: true,
            },
          );
        }
      });

    it("operator objects and strings in every argument are refused or match nothing", async () => {
      for (const tool of tools) {
        const valid = validArgs(tool, ctx.a.world);
        for (const name of Object.keys(valid)) {
          await inBatches([...operatorValues.slice(0, 4), ...operatorStrings.slice(0, 3)], async (value) => {
            const answer = await callRaw(ctx.mcpUrl, keyFor(tool.name), tool.name, { ...valid, [name]: value });
            ctx.tally.check("MCP operator injection", `${tool.name} ${name}=${JSON.stringify(value)}`, () => {
              const outcome = expectCleanToolAnswer(answer);
              if (typeof value === "object") expect(outcome.isError).toBe(true);
              else if (
                !outcome.isError &&
                Array.isArray(outcome.content?.data) &&
                ["customer", "merchant_id"].includes(name)
              )
                expect(outcome.content.data).toEqual([]);
            });
          });
        }
      }
    });

    it("account B and A's other mode get the not-found answer for A's records", async () => {
      const { world } = ctx.a;
      const byId: Array<[string, Record<string, unknown>]> = [
        ["get_customer", { customer_id: world.seed.customers[0].id }],
        ["get_customer", { customer_id: world.seed.customers[0].reference_customer_id }],
        ["get_merchant", { merchant_id: world.seed.merchants[0].id }],
        ["get_merchant", { merchant_id: world.seed.merchants[0].reference_merchant_id }],
        ["get_product", { reference_product_id: world.seed.products[0].reference_product_id }],
        ["get_transaction", { transaction_id: world.seed.transactions.juneA.id }],
        ["list_refunds", { transaction_id: world.seed.transactions.juneA.id }],
        [
          "update_product",
          { reference_product_id: world.seed.products[0].reference_product_id, reference_product_name: "Mallory" },
        ],
        ["delete_product", { reference_product_id: world.seed.products[0].reference_product_id }],
        ["update_merchant", { merchant_id: world.seed.merchants[0].id, name: "Mallory" }],
        ["delete_merchant", { merchant_id: world.seed.merchants[0].reference_merchant_id }],
        [
          "calculate_platform_tax",
          {
            ...calculationArgs,
            merchant: { merchant_id: world.seed.merchants[0].id },
            roles: ["marketplace_provider"],
          },
        ],
        ["list_transactions", { merchant_id: world.seed.merchants[0].id }],
        ["get_certificate", { certificate_id: world.live.certificateId }],
        ["get_certificate_upload", { upload_id: world.live.uploadId }],
        ["get_certificate_request", { request_id: world.live.requestId }],
        ["link_buyer", { buyer_id: world.live.buyerId, customer: { id: world.live.customerId } }],
      ];
      const attackers = [ctx.b.keys.testSecret, ctx.b.keys.liveSecret, ctx.a.keys.liveSecret];
      for (const [tool, args] of byId) {
        const known = tools.find((item) => item.name === tool);
        if (!known) continue;
        for (const key of liveTool(tool)
          ? [ctx.b.keys.liveSecret, ctx.a.keys.testSecret, ctx.b.keys.testSecret]
          : attackers) {
          const answer = await callRaw(ctx.mcpUrl, key, tool, args);
          ctx.tally.check("tenancy: MCP", `${key.slice(0, 8)} ${tool} ${JSON.stringify(args)}`, () => {
            const outcome = expectCleanToolAnswer(answer);
            expect(outcome.isError, JSON.stringify(answer.body).slice(0, 300)).toBe(true);
            expect(outcome.error_code).toMatch(/not_found$|^live_mode_required$/);
          });
        }
      }
    });

    it("no MCP list shows A's records to B or to A's other mode", async () => {
      const seedIds = (seed: any) =>
        [...seed.customers, ...seed.products, ...seed.merchants, ...Object.values(seed.transactions), seed.refund].map(
          (record: any) => record.id,
        );
      const aIds = new Set([
        ...seedIds(ctx.a.world.seed),
        ...seedIds(ctx.a.liveSeed),
        ctx.a.world.live.certificateId,
        ctx.a.world.live.uploadId,
        ctx.a.world.live.requestId,
      ]);
      const lists = tools.filter((tool) => tool.name.startsWith("list_") && tool.name !== "list_tax_categories");
      // Each list unfiltered, then filtered by A's customer (id and reference) where it filters by customer.
      const customers = [
        ctx.a.world.live.customerId,
        ctx.a.liveSeed.customers[0].reference_customer_id,
        ctx.a.world.seed.customers[0].id,
      ];
      const calls = lists.flatMap((tool) => {
        const base = tool.name === "list_refunds" ? { transaction_id: ctx.b.world.seed.transactions.juneA.id } : {};
        const properties = tool.inputSchema.properties ?? {};
        const filtered = [
          ...("customer" in properties ? customers.map((customer) => ({ ...base, customer })) : []),
          // A's names and e-mail addresses, as the customer and merchant filters take them.
          ...("name_prefix" in properties ? ["Ada", "Merchant", "a"].map((name_prefix) => ({ name_prefix })) : []),
          ...("email" in properties
            ? [ctx.a.world.seed.customers[0].email, ctx.a.liveSeed.customers[0].email].map((email) => ({ email }))
            : []),
        ];
        return [base, ...filtered].map((args) => ({ tool, args }));
      });
      for (const key of [ctx.b.keys.testSecret, ctx.b.keys.liveSecret]) {
        for (const { tool, args } of calls) {
          const answer = await callRaw(ctx.mcpUrl, key, tool.name, args);
          ctx.tally.check("tenancy: MCP", `${key.slice(0, 8)} ${tool.name} ${JSON.stringify(args)}`, () => {
            const outcome = expectCleanToolAnswer(answer);
            const text = JSON.stringify(outcome.content ?? {});
            expect([...aIds].filter((id) => text.includes(id))).toEqual([]);
          });
        }
      }
    });
  });
}
