// The server side of the per-hop benchmark, in its own process: serves one transport
// (argv[2], a name from hop-transports.mjs) on a free loopback port, sends
// {type: "ready", port}, answers {type: "mark"} with its CPU µs so far, stops on {type: "stop"}.
import { transports } from "./hop-transports.mjs";

const transport = transports[process.argv[2]];
if (!transport) throw new Error(`unknown transport ${process.argv[2]}`);
const server = await transport.serve();
process.on("message", (message) => {
  if (message.type === "mark") {
    const cpu = process.cpuUsage();
    process.send({ type: "mark", cpuMicros: cpu.user + cpu.system });
  }
  if (message.type === "stop") {
    server.close();
    setTimeout(() => process.exit(0), 200).unref();
  }
});
process.once("disconnect", () => process.exit(0));
process.send({ type: "ready", port: server.port });
