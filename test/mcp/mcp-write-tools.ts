// The write tools, on a second bridge started with MCP_WRITE_TOOLS=true (the main one
// runs with the default: write tools off).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { McpBridgeReplica } from "../support/system.js";
import { callTool, connectMcp, ok, toolError, withMcp } from "./mcp-client.js";
import { juneFiling } from "./mcp-seed.js";
import type { McpContext } from "./mcp-suite.js";

export function describeWriteTools(ctx: McpContext, readToolCount: number, writeTools: readonly string[]): void {
  describe("write tools (MCP_WRITE_TOOLS=true)", () => {
    let writer: McpBridgeReplica;
    const call = (name: string, args: Record<string, unknown> = {}) =>
      withMcp(writer.mcpUrl, ctx.account.testSecret, (client) => callTool(client, name, args));

    beforeAll(async () => {
      writer = await ctx.system.startMcpBridgeReplica({
        MCP_WRITE_TOOLS: "true",
        MCP_RATE_LIMIT: "100000",
        MCP_RATE_WINDOW_SECONDS: "3600",
      });
    });
    afterAll(() => writer?.stop());

    it("are listed only when enabled", async () => {
      const client = await connectMcp(writer.mcpUrl, ctx.account.testSecret);
      try {
        const names = (await client.listTools()).tools.map((tool) => tool.name);
        expect(names).toEqual(expect.arrayContaining([...writeTools]));
        expect(names).toHaveLength(readToolCount + writeTools.length);
      } finally {
        await client.close();
      }
    });

    it("carry truthful annotations: tools that overwrite, delete or decide for good are destructive", async () => {
      const client = await connectMcp(writer.mcpUrl, ctx.account.testSecret);
      try {
        const annotations = Object.fromEntries(
          (await client.listTools()).tools.map((tool) => [tool.name, tool.annotations]),
        );
        const destructive = [
          "create_product",
          "update_product",
          "delete_product",
          "approve_filing",
          "reject_filing",
          "link_buyer",
          "update_customer",
          "cancel_certificate_request",
          "update_merchant",
          "delete_merchant",
        ];
        for (const name of destructive)
          expect(annotations[name], name).toMatchObject({ readOnlyHint: false, destructiveHint: true });
        for (const name of ["create_buyer", "upload_certificate", "create_customer", "create_merchant"])
          expect(annotations[name], name).toMatchObject({ readOnlyHint: false, destructiveHint: false });
        // upload_certificate downloads a document from the caller's URL: an open world.
        expect(annotations.upload_certificate).toMatchObject({ openWorldHint: true });
        expect(annotations.update_product).toMatchObject({ idempotentHint: true });
        expect(annotations.create_buyer).toMatchObject({ idempotentHint: false });
        expect(annotations.list_filings).toMatchObject({ readOnlyHint: true, openWorldHint: false });
      } finally {
        await client.close();
      }
    });

    it("create_product, update_product and delete_product change the catalog as REST sees it", async () => {
      const created = ok(
        await call("create_product", {
          reference_product_id: "p-mcp",
          reference_product_name: "Mug",
          product_category: "GENERAL_MERCHANDISE",
        }),
      );
      expect(created).toMatchObject({
        created: true,
        product: {
          object: "tax.product",
          reference_product_id: "p-mcp",
          product_category: "GENERAL_MERCHANDISE",
          testmode: true,
        },
      });
      const again = ok(
        await call("create_product", {
          reference_product_id: "p-mcp",
          reference_product_name: "Big mug",
          product_category: "GENERAL_MERCHANDISE",
        }),
      );
      expect(again).toMatchObject({ created: false, product: { reference_product_name: "Big mug" } });
      const updated = ok(
        await call("update_product", { reference_product_id: "p-mcp", product_category: "CLOTHING_GENERAL" }),
      );
      expect(updated).toMatchObject({ reference_product_name: "Big mug", product_category: "CLOTHING_GENERAL" });
      expect((await ctx.api("/tax/products/p-mcp", { key: ctx.account.testSecret })).body).toEqual(updated);
      const deleted = ok(await call("delete_product", { reference_product_id: "p-mcp" }));
      expect(deleted).toMatchObject({
        object: "tax.product",
        reference_product_id: "p-mcp",
        deleted_at: expect.any(Number),
      });
      expect(toolError(await call("get_product", { reference_product_id: "p-mcp" })).error_code).toBe(
        "product_not_found",
      );
    });

    it("product errors: unknown product, unknown category, nothing to change", async () => {
      expect(
        toolError(await call("update_product", { reference_product_id: "p-none", reference_product_name: "x" }))
          .error_code,
      ).toBe("product_not_found");
      expect(toolError(await call("delete_product", { reference_product_id: "p-none" })).error_code).toBe(
        "product_not_found",
      );
      const badCategory = toolError(
        await call("create_product", {
          reference_product_id: "p-bad",
          reference_product_name: "x",
          product_category: "MOON_ROCKS",
        }),
      );
      expect(badCategory.error_code).toBe("invalid_product_category");
      expect(
        toolError(await call("update_product", { reference_product_id: "p-shirt-a", product_category: "MOON_ROCKS" }))
          .error_code,
      ).toBe("invalid_product_category");
      expect(toolError(await call("update_product", { reference_product_id: "p-shirt-a" })).error_code).toBe(
        "invalid_arguments",
      );
    });

    it("approve_filing and reject_filing decide pending filings; other statuses and unknown filings are refused", async () => {
      const inMay = ok(await call("list_filings", { from: "2025-05-01", to: "2025-05-31" })).data;
      expect(inMay.length).toBeGreaterThanOrEqual(2);
      const [first, second] = inMay;
      expect(ok(await call("approve_filing", { filing_id: first.id }))).toMatchObject({
        id: first.id,
        status: "approved",
        approved_at: expect.any(Number),
      });
      expect(toolError(await call("approve_filing", { filing_id: first.id })).error_code).toBe("filing_not_approvable");
      expect(toolError(await call("reject_filing", { filing_id: first.id, reason: "late" })).error_code).toBe(
        "filing_not_rejectable",
      );
      expect(ok(await call("reject_filing", { filing_id: second.id, reason: "wrong rate" }))).toMatchObject({
        status: "rejected",
        rejection_reason: "wrong rate",
      });
      expect(ok(await call("get_filing", { filing_id: second.id })).status).toBe("rejected");

      const open = ok(await call("list_filings", { status: "open" })).data[0];
      expect(toolError(await call("approve_filing", { filing_id: open.id })).error_code).toBe("filing_not_approvable");
      expect(toolError(await call("reject_filing", { filing_id: open.id, reason: "x" })).error_code).toBe(
        "filing_not_rejectable",
      );
      expect(toolError(await call("approve_filing", { filing_id: "fil_1999-01_US-MI_USD" })).error_code).toBe(
        "filing_not_found",
      );
      expect(toolError(await call("reject_filing", { filing_id: juneFiling })).error_code).toBe("invalid_arguments");
    });
  });
}
