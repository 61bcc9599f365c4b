import { describe, expect, it } from "vitest";
import { firstToolCallParamsProblem, toolCallParamsProblem } from "./tool-call-params.js";

const call = (params: unknown) => ({ jsonrpc: "2.0", id: 1, method: "tools/call", params });

describe("tools/call params check", () => {
  it("accepts an object of arguments, absent arguments and other methods", () => {
    expect(toolCallParamsProblem(call({ name: "list_products", arguments: { limit: 5 } }))).toBeNull();
    expect(toolCallParamsProblem(call({ name: "list_products" }))).toBeNull();
    expect(toolCallParamsProblem({ jsonrpc: "2.0", id: 1, method: "tools/list", params: "x" })).toBeNull();
    expect(toolCallParamsProblem("garbage")).toBeNull();
  });

  it("names the problem for arguments that are not an object, a bad name or params", () => {
    for (const bad of ["text", 42, null, [1], true]) expect(toolCallParamsProblem(call({ name: "list_products", arguments: bad }))).toMatch(/params\.arguments/);
    expect(toolCallParamsProblem(call({ name: 7, arguments: {} }))).toMatch(/params\.name/);
    expect(toolCallParamsProblem(call("x"))).toMatch(/params must be an object/);
    const proto = JSON.parse('{"limit": 5, "filter": [{"__proto__": {"polluted": true}}]}');
    expect(toolCallParamsProblem(call({ name: "list_products", arguments: proto }))).toMatch(/__proto__/);
    expect(toolCallParamsProblem(call({ name: "list_products", arguments: JSON.parse('{"__proto__": 1}') }))).toMatch(/__proto__/);
    expect(toolCallParamsProblem(call({ name: "list_products", arguments: { constructor: 1 } }))).toBeNull();
    expect(firstToolCallParamsProblem([call({ name: "a" }), call({ name: "b", arguments: [] })])).toMatch(/params\.arguments/);
  });
});
