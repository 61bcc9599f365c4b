import http from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { createHttpShutdown } from "./http-shutdown.js";

/** A server whose /slow answers after `slowMs`; refusals are 503s. */
async function serve(slowMs: number) {
  const shutdown = createHttpShutdown((_request, response) => response.writeHead(503).end("stopping"));
  const server = http.createServer(
    shutdown.guard((request, response) => {
      if (request.url === "/slow") setTimeout(() => response.end("slow done"), slowMs);
      else response.end("ok");
    }),
  );
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { shutdown, server, port: (server.address() as AddressInfo).port };
}

function get(
  port: number,
  path: string,
  agent: http.Agent,
): Promise<{ status: number; connection: string | undefined; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: "127.0.0.1", port, path, agent }, (response) => {
        let body = "";
        response.on("data", (chunk: Buffer) => (body += chunk.toString()));
        response.on("end", () =>
          resolve({ status: response.statusCode ?? 0, connection: response.headers.connection, body }),
        );
      })
      .on("error", reject);
  });
}

describe("createHttpShutdown", () => {
  it("answers the request in progress with Connection: close, then the drain ends", async () => {
    const { shutdown, server, port } = await serve(300);
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    expect((await get(port, "/fast", agent)).connection).toBe("keep-alive");
    const inProgress = get(port, "/slow", agent);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const drained = shutdown.drain(server);
    expect(shutdown.stopping).toBe(true);
    expect(await inProgress).toEqual({ status: 200, connection: "close", body: "slow done" });
    await drained;
    agent.destroy();
  });

  it("refuses, without processing it, a request that arrives once the stop began (it can still come on a busy connection)", async () => {
    let refused = 0;
    let processed = 0;
    const shutdown = createHttpShutdown(() => {
      refused += 1;
    });
    const listener = shutdown.guard(() => {
      processed += 1;
    });
    const server = http.createServer(listener);
    await shutdown.drain(server); // never listened: resolves at once
    const headers: Record<string, string> = {};
    const response = {
      setHeader: (name: string, value: string) => {
        headers[name] = value;
      },
    } as unknown as http.ServerResponse;
    listener({} as http.IncomingMessage, response);
    expect({ refused, processed, headers }).toEqual({ refused: 1, processed: 0, headers: { connection: "close" } });
  });

  it("cuts connections still open after the grace time", async () => {
    const { shutdown, server, port } = await serve(60_000);
    const agent = new http.Agent({ keepAlive: true });
    const hanging = get(port, "/slow", agent).catch((error: Error) => error);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const started = Date.now();
    await shutdown.drain(server, 200);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(await hanging).toBeInstanceOf(Error);
  });
});
