import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "@levy/kit";
import { certificatesSettings, testHooksOf } from "./config.js";

describe("certificates test-only settings", () => {
  it("are refused unless NODE_ENV=test", () => {
    for (const nodeEnv of [undefined, "production", "development"]) {
      const config = loadConfig(certificatesSettings, {
        NODE_ENV: nodeEnv,
        CERTIFICATES_TEST_LOOPBACK_HOSTS: "docs.test",
      });
      expect(() => testHooksOf(config)).toThrow(ConfigError);
    }
  });
  it("are read under NODE_ENV=test", () => {
    const config = loadConfig(certificatesSettings, {
      NODE_ENV: "test",
      CERTIFICATES_TEST_LOOPBACK_HOSTS: "Docs.Test",
      CERTIFICATES_TEST_HOSTS: "private.test=10.0.0.7,docs.test=127.0.0.1",
    });
    const hooks = testHooksOf(config);
    expect([...hooks.loopbackHosts!]).toEqual(["docs.test"]);
    expect(hooks.hosts!.get("private.test")).toBe("10.0.0.7");
  });
  it("leave production untouched when unset", () => {
    expect(testHooksOf(loadConfig(certificatesSettings, { NODE_ENV: "production" }))).toEqual({});
  });
});
