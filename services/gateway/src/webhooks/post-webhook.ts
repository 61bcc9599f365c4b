// One delivery attempt: an https POST to a public host only. The host is resolved and
// judged again on every attempt (the shared guard, @levy/kit public-address.ts), and the
// connection goes to the judged address, so a DNS change after the endpoint was created
// cannot point a delivery inward. Redirects are not followed (a 3xx is a failure), and
// the whole attempt has a deadline. Success is any 2xx; the answer's body is discarded.
import https from "node:https";
import type { LookupFunction } from "node:net";
import { judgeUrlHost, type ResolvedAddress, type Resolver } from "@levy/kit";

export interface PostOptions {
  readonly resolve: Resolver;
  readonly timeoutMs: number;
  /** Test only: host names whose loopback addresses may be delivered to. */
  readonly loopbackHosts?: ReadonlySet<string> | undefined;
  /** Test only: an extra trusted CA (PEM). */
  readonly ca?: string | undefined;
}

export interface PostOutcome {
  readonly httpStatus: number | null;
  readonly error: string | null;
  readonly durationMs: number;
}

function send(url: URL, target: ResolvedAddress, headers: Record<string, string>, body: string, options: PostOptions) {
  const lookup: LookupFunction = (_hostname, lookupOptions, callback) => {
    if ((lookupOptions as { all?: boolean }).all) (callback as (e: null, a: ResolvedAddress[]) => void)(null, [target]);
    else callback(null, target.address, target.family);
  };
  return new Promise<number>((resolve, reject) => {
    const request = https.request(
      url,
      {
        method: "POST",
        agent: false,
        lookup,
        timeout: options.timeoutMs,
        signal: AbortSignal.timeout(options.timeoutMs),
        headers: { ...headers, "content-length": Buffer.byteLength(body) },
        ...(options.ca ? { ca: options.ca } : {}),
      },
      (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      },
    );
    request.on("timeout", () => request.destroy(new Error("no answer in time")));
    request.on("error", reject);
    request.end(body);
  });
}

export async function postWebhook(
  urlText: string,
  headers: Record<string, string>,
  body: string,
  options: PostOptions,
): Promise<PostOutcome> {
  const started = Date.now();
  const outcome = (httpStatus: number | null, error: string | null): PostOutcome => ({
    httpStatus,
    error,
    durationMs: Date.now() - started,
  });
  const url = new URL(urlText);
  if (url.protocol !== "https:") return outcome(null, "the endpoint URL is not https");
  const verdict = await judgeUrlHost(url, options);
  if (!verdict.allowed) {
    return outcome(
      null,
      verdict.reason === "unresolvable"
        ? "the endpoint host does not resolve"
        : `the endpoint host resolves to a non-public address (${verdict.range})`,
    );
  }
  try {
    const status = await send(url, verdict.target, headers, body, options);
    if (status >= 200 && status < 300) return outcome(status, null);
    return outcome(status, status >= 300 && status < 400 ? "redirects are not followed" : `answered ${status}`);
  } catch (error) {
    const name = (error as { name?: string }).name;
    if (name === "AbortError" || name === "TimeoutError")
      return outcome(null, `no answer within ${options.timeoutMs} ms`);
    return outcome(null, `could not deliver: ${(error as Error).message}`.slice(0, 200));
  }
}
