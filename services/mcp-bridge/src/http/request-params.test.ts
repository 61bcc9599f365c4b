import { describe, expect, it } from "vitest";
import { firstRequestParamsProblem, requestParamsProblem } from "./request-params.js";

const call = (params: unknown) => ({ jsonrpc: "2.0", id: 1, method: "tools/call", params });
const request = (method: string, params?: unknown) => ({
  jsonrpc: "2.0",
  id: 1,
  method,
  ...(params === undefined ? {} : { params }),
});

describe("JSON-RPC params check", () => {
  it("accepts well-formed requests and leaves unknown methods and garbage to the SDK", () => {
    expect(requestParamsProblem(call({ name: "list_products", arguments: { limit: 5 } }))).toBeNull();
    expect(requestParamsProblem(call({ name: "list_products" }))).toBeNull();
    expect(requestParamsProblem(call({ name: "list_products", arguments: { constructor: 1 } }))).toBeNull();
    expect(requestParamsProblem(request("tools/list"))).toBeNull();
    expect(requestParamsProblem(request("tools/list", { cursor: "abc" }))).toBeNull();
    expect(requestParamsProblem(request("ping"))).toBeNull();
    expect(
      requestParamsProblem(
        request("initialize", {
          protocolVersion: "2025-06-18",
          capabilities: {},
          clientInfo: { name: "t", version: "1" },
        }),
      ),
    ).toBeNull();
    expect(requestParamsProblem(request("resources/list", 5))).toBeNull();
    expect(requestParamsProblem("garbage")).toBeNull();
  });

  it("names the problem in tools/call params", () => {
    for (const bad of ["text", 42, null, [1], true])
      expect(requestParamsProblem(call({ name: "list_products", arguments: bad }))).toMatch(/params\.arguments/);
    expect(requestParamsProblem(call({ name: 7, arguments: {} }))).toMatch(/params\.name/);
    expect(requestParamsProblem(call("x"))).toMatch(/params must be an object/);
    expect(
      requestParamsProblem(
        call({
          name: "list_products",
          arguments: JSON.parse('{"limit": 5, "filter": [{"__proto__": {"polluted": true}}]}'),
        }),
      ),
    ).toMatch(/__proto__/);
    expect(requestParamsProblem(call({ name: "list_products", arguments: JSON.parse('{"__proto__": 1}') }))).toMatch(
      /__proto__/,
    );
    expect(
      requestParamsProblem(call({ name: "list_products", arguments: { limit: new Array(300_000).fill(0) } })),
    ).toBeNull();
    expect(firstRequestParamsProblem([call({ name: "a" }), call({ name: "b", arguments: [] })])).toMatch(
      /params\.arguments/,
    );
  });

  it("names the parameter of other methods the SDK would answer with -32603", () => {
    expect(requestParamsProblem(request("tools/list", { cursor: 5 }))).toMatch(/^Invalid params: params\.cursor/);
    expect(requestParamsProblem(request("initialize", { protocolVersion: 5 }))).toMatch(
      /^Invalid params: params\.protocolVersion/,
    );
  });
});
