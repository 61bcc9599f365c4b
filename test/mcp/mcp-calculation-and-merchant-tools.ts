// Issue 21 item 6, the rest of it, through the official TypeScript MCP client (listTools()
// first, as hosts do): calculate_tax answers and stores as POST /tax/calculations does (the
// tool's calculation is recorded through REST), the customer and merchant list filters,
// and the merchant write tools behind MCP_WRITE_TOOLS. A fresh account of its own, so
// the seeded account's counts stay as the other suites expect them.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { McpError } from "@modelcontextprotocol/sdk/types.js";
import { createAccount, type AccountKeys } from "../support/api.js";
import type { McpBridgeReplica } from "../support/system.js";
import { callTool, connectMcp, ok, toolError, withMcp } from "./mcp-client.js";
import type { McpContext } from "./mcp-suite.js";

const V = "2026-03-01";
export const detroitOrder = {
  customer: {
    address: {
      address_line_1: "1 Woodward Ave",
      address_province: "MI",
      address_postal_code: "48226",
      address_country: "US",
    },
  },
  order_details: {
    customer_currency_code: "usd",
    line_items: [
      { amount: 12_345, quantity: 3, product_category: "GENERAL_MERCHANDISE", reference_line_item_id: "l1" },
      { amount: 999, product_category: "CLOTHING_GENERAL" },
    ],
  },
};
const bookshop = {
  reference_merchant_id: "mcp-books",
  name: "Berlin Books",
  email: "Shop@Example.de",
  default_address: { address_line_1: "Unter den Linden 1", address_postal_code: "10117", address_country: "de" },
  tax_ids: [{ type: "de_vat", value: "DE 123456789" }],
};

/** A calculation's answer without what differs between two calculations of one order (ids, times). */
const sameOrder = ({ id: _id, created_at: _created, expires_at: _expires, transacted_at: _at, ...rest }: any) => ({
  ...rest,
  line_items: rest.line_items.map(({ line_item_id: _line, ...line }: any) => line),
});

export function describeCalculationAndMerchantTools(ctx: McpContext): void {
  describe("calculate_tax, list filters and merchant write tools", () => {
    let agent: AccountKeys;
    let writer: McpBridgeReplica;
    const call = (name: string, args: Record<string, unknown> = {}, key = agent.testSecret, url = ctx.system.mcpUrl) =>
      withMcp(url, key, (client) => callTool(client, name, args));
    const write = (name: string, args: Record<string, unknown>, key = agent.testSecret) =>
      call(name, args, key, writer.mcpUrl);

    beforeAll(async () => {
      agent = await createAccount(ctx.system.restUrl, ctx.system.adminToken, "MCP agent");
      writer = await ctx.system.startMcpBridgeReplica({
        MCP_WRITE_TOOLS: "true",
        MCP_RATE_LIMIT: "100000",
        MCP_RATE_WINDOW_SECONDS: "3600",
      });
    });
    afterAll(() => writer?.stop());

    it("calculate_tax and calculate_platform_tax are offered without the write switch and annotated as storing, not read-only, destructive or idempotent", async () => {
      const client = await connectMcp(ctx.system.mcpUrl, agent.testSecret);
      try {
        const tools = (await client.listTools()).tools;
        for (const name of ["calculate_tax", "calculate_platform_tax"])
          expect(tools.find((listed) => listed.name === name)?.annotations, name).toEqual({
            readOnlyHint: false,
            destructiveHint: false,
            idempotentHint: false,
            openWorldHint: false,
          });
        const tool = tools.find((listed) => listed.name === "calculate_tax");
        expect(tool?.inputSchema.required).toEqual(["customer", "order_details"]);
      } finally {
        await client.close();
      }
    });

    it("calculate_tax answers as POST /tax/calculations, and its calculation is recorded by POST /tax/transactions", async () => {
      const calculated = ok(await call("calculate_tax", detroitOrder));
      const rest = await ctx.api("/tax/calculations", { key: agent.testSecret, version: V, body: detroitOrder });
      expect(rest.status).toBe(200);
      expect(sameOrder(calculated)).toEqual(sameOrder(rest.body));
      expect(calculated).toMatchObject({
        object: "tax.calculation",
        testmode: true,
        customer_currency_code: "USD",
        total_amount_excluding_tax: 12_345 + 999,
        address_used: expect.objectContaining({ address_postal_code: "48226" }),
      });
      expect(calculated.total_tax_amount).toBeGreaterThan(0);
      const recorded = await ctx.api("/tax/transactions", {
        key: agent.testSecret,
        body: { calculation_id: calculated.id, reference_order_id: "mcp-calc-1" },
      });
      expect(recorded.status, JSON.stringify(recorded.body)).toBe(200);
      expect(recorded.body).toMatchObject({
        calculation_id: calculated.id,
        total_tax_amount: calculated.total_tax_amount,
      });
      expect(ok(await call("get_transaction_by_order", { reference_order_id: "mcp-calc-1" }))).toEqual(recorded.body);
      // Once: the calculation is spent, as a REST one is.
      const again = await ctx.api("/tax/transactions", {
        key: agent.testSecret,
        body: { calculation_id: calculated.id, reference_order_id: "mcp-calc-2" },
      });
      expect(again.status).toBeGreaterThanOrEqual(400);
    });

    it("calculate_platform_tax answers as POST /tax/platform/calculations, and POST /tax/platform/transactions records it", async () => {
      const seller = await ctx.api("/tax/merchants", {
        key: agent.testSecret,
        version: V,
        body: {
          reference_merchant_id: "mcp-seller",
          name: "Detroit Seller",
          default_address: detroitOrder.customer.address,
        },
      });
      expect(seller.status).toBe(200);
      const sale = {
        customer: detroitOrder.customer,
        merchant: { merchant_id: "mcp-seller" },
        order_details: {
          customer_currency_code: "USD",
          line_items: [{ amount: 2500, quantity: 2, product_category: "GENERAL_MERCHANDISE" }],
        },
        fee_details: {
          customer_currency_code: "USD",
          line_items: [{ amount: 300, product_category: "GENERAL_MERCHANDISE" }],
        },
        roles: ["marketplace_provider"],
      };
      const calculated = ok(await call("calculate_platform_tax", sale));
      const rest = await ctx.api("/tax/platform/calculations", { key: agent.testSecret, version: V, body: sale });
      expect(rest.status).toBe(200);
      const withoutIds = (answer: any) => ({
        ...sameOrder(answer),
        fee_line_items: answer.fee_line_items.map(({ line_item_id: _line, ...line }: any) => line),
      });
      expect(withoutIds(calculated)).toEqual(withoutIds(rest.body));
      expect(calculated).toMatchObject({
        merchant: { id: seller.body.id },
        totals: { order: { amount_excluding_tax: 5000 } },
      });
      const recorded = await ctx.api("/tax/platform/transactions", {
        key: agent.testSecret,
        version: V,
        body: {
          platform_calculation_id: calculated.id,
          reference_order_id: "mcp-platform-1",
          reference_payment_id: "pay-1",
        },
      });
      expect(recorded.status, JSON.stringify(recorded.body)).toBe(200);
      expect(ok(await call("get_transaction_by_order", { reference_order_id: "mcp-platform-1" })).calculation_id).toBe(
        calculated.id,
      );
      expect(
        toolError(await call("calculate_platform_tax", { ...sale, merchant: { merchant_id: "nobody" } })).error_code,
      ).toBe("merchant_not_found");
      expect(toolError(await call("calculate_platform_tax", { ...sale, roles: [] })).error_message).toMatch(/roles/);
      // Another account's key does not find the merchant.
      expect(toolError(await call("calculate_platform_tax", sale, ctx.account.testSecret)).error_code).toBe(
        "merchant_not_found",
      );
    });

    it("a calculation belongs to the key's account and mode: another account or mode cannot record it", async () => {
      const calculated = ok(await call("calculate_tax", detroitOrder));
      for (const key of [ctx.account.testSecret, agent.liveSecret]) {
        const stolen = await ctx.api("/tax/transactions", {
          key,
          body: { calculation_id: calculated.id, reference_order_id: `mcp-stolen-${key.slice(0, 7)}` },
        });
        expect(stolen.status).toBe(404);
        expect(stolen.body.error.error_code).toBe("calculation_not_found");
      }
      const live = ok(await call("calculate_tax", detroitOrder, agent.liveSecret));
      expect(live.testmode).toBe(false);
    });

    it("calculate_tax refuses what REST refuses, as tool errors naming the field", async () => {
      const line = detroitOrder.order_details.line_items[0]!;
      const withLine = (changes: Record<string, unknown>) => ({
        ...detroitOrder,
        order_details: { ...detroitOrder.order_details, line_items: [{ ...line, ...changes }] },
      });
      const cases: Array<[Record<string, unknown>, string, RegExp]> = [
        [withLine({ amount: -1 }), "invalid_arguments", /order_details\.line_items\.0\.amount/],
        [withLine({ amount: 1.5 }), "invalid_arguments", /order_details\.line_items\.0\.amount/],
        [{ ...detroitOrder, order_details: undefined }, "invalid_arguments", /order_details/],
        [{ ...detroitOrder, account_id: ctx.account.accountId }, "invalid_arguments", /account_id/],
        [withLine({ product_category: "SPACESHIPS" }), "invalid_product_category", /SPACESHIPS/],
        [
          withLine({ reference_product_id: "no-such-product", product_category: undefined }),
          "product_not_found",
          /no-such-product/,
        ],
        [
          { ...detroitOrder, customer: { address: { address_country: "AQ" } } },
          "unsupported_jurisdiction",
          /AQ|Antarctica/,
        ],
        [{ ...detroitOrder, customer: { address: { address_country: "UK" } } }, "invalid_arguments", /address_country/],
        [
          { ...detroitOrder, customer: { ...detroitOrder.customer, id: "cust_00000000000000000000" } },
          "customer_not_found",
          /cust_/,
        ],
        [{ ...detroitOrder, customer: { ip: { value: "999.1.1.1" } } }, "invalid_ip_format", /ip/],
        [
          {
            ...detroitOrder,
            customer: { address: { address_country: "US", address_province: "CA", address_postal_code: "48226" } },
          },
          "invalid_address",
          /./,
        ],
      ];
      for (const [args, code, message] of cases) {
        const error = toolError(await call("calculate_tax", args));
        expect(error.error_code, JSON.stringify(args)).toBe(code);
        expect(error.error_message, JSON.stringify(args)).toMatch(message);
      }
    });

    it("list_customers and list_merchants filter by e-mail and name prefix (and the exempt flag), paging with the same filters", async () => {
      const names = ["Acme Corp", "acme east", "Zed Acme", "ACME West"];
      const customers = [];
      for (const [index, name] of names.entries()) {
        const created = await ctx.api("/tax/customers", {
          key: agent.testSecret,
          body: { name, email: `Filter${index}@Example.com`, is_tax_exempt: index === 3 },
        });
        customers.push(created.body);
      }
      const first = ok(await call("list_customers", { name_prefix: "acme", limit: 2 }));
      expect(first.data.map((customer: any) => customer.name)).toEqual(["Acme Corp", "acme east"]);
      const second = ok(await call("list_customers", { name_prefix: "acme", limit: 2, cursor: first.next_cursor }));
      expect(second).toMatchObject({ has_more: false, next_cursor: null });
      expect(second.data.map((customer: any) => customer.name)).toEqual(["ACME West"]);
      expect(
        toolError(await call("list_customers", { name_prefix: "zed", limit: 2, cursor: first.next_cursor })).error_code,
      ).toBe("invalid_cursor");
      const exempt = ok(await call("list_customers", { name_prefix: "ACME", is_tax_exempt: true }));
      expect(exempt.data.map((customer: any) => customer.id)).toEqual([customers[3].id]);
      const byEmail = ok(await call("list_customers", { email: "filter1@example.COM" }));
      expect(byEmail.data).toEqual([customers[1]]);
      // As REST's GET /tax/customers answers the same filters.
      const rest = await ctx.api("/tax/customers?name_prefix=acme&is_tax_exempt=false", { key: agent.testSecret });
      expect(ok(await call("list_customers", { name_prefix: "acme", is_tax_exempt: false }))).toEqual(rest.body);
      expect(toolError(await call("list_customers", { name_prefix: "" })).error_code).toBe("invalid_arguments");
      expect(toolError(await call("list_customers", { is_tax_exempt: "yes" })).error_code).toBe("invalid_arguments");
      expect(ok(await call("list_customers", { name_prefix: ".*" })).data).toEqual([]);

      await ctx.api("/tax/merchants", {
        key: agent.testSecret,
        version: V,
        body: { ...bookshop, reference_merchant_id: "f-1" },
      });
      await ctx.api("/tax/merchants", {
        key: agent.testSecret,
        version: V,
        body: { reference_merchant_id: "f-2", name: "Bremen Bikes", email: "shop@example.de" },
      });
      const berlin = ok(await call("list_merchants", { name_prefix: "berlin" }));
      expect(berlin.data.map((merchant: any) => merchant.reference_merchant_id)).toEqual(["f-1"]);
      const shop = ok(await call("list_merchants", { email: "SHOP@example.de" }));
      expect(shop.data.map((merchant: any) => merchant.reference_merchant_id)).toEqual(["f-1", "f-2"]);

      // Tenant isolation: another account and the other mode find none of them.
      for (const key of [ctx.account.testSecret, agent.liveSecret]) {
        for (const args of [{ name_prefix: "acme" }, { email: "filter1@example.com" }, { is_tax_exempt: true }]) {
          const seen = ok(await call("list_customers", args, key)).data.map((customer: any) => customer.id);
          for (const customer of customers) expect(seen).not.toContain(customer.id);
        }
        expect(ok(await call("list_customers", { name_prefix: "acme" }, key)).data).toEqual([]);
        expect(ok(await call("list_merchants", { name_prefix: "berlin" }, key)).data).toEqual([]);
        expect(ok(await call("list_merchants", { email: "shop@example.de" }, key)).data).toEqual([]);
      }
    });

    it("the merchant write tools are absent while the switch is off", async () => {
      const client = await connectMcp(ctx.system.mcpUrl, agent.testSecret);
      try {
        const names = (await client.listTools()).tools.map((tool) => tool.name);
        for (const name of ["create_merchant", "update_merchant", "delete_merchant"]) {
          expect(names).not.toContain(name);
          await expect(client.callTool({ name, arguments: { merchant_id: "x", ...bookshop } })).rejects.toBeInstanceOf(
            McpError,
          );
        }
      } finally {
        await client.close();
      }
    });

    it("create_merchant, update_merchant and delete_merchant change merchants as REST sees them, with REST's rules", async () => {
      const created = ok(await write("create_merchant", bookshop));
      expect(created).toMatchObject({
        object: "tax.merchant",
        reference_merchant_id: "mcp-books",
        default_address: expect.objectContaining({ address_country: "DE" }),
        tax_ids: [{ type: "de_vat", value: "DE123456789" }],
        testmode: true,
      });
      expect((await ctx.api("/tax/merchants/mcp-books", { key: agent.testSecret, version: V })).body).toEqual(created);
      expect(toolError(await write("create_merchant", bookshop)).error_code).toBe("duplicate_reference_id");
      const badTaxId = toolError(
        await write("create_merchant", {
          ...bookshop,
          reference_merchant_id: "mcp-2",
          tax_ids: [{ type: "de_vat", value: "12" }],
        }),
      );
      expect(badTaxId).toMatchObject({
        error_code: "invalid_arguments",
        error_message: expect.stringMatching(/tax_ids|de_vat/),
      });
      expect(toolError(await write("create_merchant", { reference_merchant_id: "mcp-3" })).error_message).toMatch(
        /name/,
      );
      const contradiction = toolError(
        await write("create_merchant", {
          reference_merchant_id: "mcp-4",
          name: "x",
          default_address: { address_province: "CA", address_postal_code: "48226", address_country: "US" },
        }),
      );
      expect(contradiction.error_code).toMatch(/^invalid_(address|arguments)$/);
      expect(
        toolError(await write("create_merchant", { ...bookshop, reference_merchant_id: "merch_00000000000000000000" }))
          .error_code,
      ).toBe("invalid_arguments");

      const updated = ok(
        await write("update_merchant", { merchant_id: "mcp-books", name: "Berliner Bücher", tax_ids: [] }),
      );
      expect(updated).toMatchObject({ id: created.id, name: "Berliner Bücher", tax_ids: [], email: "Shop@Example.de" });
      expect((await ctx.api(`/tax/merchants/${created.id}`, { key: agent.testSecret, version: V })).body).toEqual(
        updated,
      );
      expect(toolError(await write("update_merchant", { merchant_id: "mcp-books" })).error_code).toBe(
        "invalid_arguments",
      );
      expect(toolError(await write("update_merchant", { merchant_id: "nobody", name: "x" })).error_code).toBe(
        "merchant_not_found",
      );
      expect(
        toolError(await write("update_merchant", { merchant_id: "mcp-books", email: "not-an-email" })).error_code,
      ).toBe("invalid_email");
      // Another account or mode cannot touch it.
      for (const key of [ctx.account.testSecret, agent.liveSecret]) {
        expect(
          toolError(await write("update_merchant", { merchant_id: created.id, name: "Mallory" }, key)).error_code,
        ).toBe("merchant_not_found");
        expect(toolError(await write("delete_merchant", { merchant_id: "mcp-books" }, key)).error_code).toBe(
          "merchant_not_found",
        );
      }

      const deleted = ok(await write("delete_merchant", { merchant_id: "mcp-books" }));
      expect(deleted).toEqual({
        object: "tax.merchant",
        id: created.id,
        deleted: true,
        deleted_at: expect.any(Number),
      });
      expect((await ctx.api(`/tax/merchants/${created.id}`, { key: agent.testSecret, version: V })).status).toBe(404);
      expect(toolError(await write("delete_merchant", { merchant_id: created.id })).error_code).toBe(
        "merchant_not_found",
      );
      // The reference id is free again.
      expect(ok(await write("create_merchant", bookshop)).id).not.toBe(created.id);
    });
  });
}
