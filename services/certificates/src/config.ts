// The certificates service's settings. The CERTIFICATES_TEST_* settings exist for the
// test suites only (loopback document hosts, fixed DNS answers, a test CA, a stand-in
// document reader); the service refuses to start with any of them unless NODE_ENV=test,
// so a deployment cannot switch them on by accident.
import { z } from "zod";
import {
  ConfigError,
  configSchemas,
  hostingSettings,
  infrastructureSettings,
  setting,
  upstreamUrlSetting,
} from "@levy/kit";

const names = configSchemas.hostNames();
const hostMap = configSchemas.hostAnswers();

export const certificatesSettings = {
  ...hostingSettings("certificates"),
  ...infrastructureSettings,
  catalogUrl: upstreamUrlSetting("catalog"),
  outboxIntervalMs: setting(
    "CERTIFICATES_OUTBOX_INTERVAL_MS",
    "how often the outbox relay looks for unpublished events",
    configSchemas.positiveInt(1000),
  ),
  fetchTimeoutMs: setting(
    "CERTIFICATES_FETCH_TIMEOUT_MS",
    "deadline of one document download, redirects included",
    configSchemas.positiveInt(15_000),
  ),
  maxRedirects: setting(
    "CERTIFICATES_MAX_REDIRECTS",
    "redirects followed when downloading a document",
    z.coerce.number().int().min(0).max(10).default(3),
  ),
  expiringDays: setting(
    "CERTIFICATES_EXPIRING_DAYS",
    "days before expiry during which a certificate reads as expiring",
    configSchemas.positiveInt(30),
  ),
  nodeEnv: setting(
    "NODE_ENV",
    "Node environment; test enables the CERTIFICATES_TEST_* settings",
    z.string().optional(),
  ),
  testLoopbackHosts: setting(
    "CERTIFICATES_TEST_LOOPBACK_HOSTS",
    "TEST ONLY: host names whose loopback addresses documents may come from",
    names.optional(),
  ),
  testHosts: setting("CERTIFICATES_TEST_HOSTS", "TEST ONLY: fixed DNS answers, name=address,...", hostMap.optional()),
  testCaFile: setting(
    "CERTIFICATES_TEST_CA_FILE",
    "TEST ONLY: PEM file of an extra trusted CA for document hosts",
    z.string().min(1).optional(),
  ),
  testDocumentReader: setting(
    "CERTIFICATES_TEST_DOCUMENT_READER",
    "TEST ONLY: module whose createDocumentReader() replaces the real reader",
    z.string().min(1).optional(),
  ),
};

export interface TestHooks {
  readonly loopbackHosts?: ReadonlySet<string>;
  readonly hosts?: ReadonlyMap<string, string>;
  readonly caFile?: string;
  readonly documentReader?: string;
}

/** The test-only settings, refused outside NODE_ENV=test. */
export function testHooksOf(config: {
  nodeEnv?: string | undefined;
  testLoopbackHosts?: string[] | undefined;
  testHosts?: Map<string, string> | undefined;
  testCaFile?: string | undefined;
  testDocumentReader?: string | undefined;
}): TestHooks {
  const set = [
    config.testLoopbackHosts && "CERTIFICATES_TEST_LOOPBACK_HOSTS",
    config.testHosts && "CERTIFICATES_TEST_HOSTS",
    config.testCaFile && "CERTIFICATES_TEST_CA_FILE",
    config.testDocumentReader && "CERTIFICATES_TEST_DOCUMENT_READER",
  ].filter((name): name is string => typeof name === "string");
  if (set.length > 0 && config.nodeEnv !== "test") {
    throw new ConfigError(set.map((name) => `${name} is a test-only setting and needs NODE_ENV=test`));
  }
  return {
    ...(config.testLoopbackHosts ? { loopbackHosts: new Set(config.testLoopbackHosts) } : {}),
    ...(config.testHosts ? { hosts: config.testHosts } : {}),
    ...(config.testCaFile ? { caFile: config.testCaFile } : {}),
    ...(config.testDocumentReader ? { documentReader: config.testDocumentReader } : {}),
  };
}
