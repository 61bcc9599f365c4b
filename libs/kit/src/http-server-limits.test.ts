import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.js";
import { createLimitedHttpServer, httpServerSettings } from "./http-server-limits.js";

describe("public HTTP server limits", () => {
  it("has defaults that close silent connections long before Node's (60 s + 30 s sweep)", () => {
    const limits = loadConfig(httpServerSettings, {});
    expect(limits).toEqual({
      headersTimeoutMs: 20_000,
      requestTimeoutMs: 60_000,
      keepAliveTimeoutMs: 65_000,
      maxConnectionsPerIp: 256,
    });
    const server = createLimitedHttpServer(() => undefined, limits);
    expect([server.headersTimeout, server.requestTimeout, server.keepAliveTimeout]).toEqual([20_000, 60_000, 65_000]);
  });

  it("refuses a header timeout longer than the request timeout, naming both settings", () => {
    const limits = loadConfig(httpServerSettings, { HTTP_HEADERS_TIMEOUT_MS: "5000", HTTP_REQUEST_TIMEOUT_MS: "1000" });
    expect(() => createLimitedHttpServer(() => undefined, limits)).toThrow(ConfigError);
    expect(() => createLimitedHttpServer(() => undefined, limits)).toThrow(
      /HTTP_HEADERS_TIMEOUT_MS.*HTTP_REQUEST_TIMEOUT_MS/,
    );
  });

  it("refuses a bound of zero connections", () => {
    expect(() => loadConfig(httpServerSettings, { HTTP_MAX_CONNECTIONS_PER_IP: "0" })).toThrow(
      /HTTP_MAX_CONNECTIONS_PER_IP/,
    );
  });
});
