// Connection limits of the public HTTP ports (REST and /mcp), seen from raw TCP sockets
// against a system started with short limits: a silent connection is closed after the
// header timeout, a slow body is cut at the request timeout, and one client address
// holds at most HTTP_MAX_CONNECTIONS_PER_IP connections.
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount } from "../support/api.js";
import { startEmbeddedSystem, type SystemUnderTest } from "../support/system.js";

const limits = {
  HTTP_HEADERS_TIMEOUT_MS: "300",
  HTTP_REQUEST_TIMEOUT_MS: "1000",
  HTTP_KEEP_ALIVE_TIMEOUT_MS: "10000",
  HTTP_MAX_CONNECTIONS_PER_IP: "3",
};
/** How long a test waits for the server to act: far above the limits, far below Node's defaults (60 s, 300 s). */
const patienceMs = 8000;

interface Probe {
  readonly socket: net.Socket;
  /** Everything the server sent so far. */
  received(): string;
  /** Resolves true when the server closed the connection, false if it was still open after patienceMs. */
  closed(): Promise<boolean>;
}

function connect(url: string, localAddress = "127.0.0.1"): Promise<Probe> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: hostname, port: Number(port), localAddress });
    let text = "";
    let isClosed = false;
    const closing = new Promise<void>((done) =>
      socket.once("close", () => {
        isClosed = true;
        done();
      }),
    );
    socket.on("data", (chunk: Buffer) => (text += chunk.toString("latin1")));
    socket.on("error", () => undefined);
    socket.once("connect", () =>
      resolve({
        socket,
        received: () => text,
        closed: async () => {
          if (isClosed) return true;
          const timer = new Promise<boolean>((done) => setTimeout(() => done(false), patienceMs).unref());
          return Promise.race([closing.then(() => true), timer]);
        },
      }),
    );
    socket.once("error", reject);
  });
}

/** Sends a kept-alive GET /ping or /healthz and waits for its answer; the connection stays open. */
async function keptAlive(url: string, path: string, localAddress: string): Promise<Probe> {
  const probe = await connect(url, localAddress);
  probe.socket.write(`GET ${path} HTTP/1.1\r\nHost: levy\r\n\r\n`);
  for (let waited = 0; !probe.received().includes("\r\n\r\n") && waited < patienceMs; waited += 20)
    await new Promise((done) => setTimeout(done, 20));
  return probe;
}

describe("connection limits of the public ports (embedded, short limits)", () => {
  let system: SystemUnderTest;
  let key: string;

  beforeAll(async () => {
    system = await startEmbeddedSystem(limits);
    key = (await createAccount(system.restUrl, system.adminToken, "Connections")).testSecret;
  });
  afterAll(() => system?.stop());

  it.each(["REST", "MCP"])(
    "%s: a connection that never sends a byte is closed after the header timeout, with 408",
    async (port) => {
      const probe = await connect(port === "REST" ? system.restUrl : system.mcpUrl);
      expect(await probe.closed()).toBe(true);
      expect(probe.received()).toMatch(/^HTTP\/1\.1 408/);
    },
  );

  it("REST: headers that never finish are cut the same way", async () => {
    const probe = await connect(system.restUrl);
    probe.socket.write(`POST /tax/customers HTTP/1.1\r\nHost: levy\r\nAuthorization: Bearer ${key}\r\n`);
    expect(await probe.closed()).toBe(true);
  });

  it("REST: a body that trickles in is cut at the request timeout, with 408", async () => {
    const probe = await connect(system.restUrl);
    probe.socket.write(
      `POST /tax/customers HTTP/1.1\r\nHost: levy\r\nAuthorization: Bearer ${key}\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{`,
    );
    const trickle = setInterval(() => probe.socket.writable && probe.socket.write(" "), 100);
    try {
      expect(await probe.closed()).toBe(true);
    } finally {
      clearInterval(trickle);
    }
    expect(probe.received()).toMatch(/^HTTP\/1\.1 408/);
  });

  it("REST: an anonymous body that trickles in gets its 401 at once and is cut all the same", async () => {
    const probe = await connect(system.restUrl);
    probe.socket.write(
      "POST /tax/customers HTTP/1.1\r\nHost: levy\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{",
    );
    const trickle = setInterval(() => probe.socket.writable && probe.socket.write(" "), 100);
    try {
      expect(await probe.closed()).toBe(true);
    } finally {
      clearInterval(trickle);
    }
    expect(probe.received()).toMatch(/^HTTP\/1\.1 401/);
  });

  it.each([
    ["REST", "/healthz"],
    ["MCP", "/ping"],
  ])("%s: one address holds at most 3 connections; another address is not affected", async (port, path) => {
    const url = port === "REST" ? system.restUrl : system.mcpUrl;
    // 127.0.0.2 and .3 reach the loopback listener as other client addresses.
    const held = [
      await keptAlive(url, path, "127.0.0.2"),
      await keptAlive(url, path, "127.0.0.2"),
      await keptAlive(url, path, "127.0.0.2"),
    ];
    for (const probe of held) expect(probe.received()).toMatch(/^HTTP\/1\.1 200/);
    const refused = await connect(url, "127.0.0.2");
    refused.socket.write(`GET ${path} HTTP/1.1\r\nHost: levy\r\n\r\n`);
    expect(await refused.closed()).toBe(true);
    expect(refused.received()).toBe("");
    const elsewhere = await keptAlive(url, path, "127.0.0.3");
    expect(elsewhere.received()).toMatch(/^HTTP\/1\.1 200/);
    // A freed slot can be used again.
    held[0]!.socket.destroy();
    await held[0]!.closed();
    await new Promise((done) => setTimeout(done, 50));
    const again = await keptAlive(url, path, "127.0.0.2");
    expect(again.received()).toMatch(/^HTTP\/1\.1 200/);
    for (const probe of [...held, elsewhere, again]) probe.socket.destroy();
  });
});
