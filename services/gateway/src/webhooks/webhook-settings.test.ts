import { ConfigError } from "@levy/kit";
import { describe, expect, it } from "vitest";
import { webhookSettingsOf } from "./webhook-settings.js";

const production = {
  webhookRetryBaseMs: 60_000,
  webhookRetryCapMs: 6 * 3_600_000,
  webhookMaxAttempts: 13,
  webhookTimeoutMs: 10_000,
};

describe("webhook settings", () => {
  it("refuses the test-only settings and a retry base under a minute without NODE_ENV=test", () => {
    for (const extra of [
      { webhookTestLoopbackHosts: ["docs.test"] },
      { webhookTestHosts: new Map([["docs.test", "127.0.0.1"]]) },
      { webhookTestCaFile: "/tmp/ca.pem" },
      { webhookRetryBaseMs: 400 },
    ]) {
      expect(() => webhookSettingsOf({ ...production, ...extra })).toThrow(ConfigError);
      expect(() => webhookSettingsOf({ ...production, ...extra, nodeEnv: "production" })).toThrow(/NODE_ENV=test/);
    }
  });

  it("accepts them under NODE_ENV=test, and production settings anywhere", async () => {
    const test = webhookSettingsOf({
      ...production,
      nodeEnv: "test",
      webhookRetryBaseMs: 400,
      webhookTestLoopbackHosts: ["docs.test"],
      webhookTestHosts: new Map([["docs.test", "127.0.0.1"]]),
    });
    expect(test.policy.baseMs).toBe(400);
    expect(await test.post.resolve("docs.test")).toEqual([{ address: "127.0.0.1", family: 4 }]);
    expect(test.post.loopbackHosts?.has("docs.test")).toBe(true);
    const real = webhookSettingsOf(production);
    expect(real.policy).toEqual({ baseMs: 60_000, capMs: 6 * 3_600_000, maxAttempts: 13 });
    expect(real.post.loopbackHosts).toBeUndefined();
  });
});
