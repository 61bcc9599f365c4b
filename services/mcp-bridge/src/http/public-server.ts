// The bridge's public HTTP port serving the MCP app (/mcp and /ping).
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { RequestListener } from "node:http";

export interface PublicServer {
  readonly port: number;
  stop(): Promise<void>;
}

export async function startPublicServer(host: string, port: number, app: RequestListener): Promise<PublicServer> {
  const server = http.createServer(app);
  server.keepAliveTimeout = 65_000;
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
