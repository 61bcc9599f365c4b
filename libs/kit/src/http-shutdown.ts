// A graceful stop of a public HTTP/1.1 server under keep-alive load. server.close() alone
// stops new connections but waits for the open ones, and a busy keep-alive connection
// is never idle: it went on carrying (and acknowledging) new requests until the process
// was killed. So once the stop begins:
// - a request that arrives is refused (the caller's `refuse`: a 503 with Retry-After),
//   never processed, so nothing is acknowledged after the server stopped accepting;
// - a request in progress is answered, with `Connection: close`;
// - every connection is closed as soon as it is idle, and whatever is still open after
//   the grace time is cut, so the stop ends in bounded time.
import type { IncomingMessage, RequestListener, Server, ServerResponse } from "node:http";

export interface HttpShutdown {
  /** Wraps the server's request listener (pass the result to http.createServer). */
  guard(listener: RequestListener): RequestListener;
  /** True once drain() began. */
  readonly stopping: boolean;
  /** Stops accepting, answers what is in progress, closes every connection; resolves when all are closed. */
  drain(server: Server, graceMs?: number): Promise<void>;
}

export const defaultHttpGraceMs = 10_000;

export function createHttpShutdown(refuse: (request: IncomingMessage, response: ServerResponse) => void): HttpShutdown {
  let stopping = false;
  let server: Server | null = null;
  const inProgress = new Set<ServerResponse>();

  const closeWhenAnswered = (response: ServerResponse) => {
    inProgress.delete(response);
    // The connection is idle once this response is written; close it before it carries another.
    if (stopping) setImmediate(() => server?.closeIdleConnections());
  };

  return {
    get stopping() {
      return stopping;
    },
    guard: (listener) => (request, response) => {
      if (stopping) {
        response.setHeader("connection", "close");
        refuse(request, response);
        return;
      }
      inProgress.add(response);
      response.once("finish", () => closeWhenAnswered(response));
      response.once("close", () => closeWhenAnswered(response));
      listener(request, response);
    },
    drain(target, graceMs = defaultHttpGraceMs) {
      stopping = true;
      server = target;
      for (const response of inProgress) if (!response.headersSent) response.setHeader("connection", "close");
      return new Promise<void>((resolve) => {
        const cut = setTimeout(() => target.closeAllConnections(), graceMs);
        cut.unref();
        target.close(() => {
          clearTimeout(cut);
          resolve();
        });
        target.closeIdleConnections();
      });
    },
  };
}
