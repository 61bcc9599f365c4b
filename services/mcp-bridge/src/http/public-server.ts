// The bridge's public HTTP port serving the MCP app (/mcp and /ping).
import type { AddressInfo } from "node:net";
import type { RequestListener } from "node:http";
import { createLimitedHttpServer, type HttpServerLimits } from "@levy/kit";

export interface PublicServer {
  readonly port: number;
  stop(): Promise<void>;
}

export async function startPublicServer(host: string, port: number, app: RequestListener, limits: HttpServerLimits): Promise<PublicServer> {
  const server = createLimitedHttpServer(app, limits);
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      }),
  };
}
