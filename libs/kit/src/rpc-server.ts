// Starts a service's Connect router on plaintext HTTP/2 (h2c), which speaks the gRPC,
// gRPC-Web and Connect protocols, so @grpc/grpc-js clients and Kubernetes gRPC probes
// interoperate with it. Stopping refuses new streams and waits for in-flight ones.
import http2 from "node:http2";
import type { AddressInfo } from "node:net";
import type { ConnectRouter, Interceptor } from "@connectrpc/connect";
import { connectNodeAdapter } from "@connectrpc/connect-node";
import { levyCodeOf, toConnectError } from "./connect-errors.js";
import { registerInProcessServer } from "./in-process-rpc.js";
import { isLevyError } from "./levy-error.js";
import type { Logger } from "./logger.js";
import { REQUEST_ID_HEADER, requestIdFrom, runWithRequestContext } from "./request-context.js";

export interface RpcServerOptions {
  readonly host: string;
  readonly port: number;
  readonly routes: (router: ConnectRouter) => void;
  readonly logger: Logger;
  readonly interceptors?: readonly Interceptor[];
  /** Longest time stop() waits for in-flight RPCs before closing connections. */
  readonly drainTimeoutMs?: number;
}

export interface RpcServer {
  readonly port: number;
  stop(): Promise<void>;
}

/** Runs the handler inside the caller's request context and turns failures into ConnectErrors. */
function contextAndErrors(logger: Logger): Interceptor {
  return (next) => (request) =>
    runWithRequestContext({ requestId: requestIdFrom(request.header.get(REQUEST_ID_HEADER)) }, async () => {
      try {
        return await next(request);
      } catch (error) {
        if (isUnexpected(error)) logger.error({ err: error, method: request.method.name }, "rpc failed unexpectedly");
        throw toConnectError(error);
      }
    });
}

/**
 * A failure worth an error log: not a Levy error a client caused (a bad address, a missing
 * customer), whether raised here or passed on from a peer that raised it.
 */
function isUnexpected(error: unknown): boolean {
  if (isLevyError(error)) return error.code === "internal_error";
  const code = levyCodeOf(error);
  return code === undefined || code === "internal_error";
}

export async function startRpcServer(options: RpcServerOptions): Promise<RpcServer> {
  const interceptors = [...(options.interceptors ?? []), contextAndErrors(options.logger)];
  const handler = connectNodeAdapter({ routes: options.routes, interceptors });
  const server = http2.createServer(handler);
  const sessions = new Set<http2.ServerHttp2Session>();
  server.on("session", (session) => {
    sessions.add(session);
    session.on("close", () => sessions.delete(session));
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  const withdraw = registerInProcessServer(port, options.routes, interceptors);
  return {
    port,
    stop: async () => {
      withdraw();
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      // GOAWAY lets clients finish open streams while refusing new ones.
      for (const session of sessions) session.close();
      const timer = setTimeout(() => {
        for (const session of sessions) session.destroy();
      }, options.drainTimeoutMs ?? 10_000);
      timer.unref();
      await closed;
      clearTimeout(timer);
    },
  };
}
