import { Code, ConnectError } from "@connectrpc/connect";
import { describe, expect, it } from "vitest";
import { fromConnectError, nestFieldError, toConnectError } from "./connect-errors.js";
import { LevyError } from "./levy-error.js";

describe("fromConnectError", () => {
  it("keeps the code a service decided, even when its gRPC code is Aborted", () => {
    const sent = toConnectError(new LevyError("conflict", "record changed, retry"));
    expect(sent.code).toBe(Code.Aborted);
    expect(fromConnectError(sent).code).toBe("conflict");
  });

  it.each([
    ["a connection dropped mid-call", new ConnectError("read ECONNRESET", Code.Aborted), "upstream_unavailable"],
    [
      "a stream the dependency closed",
      new ConnectError("http/2 stream closed with error code CANCEL", Code.Canceled),
      "upstream_unavailable",
    ],
    ["an unreachable dependency", new ConnectError("connect ECONNREFUSED", Code.Unavailable), "upstream_unavailable"],
    ["a deadline", new ConnectError("deadline", Code.DeadlineExceeded), "upstream_timeout"],
    ["anything else", new ConnectError("boom", Code.Internal), "internal_error"],
  ])("maps %s without ErrorInfo to %s", (_name, error, code) => {
    expect(fromConnectError(error).code).toBe(code);
  });
});

describe("a database or broker outage", () => {
  const down = Object.assign(new Error("server selection timed out"), { name: "StorageError", code: "unavailable" });

  it("crosses a service boundary as upstream_unavailable (503), not internal_error", () => {
    const sent = toConnectError(down);
    expect(sent.code).toBe(Code.Unavailable);
    expect(fromConnectError(sent).code).toBe("upstream_unavailable");
  });

  it("met in the gateway itself is upstream_unavailable too", () => {
    expect(fromConnectError(down).code).toBe("upstream_unavailable");
    expect(fromConnectError(Object.assign(new Error("duplicate"), { code: "duplicate" })).code).toBe("internal_error");
  });
});

describe("nestFieldError", () => {
  it("re-addresses another service's field error to where the object sits in this request", () => {
    const sent = toConnectError(
      new LevyError("invalid_address", "ZIP 19103 is in Pennsylvania (PA), not in CA", {
        field: "address_postal_code",
        reason: "contradiction",
      }),
    );
    const nested = nestFieldError(sent, "merchant.default_address");
    expect(nested).toBeInstanceOf(LevyError);
    expect(nested).toMatchObject({
      code: "invalid_address",
      message: "merchant.default_address: ZIP 19103 is in Pennsylvania (PA), not in CA",
      meta: { field: "merchant.default_address.address_postal_code", reason: "contradiction" },
    });
  });

  it("leaves an error without a field alone", () => {
    const outage = new ConnectError("connect ECONNREFUSED", Code.Unavailable);
    expect(nestFieldError(outage, "merchant.default_address")).toBe(outage);
  });
});
