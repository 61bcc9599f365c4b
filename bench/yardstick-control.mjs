// The IPC side of a yardstick server (bare node:http, the Express floor): listens on a
// free loopback port, sends {type: "ready", url}, answers {type: "mark"} with the CPU time
// used so far and stops on {type: "stop"} or when the harness goes away.
export function serveForHarness(server) {
  server.keepAliveTimeout = 65_000;
  server.listen(0, "127.0.0.1", () =>
    process.send({ type: "ready", url: `http://127.0.0.1:${server.address().port}` }),
  );
  process.on("message", (message) => {
    if (message.type === "mark") {
      const cpu = process.cpuUsage();
      process.send({ type: "mark", cpuMicros: cpu.user + cpu.system });
    }
    if (message.type === "stop") {
      server.close(() => process.exit(0));
      setTimeout(() => process.exit(0), 1_000).unref();
    }
  });
  process.once("disconnect", () => process.exit(0));
}
