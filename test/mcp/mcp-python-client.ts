// The endpoint through the official MCP Python SDK (PyPI `mcp`, pinned in
// deploy/test-infra/python-mcp/requirements.txt), as a Python host calls it:
// test/mcp/python-client.py initializes, lists the tools, calls a few (errors included)
// and prints JSON asserted on here. Never skips: if the venv cannot be provisioned, the
// test fails with provision.sh's reason.
import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount } from "../support/api.js";
import { eventually } from "../support/eventually.js";
import type { McpBridgeReplica } from "../support/system.js";
import { detroitOrder } from "./mcp-calculation-and-merchant-tools.js";
import type { McpContext } from "./mcp-suite.js";

const run = promisify(execFile);
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const venvPython = path.join(process.env.LEVY_CACHE ?? path.join(repoRoot, ".cache"), "python-mcp", "bin", "python");

interface PythonCall {
  readonly name: string;
  readonly arguments?: Record<string, unknown>;
}

interface PythonAnswer {
  server: string;
  tools: string[];
  results: Array<{ name: string; is_error?: boolean; structured_content?: any; text?: string[]; exception?: string }>;
}

/** Provisions the venv (cached after the first time); async so an embedded system keeps serving. */
async function provisionPythonMcp(): Promise<void> {
  try {
    await run(path.join(repoRoot, "deploy/test-infra/provision.sh"), ["python-mcp"], { timeout: 300_000 });
  } catch (error) {
    const { stderr, message } = error as { stderr?: string; message: string };
    throw new Error(
      `the MCP Python SDK could not be provisioned (deploy/test-infra/provision.sh python-mcp): ${stderr || message}`,
    );
  }
}

async function callWithPython(mcpUrl: string, key: string, calls: readonly PythonCall[]): Promise<PythonAnswer> {
  const dir = await mkdtemp(path.join(tmpdir(), "levy-mcp-python-"));
  try {
    const callsFile = path.join(dir, "calls.json");
    await writeFile(callsFile, JSON.stringify(calls));
    const script = path.join(repoRoot, "test/mcp/python-client.py");
    const { stdout } = await run(venvPython, [script, `${mcpUrl}/mcp`, callsFile], {
      env: { ...process.env, LEVY_MCP_KEY: key },
      timeout: 60_000,
    });
    return JSON.parse(stdout) as PythonAnswer;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export function describePythonClient(ctx: McpContext, readTools: readonly string[]): void {
  describe("official Python SDK client", () => {
    beforeAll(provisionPythonMcp, 300_000);

    it("initializes, lists the tools and reads results and tool errors (merchant_not_found, live_mode_required, invalid_cursor)", async () => {
      const [merchant] = ctx.seed.merchants;
      const answer = await callWithPython(ctx.system.mcpUrl, ctx.account.testSecret, [
        { name: "get_merchant", arguments: { merchant_id: merchant.id } },
        { name: "list_transactions", arguments: { limit: 2 } },
        { name: "get_merchant", arguments: { merchant_id: "m-nobody" } },
        { name: "list_certificates", arguments: {} },
        { name: "list_transactions", arguments: { cursor: "not-a-cursor!" } },
      ]);
      expect(answer.server).toBe("levy");
      expect(answer.tools).toEqual([...readTools].sort());
      const [found, page, ...errors] = answer.results;
      expect(found).toMatchObject({ is_error: false, structured_content: merchant });
      expect(page).toMatchObject({
        is_error: false,
        structured_content: { object: "list", has_more: true, data: expect.any(Array) },
      });
      expect(page?.structured_content.data).toHaveLength(2);
      const codes = errors.map((result) => {
        expect(result).toMatchObject({ is_error: true, structured_content: null });
        expect(result.text).toHaveLength(1);
        const error = JSON.parse(result.text![0]!);
        expect(Object.keys(error).sort()).toEqual(["error_code", "error_message"]);
        return error.error_code;
      });
      expect(codes).toEqual(["merchant_not_found", "live_mode_required", "invalid_cursor"]);
    });

    it("an agent's tax conversation: looks a rate up, then finds the recorded sale of an order", async () => {
      const juneA = ctx.seed.transactions.juneA;
      const answer = await callWithPython(ctx.system.mcpUrl, ctx.account.testSecret, [
        {
          name: "lookup_tax_rate",
          arguments: { country: "US", province: "MI", postal_code: "48226", category: "GENERAL_MERCHANDISE" },
        },
        { name: "get_transaction_by_order", arguments: { reference_order_id: juneA.reference_order_id } },
        { name: "get_transaction_by_order", arguments: { reference_order_id: "no-such-order" } },
      ]);
      const [rate, sale, missing] = answer.results;
      expect(rate).toMatchObject({
        is_error: false,
        structured_content: { object: "tax.rate_lookup", combined_rate: 0.06, rate_coverage: expect.any(String) },
      });
      expect(sale).toMatchObject({ is_error: false, structured_content: { id: juneA.id } });
      expect(missing).toMatchObject({ is_error: true });
      expect(JSON.parse(missing!.text![0]!).error_code).toBe("transaction_not_found");
    });

    it("an agent's calculation conversation: calculates, the sale is recorded, then found by its order", async () => {
      const agent = await createAccount(ctx.system.restUrl, ctx.system.adminToken, "Python calculations");
      const calculated = await callWithPython(ctx.system.mcpUrl, agent.testSecret, [
        { name: "calculate_tax", arguments: detroitOrder },
        { name: "calculate_tax", arguments: { ...detroitOrder, customer: { address: { address_country: "AQ" } } } },
      ]);
      const [calculation, unsupported] = calculated.results;
      expect(calculation).toMatchObject({
        is_error: false,
        structured_content: {
          object: "tax.calculation",
          customer_currency_code: "USD",
          total_amount_excluding_tax: 13_344,
        },
      });
      expect(JSON.parse(unsupported!.text![0]!).error_code).toBe("unsupported_jurisdiction");
      const id = calculation!.structured_content.id;
      const recorded = await ctx.api("/tax/transactions", {
        key: agent.testSecret,
        body: { calculation_id: id, reference_order_id: "py-order-1" },
      });
      expect(recorded.status).toBe(200);
      const found = await callWithPython(ctx.system.mcpUrl, agent.testSecret, [
        { name: "get_transaction_by_order", arguments: { reference_order_id: "py-order-1" } },
      ]);
      expect(found.results[0]).toMatchObject({
        is_error: false,
        structured_content: { calculation_id: id, total_tax_amount: calculation!.structured_content.total_tax_amount },
      });
    });

    describe("with the write switch on", () => {
      let writer: McpBridgeReplica;
      beforeAll(async () => {
        writer = await ctx.system.startMcpBridgeReplica({
          MCP_WRITE_TOOLS: "true",
          MCP_RATE_LIMIT: "100000",
          MCP_RATE_WINDOW_SECONDS: "3600",
        });
      });
      afterAll(() => writer?.stop());

      it("an agent's merchant conversation: creates, finds by name, changes and deletes a merchant", async () => {
        const agent = await createAccount(ctx.system.restUrl, ctx.system.adminToken, "Python merchants");
        const answer = await callWithPython(writer.mcpUrl, agent.testSecret, [
          {
            name: "create_merchant",
            arguments: { reference_merchant_id: "py-m", name: "Lisbon Tiles", email: "tiles@example.pt" },
          },
          { name: "create_merchant", arguments: { reference_merchant_id: "py-m", name: "Again" } },
          { name: "list_merchants", arguments: { name_prefix: "lisbon" } },
          { name: "update_merchant", arguments: { merchant_id: "py-m", name: "Lisbon Tiles Lda" } },
          { name: "delete_merchant", arguments: { merchant_id: "py-m" } },
          { name: "get_merchant", arguments: { merchant_id: "py-m" } },
        ]);
        expect(answer.tools).toEqual(expect.arrayContaining(["create_merchant", "update_merchant", "delete_merchant"]));
        const [created, duplicate, listed, updated, deleted, gone] = answer.results;
        expect(created).toMatchObject({ is_error: false, structured_content: { reference_merchant_id: "py-m" } });
        const id = created!.structured_content.id;
        expect(JSON.parse(duplicate!.text![0]!).error_code).toBe("duplicate_reference_id");
        expect(listed!.structured_content.data.map((merchant: any) => merchant.id)).toEqual([id]);
        expect(updated).toMatchObject({ is_error: false, structured_content: { id, name: "Lisbon Tiles Lda" } });
        expect(deleted).toMatchObject({ is_error: false, structured_content: { id, deleted: true } });
        expect(JSON.parse(gone!.text![0]!).error_code).toBe("merchant_not_found");
      });

      it("an agent's customer conversation: creates, is refused a duplicate, finds by e-mail, makes exempt", async () => {
        const agent = await createAccount(ctx.system.restUrl, ctx.system.adminToken, "Python customers");
        const answer = await callWithPython(writer.mcpUrl, agent.testSecret, [
          {
            name: "create_customer",
            arguments: { reference_customer_id: "py-c", name: "Ana", email: "ana@example.pt" },
          },
          { name: "create_customer", arguments: { reference_customer_id: "py-c2", email: "ANA@example.pt" } },
          { name: "list_customers", arguments: { email: "ana@example.pt" } },
          { name: "update_customer", arguments: { customer_id: "py-c", is_tax_exempt: true } },
          { name: "list_customers", arguments: { is_tax_exempt: true } },
          { name: "get_customer", arguments: { customer_id: "py-nobody" } },
        ]);
        const [created, duplicate, byEmail, updated, exempt, missing] = answer.results;
        expect(created).toMatchObject({ is_error: false, structured_content: { reference_customer_id: "py-c" } });
        const id = created!.structured_content.id;
        expect(JSON.parse(duplicate!.text![0]!).error_code).toBe("duplicate_customer");
        expect(byEmail!.structured_content.data.map((customer: any) => customer.id)).toEqual([id]);
        expect(updated).toMatchObject({ is_error: false, structured_content: { id, is_tax_exempt: true } });
        expect(exempt!.structured_content.data.map((customer: any) => customer.id)).toEqual([id]);
        expect(JSON.parse(missing!.text![0]!).error_code).toBe("customer_not_found");
      });

      it("an agent's product conversation: creates, renames, lists and deletes a product", async () => {
        const agent = await createAccount(ctx.system.restUrl, ctx.system.adminToken, "Python products");
        const answer = await callWithPython(writer.mcpUrl, agent.testSecret, [
          {
            name: "create_product",
            arguments: {
              reference_product_id: "py-p",
              reference_product_name: "Atlas",
              product_category: "BOOKS_PRINTED",
            },
          },
          {
            name: "update_product",
            arguments: { reference_product_id: "py-p", reference_product_name: "Atlas, 2nd ed." },
          },
          { name: "list_products", arguments: {} },
          { name: "delete_product", arguments: { reference_product_id: "py-p" } },
          { name: "get_product", arguments: { reference_product_id: "py-p" } },
        ]);
        const [created, renamed, listed, deleted, gone] = answer.results;
        expect(created).toMatchObject({ is_error: false, structured_content: { created: true } });
        expect(renamed).toMatchObject({
          is_error: false,
          structured_content: { reference_product_name: "Atlas, 2nd ed.", product_category: "BOOKS_PRINTED" },
        });
        expect(listed!.structured_content.data.map((product: any) => product.reference_product_id)).toEqual(["py-p"]);
        expect(deleted).toMatchObject({ is_error: false });
        expect(JSON.parse(gone!.text![0]!).error_code).toBe("product_not_found");
      });

      it("an agent's filing conversation: finds the month's filings and sales, approves one", async () => {
        const agent = await createAccount(ctx.system.restUrl, ctx.system.adminToken, "Python filings");
        const may = Date.UTC(2025, 4, 12, 12) / 1000;
        const calculation = await ctx.api("/tax/calculations", {
          key: agent.testSecret,
          body: { ...detroitOrder, transacted_at: may },
        });
        expect(calculation.status, JSON.stringify(calculation.body)).toBe(200);
        const sale = await ctx.api("/tax/transactions", {
          key: agent.testSecret,
          body: { calculation_id: calculation.body.id, reference_order_id: "py-may", transaction_processed_at: may },
        });
        expect(sale.status, JSON.stringify(sale.body)).toBe(200);
        const pending = await eventually(
          async () => (await ctx.api("/tax/filings?limit=100", { key: agent.testSecret })).body.data ?? [],
          (filings: any[]) => filings.some((filing) => filing.status === "pending_client_approval"),
        );
        const filing = pending.find((candidate: any) => candidate.status === "pending_client_approval");
        expect(filing).toBeDefined();
        const answer = await callWithPython(writer.mcpUrl, agent.testSecret, [
          { name: "list_filings", arguments: { from: "2025-05-01", to: "2025-05-31" } },
          { name: "get_sales_summary", arguments: { from: "2025-05-01", to: "2025-05-31" } },
          { name: "approve_filing", arguments: { filing_id: filing.id } },
          { name: "get_filing", arguments: { filing_id: filing.id } },
        ]);
        const [listed, summary, approved, read] = answer.results;
        expect(listed!.structured_content.data.map((found: any) => found.id)).toContain(filing.id);
        expect(summary).toMatchObject({ is_error: false, structured_content: { object: "tax.sales_summary" } });
        expect(summary!.structured_content.currencies).toHaveLength(1);
        expect(approved).toMatchObject({ is_error: false, structured_content: { id: filing.id, status: "approved" } });
        expect(read!.structured_content).toEqual(approved!.structured_content);
      });

      it("an agent's certificate conversation (live key): reads a buyer's request, cancels it", async () => {
        const agent = await createAccount(ctx.system.restUrl, ctx.system.adminToken, "Python certificates");
        const admin = (path: string, body: unknown) =>
          ctx.api(`/admin/v1/accounts/${agent.accountId}${path}`, {
            headers: { authorization: `Bearer ${ctx.system.adminToken}` },
            body,
          });
        const buyer = await admin("/buyers", { legal_name: "Porto Wholesale Lda" });
        expect(buyer.status, JSON.stringify(buyer.body)).toBe(201);
        const request = await admin("/certificate-requests", { buyer_id: buyer.body.id, jurisdictions: ["WA"] });
        expect(request.status, JSON.stringify(request.body)).toBe(201);
        const answer = await callWithPython(writer.mcpUrl, agent.liveSecret, [
          { name: "list_certificate_requests", arguments: { status: "pending" } },
          { name: "cancel_certificate_request", arguments: { request_id: request.body.id } },
          { name: "get_certificate_request", arguments: { request_id: request.body.id } },
          { name: "list_certificates", arguments: {} },
        ]);
        const [listed, canceled, read, certificates] = answer.results;
        expect(listed!.structured_content.data.map((found: any) => found.id)).toEqual([request.body.id]);
        expect(canceled).toMatchObject({
          is_error: false,
          structured_content: { id: request.body.id, status: "canceled" },
        });
        expect(read!.structured_content).toEqual(canceled!.structured_content);
        expect(certificates).toMatchObject({ is_error: false, structured_content: { object: "list", data: [] } });
      });
    });
  });
}
