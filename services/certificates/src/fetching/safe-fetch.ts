// Fetches a document over https without letting a caller reach internal hosts (SSRF):
// the host is resolved here, every address is judged (@levy/kit public-address.ts), and the
// connection goes to the address that was judged (a custom `lookup`), so a second DNS
// answer cannot swap in another one. Redirects are followed by hand, each one judged
// the same way, up to `maxRedirects`. The body is counted while it streams and the
// request is torn down as soon as it passes `maxBytes`.
import https from "node:https";
import type { LookupFunction } from "node:net";
import { judgeUrlHost, LevyError, type ResolvedAddress, type Resolver } from "@levy/kit";

export type { ResolvedAddress, Resolver };

export interface SafeFetchOptions {
  readonly resolve: Resolver;
  readonly maxBytes: number;
  readonly maxRedirects: number;
  /** Deadline of the whole fetch, redirects included. */
  readonly timeoutMs: number;
  /** Test only: host names whose loopback addresses may be fetched from. */
  readonly loopbackHosts?: ReadonlySet<string>;
  /** Test only: extra trusted CA certificates (PEM). */
  readonly ca?: string;
}

export interface FetchedDocument {
  readonly bytes: Buffer;
  readonly url: URL;
}

const badUrl = (message: string) => new LevyError("INVALID_DOCUMENT_URL", message, { field: "document_url" });
const fetchFailed = (message: string) => new LevyError("DOCUMENT_FETCH_FAILED", message, { field: "document_url" });

export function parseDocumentUrl(text: string): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw badUrl("document_url is not a valid URL");
  }
  if (url.protocol !== "https:") throw badUrl("document_url must be an https URL");
  if (url.username || url.password) throw badUrl("document_url must not carry credentials");
  return url;
}

/** Resolves and judges the URL's host (the shared guard in @levy/kit); returns the one address to connect to. */
async function checkedAddress(url: URL, options: SafeFetchOptions): Promise<ResolvedAddress> {
  const verdict = await judgeUrlHost(url, options);
  if (verdict.allowed) return verdict.target;
  if (verdict.reason === "unresolvable") throw badUrl("the host of document_url does not resolve");
  throw badUrl(`document_url points to a non-public address (${verdict.range})`);
}

interface Hop {
  readonly status: number;
  readonly location?: string;
  readonly bytes?: Buffer;
}

function fetchOnce(url: URL, target: ResolvedAddress, options: SafeFetchOptions, signal: AbortSignal): Promise<Hop> {
  const lookup: LookupFunction = (_hostname, lookupOptions, callback) => {
    if ((lookupOptions as { all?: boolean }).all) (callback as (e: null, a: ResolvedAddress[]) => void)(null, [target]);
    else callback(null, target.address, target.family);
  };
  return new Promise<Hop>((resolve, reject) => {
    const request = https.request(
      url,
      {
        method: "GET",
        agent: false,
        lookup,
        signal,
        headers: { accept: "application/pdf, image/png, image/jpeg", "user-agent": "Levy-Certificates/1" },
        ...(options.ca ? { ca: options.ca } : {}),
      },
      (response) => {
        const status = response.statusCode ?? 0;
        if (status >= 300 && status < 400 && response.headers.location) {
          response.resume();
          return resolve({ status, location: response.headers.location });
        }
        if (status < 200 || status >= 300) {
          response.resume();
          return resolve({ status });
        }
        const declared = Number(response.headers["content-length"]);
        if (Number.isFinite(declared) && declared > options.maxBytes) {
          request.destroy();
          return reject(tooLarge(options.maxBytes));
        }
        const chunks: Buffer[] = [];
        let size = 0;
        response.on("data", (chunk: Buffer) => {
          size += chunk.length;
          if (size > options.maxBytes) {
            request.destroy();
            reject(tooLarge(options.maxBytes));
            return;
          }
          chunks.push(chunk);
        });
        response.on("end", () => resolve({ status, bytes: Buffer.concat(chunks) }));
        response.on("error", (error) => reject(error));
        // A connection cut mid-body (or by the deadline) must not leave the promise hanging.
        response.on("close", () => {
          if (!response.complete) reject(new Error("the connection closed before the document was complete"));
        });
      },
    );
    request.on("error", reject);
    request.end();
  });
}

function tooLarge(maxBytes: number): LevyError {
  return new LevyError("FILE_TOO_LARGE", `the document is larger than ${maxBytes / (1024 * 1024)} MB`, {
    field: "document_url",
  });
}

export async function safeFetch(text: string, options: SafeFetchOptions): Promise<FetchedDocument> {
  let url = parseDocumentUrl(text);
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs);
  try {
    for (let hop = 0; hop <= options.maxRedirects; hop += 1) {
      const target = await checkedAddress(url, options);
      let result: Hop;
      try {
        result = await fetchOnce(url, target, options, controller.signal);
      } catch (error) {
        if (error instanceof LevyError) throw error;
        if (controller.signal.aborted) throw fetchFailed("the document host did not answer in time");
        throw fetchFailed("the document could not be downloaded");
      }
      if (result.location !== undefined) {
        try {
          url = parseDocumentUrl(new URL(result.location, url).toString());
        } catch (error) {
          if (error instanceof LevyError)
            throw badUrl(`document_url redirects to a URL that is not allowed: ${error.message}`);
          throw error;
        }
        continue;
      }
      if (result.status === 401 || result.status === 403) {
        throw new LevyError(
          "DOCUMENT_URL_UNAUTHORIZED",
          `the document host answered ${result.status}; the link may have expired`,
          { field: "document_url" },
        );
      }
      if (!result.bytes) throw fetchFailed(`the document host answered ${result.status}`);
      return { bytes: result.bytes, url };
    }
    throw fetchFailed(`document_url redirected more than ${options.maxRedirects} times`);
  } finally {
    clearTimeout(timer);
  }
}
