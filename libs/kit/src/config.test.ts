import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ConfigError, configSchemas, loadConfig, setting } from "./config.js";

const settings = {
  port: setting("TEST_PORT", "a port", configSchemas.port(8080)),
  brokers: setting("TEST_BROKERS", "brokers", configSchemas.brokers().optional()),
  enabled: setting("TEST_ENABLED", "a flag", configSchemas.boolean(false)),
  secret: setting("TEST_SECRET", "a secret without default", z.string().min(8)),
};

describe("configuration", () => {
  it("parses typed values and applies safe defaults", () => {
    expect(loadConfig(settings, { TEST_SECRET: "12345678", TEST_BROKERS: "a:1, b:2", TEST_ENABLED: "true" })).toEqual({
      port: 8080,
      brokers: ["a:1", "b:2"],
      enabled: true,
      secret: "12345678",
    });
  });

  it("names every bad or missing variable at once", () => {
    try {
      loadConfig(settings, { TEST_PORT: "http", TEST_BROKERS: "nope" });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const problems = (error as ConfigError).problems.join("\n");
      expect(problems).toMatch(/TEST_PORT/);
      expect(problems).toMatch(/TEST_BROKERS/);
      expect(problems).toMatch(/TEST_SECRET.*unset/);
    }
  });
});
