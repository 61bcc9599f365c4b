// A TCP proxy that holds every byte from the client for `delayMs` before passing it on:
// placed between the gateway and one upstream, it makes that upstream slow without
// touching it. The target is set after the upstream has started (its port is chosen then).
import net from "node:net";

export interface DelayProxy {
  readonly port: number;
  setTarget(port: number): void;
  setDelay(ms: number): void;
  close(): Promise<void>;
}

export async function startDelayProxy(): Promise<DelayProxy> {
  let targetPort = 0;
  let delayMs = 0;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(targetPort, "127.0.0.1");
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on("close", () => sockets.delete(socket));
      socket.on("error", () => {
        client.destroy();
        upstream.destroy();
      });
    }
    // Release times never go backwards, so bytes keep their order when the delay shrinks.
    let lastRelease = 0;
    client.on("data", (chunk) => {
      const releaseAt = Math.max(Date.now() + delayMs, lastRelease);
      lastRelease = releaseAt;
      setTimeout(() => upstream.writable && upstream.write(chunk), releaseAt - Date.now());
    });
    client.on("end", () => upstream.end());
    upstream.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    setTarget: (port) => {
      targetPort = port;
    },
    setDelay: (ms) => {
      delayMs = ms;
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
