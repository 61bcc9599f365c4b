// The bridge's public HTTP port: GET /ping for health checks by agents' platforms.
import http from "node:http";
import type { AddressInfo } from "node:net";

export interface PublicServer {
  readonly port: number;
  stop(): Promise<void>;
}

export async function startPublicServer(host: string, port: number): Promise<PublicServer> {
  const server = http.createServer((request, response) => {
    const path = (request.url ?? "/").split("?")[0];
    const [status, body] = path === "/ping" && request.method === "GET" ? [200, { status: "ok" }] : [404, { error: "not found" }];
    response.writeHead(status, { "content-type": "application/json" });
    response.end(JSON.stringify(body));
  });
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
