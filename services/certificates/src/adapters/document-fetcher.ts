// The production fetcher: node:dns answers (or, in tests only, fixed answers), the
// service's limits, and the test CA when one is configured.
import { lookup } from "node:dns/promises";
import { readFileSync } from "node:fs";
import type { TestHooks } from "../config.js";
import { safeFetch, type FetchedDocument, type Resolver } from "../fetching/safe-fetch.js";

export const maxDocumentBytes = 10 * 1024 * 1024;

const systemResolver: Resolver = async (hostname) => {
  const answers = await lookup(hostname, { all: true, verbatim: true });
  return answers.map((answer) => ({ address: answer.address, family: answer.family === 6 ? 6 : 4 }));
};

export function createDocumentFetcher(options: {
  timeoutMs: number;
  maxRedirects: number;
  hooks: TestHooks;
}): (url: string) => Promise<FetchedDocument> {
  const { hooks } = options;
  const resolve: Resolver = hooks.hosts
    ? async (hostname) => {
        const fixed = hooks.hosts!.get(hostname.toLowerCase());
        return fixed ? [{ address: fixed, family: fixed.includes(":") ? 6 : 4 }] : systemResolver(hostname);
      }
    : systemResolver;
  const ca = hooks.caFile ? readFileSync(hooks.caFile, "utf8") : undefined;
  return (url) =>
    safeFetch(url, {
      resolve,
      maxBytes: maxDocumentBytes,
      maxRedirects: options.maxRedirects,
      timeoutMs: options.timeoutMs,
      ...(hooks.loopbackHosts ? { loopbackHosts: hooks.loopbackHosts } : {}),
      ...(ca ? { ca } : {}),
    });
}
