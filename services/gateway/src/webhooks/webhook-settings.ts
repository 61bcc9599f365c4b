// The webhook settings as the delivery code needs them: the retry policy, and how hosts
// are resolved and trusted. The WEBHOOK_TEST_* settings (loopback receivers, fixed DNS
// answers, a test CA) and a retry base under a minute exist for the test suites only:
// the gateway refuses to start with any of them unless NODE_ENV=test.
import { lookup } from "node:dns/promises";
import { readFileSync } from "node:fs";
import { ConfigError, type Resolver } from "@levy/kit";
import type { PostOptions } from "./post-webhook.js";
import type { RetryPolicy } from "./retry-schedule.js";

export const productionMinRetryBaseMs = 60_000;

export interface WebhookConfig {
  nodeEnv?: string | undefined;
  webhookRetryBaseMs: number;
  webhookRetryCapMs: number;
  webhookMaxAttempts: number;
  webhookTimeoutMs: number;
  webhookTestLoopbackHosts?: string[] | undefined;
  webhookTestHosts?: Map<string, string> | undefined;
  webhookTestCaFile?: string | undefined;
}

export interface WebhookSettings {
  readonly policy: RetryPolicy;
  readonly post: PostOptions;
}

const systemResolver: Resolver = async (hostname) => {
  const answers = await lookup(hostname, { all: true, verbatim: true });
  return answers.map((answer) => ({ address: answer.address, family: answer.family === 6 ? 6 : 4 }));
};

export function webhookSettingsOf(config: WebhookConfig): WebhookSettings {
  const testOnly = [
    config.webhookTestLoopbackHosts && "WEBHOOK_TEST_LOOPBACK_HOSTS",
    config.webhookTestHosts && "WEBHOOK_TEST_HOSTS",
    config.webhookTestCaFile && "WEBHOOK_TEST_CA_FILE",
    config.webhookRetryBaseMs < productionMinRetryBaseMs && `WEBHOOK_RETRY_BASE_MS below ${productionMinRetryBaseMs}`,
  ].filter((name): name is string => typeof name === "string");
  if (testOnly.length > 0 && config.nodeEnv !== "test") {
    throw new ConfigError(testOnly.map((name) => `${name} is a test-only setting and needs NODE_ENV=test`));
  }
  const fixed = config.webhookTestHosts;
  const resolve: Resolver = fixed
    ? async (hostname) => {
        const answer = fixed.get(hostname.toLowerCase());
        return answer ? [{ address: answer, family: answer.includes(":") ? 6 : 4 }] : systemResolver(hostname);
      }
    : systemResolver;
  return {
    policy: {
      baseMs: config.webhookRetryBaseMs,
      capMs: Math.max(config.webhookRetryCapMs, config.webhookRetryBaseMs),
      maxAttempts: config.webhookMaxAttempts,
    },
    post: {
      resolve,
      timeoutMs: config.webhookTimeoutMs,
      loopbackHosts: config.webhookTestLoopbackHosts ? new Set(config.webhookTestLoopbackHosts) : undefined,
      ca: config.webhookTestCaFile ? readFileSync(config.webhookTestCaFile, "utf8") : undefined,
    },
  };
}
