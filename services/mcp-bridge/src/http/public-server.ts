// The bridge's public HTTP port serving the MCP app (/mcp and /ping).
import type { AddressInfo } from "node:net";
import type { RequestListener } from "node:http";
import { createHttpShutdown, createLimitedHttpServer, type HttpServerLimits } from "@levy/kit";
import { rpcCodes } from "./json-rpc-error.js";

export interface PublicServer {
  readonly port: number;
  stop(): Promise<void>;
}

export async function startPublicServer(
  host: string,
  port: number,
  app: RequestListener,
  limits: HttpServerLimits,
): Promise<PublicServer> {
  // Requests arriving once the stop began get a JSON-RPC error with a 503 (retry later).
  const shutdown = createHttpShutdown((_request, response) => {
    response.writeHead(503, { "content-type": "application/json", "retry-after": "1" }).end(
      JSON.stringify({
        jsonrpc: "2.0",
        error: { code: rpcCodes.unavailable, message: "the MCP bridge is shutting down; retry the request" },
        id: null,
      }),
    );
  });
  const server = createLimitedHttpServer(shutdown.guard(app), limits);
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    stop: () => shutdown.drain(server),
  };
}
