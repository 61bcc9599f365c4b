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
import { beforeAll, describe, expect, it } from "vitest";
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
  });
}
