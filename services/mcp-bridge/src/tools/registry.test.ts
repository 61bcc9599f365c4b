// The registry's generic behaviour, with throwaway tools defined here: live-only and
// write flags, argument checks, error mapping and output checks.
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { McpError } from "@modelcontextprotocol/sdk/types.js";
import { toConnectError, LevyError } from "@levy/kit";
import type { Upstream } from "../ports/upstream.js";
import { allTools } from "./all-tools.js";
import { createToolRegistry, defineTool, type ToolContext } from "./registry.js";

const upstream = {} as Upstream;
const testKey: ToolContext = { caller: { accountId: "acct_1", livemode: false, keyId: "key_1" }, upstream };
const liveKey: ToolContext = { caller: { accountId: "acct_1", livemode: true, keyId: "key_2" }, upstream };

let runs = 0;
const liveOnlyTool = defineTool({
  name: "live_thing",
  description: "a live-only tool for this test",
  input: z.strictObject({ n: z.number().int().min(1) }),
  output: z.object({ doubled: z.number().int() }),
  write: false,
  liveOnly: true,
  async run(args) {
    runs += 1;
    return { doubled: args.n * 2 };
  },
  summarize: (result) => `doubled: ${result.doubled}`,
});
const writeTool = defineTool({
  name: "write_thing",
  description: "a write tool for this test",
  input: z.strictObject({ fail: z.enum(["levy", "plain", "shape", "none"]) }),
  output: z.object({ ok: z.literal(true) }),
  write: true,
  effect: { destructive: false, idempotent: false },
  liveOnly: false,
  async run(args) {
    if (args.fail === "levy") throw toConnectError(new LevyError("PRODUCT_NOT_FOUND", "no product p-1"));
    if (args.fail === "plain") throw new Error("socket hang up");
    if (args.fail === "shape") return { ok: "yes" } as never;
    return { ok: true as const };
  },
  summarize: () => "ok",
});

const errorOf = (result: Awaited<ReturnType<ReturnType<typeof createToolRegistry>["call"]>>) => {
  expect(result.isError).toBe(true);
  expect(result.structuredContent).toBeUndefined();
  return JSON.parse((result.content[0] as { text: string }).text) as { error_code: string; error_message: string };
};

describe("tool registry", () => {
  const registry = createToolRegistry([liveOnlyTool, writeTool], { writeToolsEnabled: true });

  it("answers live_mode_required for a live-only tool called with a test key, without running it", async () => {
    runs = 0;
    const error = errorOf(await registry.call("live_thing", { n: 2 }, testKey));
    expect(error.error_code).toBe("live_mode_required");
    expect(runs).toBe(0);
    const result = await registry.call("live_thing", { n: 2 }, liveKey);
    expect(result.isError).toBeUndefined();
    expect(result.structuredContent).toEqual({ doubled: 4 });
    expect((result.content[0] as { text: string }).text).toContain("doubled: 4");
    expect(runs).toBe(1);
  });

  it("offers write tools only when enabled", () => {
    expect(registry.list().map((tool) => tool.name)).toEqual(["live_thing", "write_thing"]);
    const readOnly = createToolRegistry([liveOnlyTool, writeTool], { writeToolsEnabled: false });
    expect(readOnly.list().map((tool) => tool.name)).toEqual(["live_thing"]);
    return expect(readOnly.call("write_thing", { fail: "none" }, testKey)).rejects.toBeInstanceOf(McpError);
  });

  it("annotates a tool that stores without being a write as not read-only, and offers it without the switch", () => {
    const storing = defineTool({
      ...liveOnlyTool,
      name: "storing_thing",
      effect: { destructive: false, idempotent: false },
    });
    const readOnly = createToolRegistry([liveOnlyTool, storing, writeTool], { writeToolsEnabled: false });
    const listed = Object.fromEntries(readOnly.list().map((tool) => [tool.name, tool.annotations]));
    expect(listed).toEqual({
      live_thing: { readOnlyHint: true, openWorldHint: false },
      storing_thing: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
    });
  });

  it("rejects unknown and malformed arguments as invalid_arguments naming the field", async () => {
    expect(errorOf(await registry.call("live_thing", { n: 2, account_id: "acct_2" }, liveKey))).toMatchObject({
      error_code: "invalid_arguments",
      error_message: expect.stringContaining("account_id"),
    });
    expect(errorOf(await registry.call("live_thing", { n: 0 }, liveKey)).error_message).toMatch(/^n: /);
  });

  it("maps service errors, unexpected failures and bad results", async () => {
    expect(errorOf(await registry.call("write_thing", { fail: "levy" }, testKey))).toEqual({
      error_code: "product_not_found",
      error_message: "no product p-1",
    });
    expect(errorOf(await registry.call("write_thing", { fail: "plain" }, testKey))).toEqual({
      error_code: "internal_error",
      error_message: "unexpected server error; safe to retry",
    });
    expect(errorOf(await registry.call("write_thing", { fail: "shape" }, testKey)).error_code).toBe("internal_error");
  });

  it("throws a JSON-RPC error for an unknown tool", async () => {
    await expect(registry.call("nope", {}, testKey)).rejects.toBeInstanceOf(McpError);
  });

  it("advertises strict input and output schemas, none of which takes an account", () => {
    const listed = createToolRegistry(allTools, { writeToolsEnabled: true }).list();
    expect(listed).toHaveLength(allTools.length);
    for (const tool of listed) {
      expect(tool.inputSchema).toMatchObject({ type: "object", additionalProperties: false });
      expect(tool.outputSchema).toMatchObject({ type: "object" });
      expect(Object.keys(tool.inputSchema.properties ?? {}).some((name) => /account/i.test(name))).toBe(false);
    }
  });
});
