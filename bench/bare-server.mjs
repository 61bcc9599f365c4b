// The yardstick: a bare Node HTTP server answering every request with a fixed JSON body,
// in its own process like the system under test. Sends {type: "ready", url} over IPC and
// answers {type: "mark"} with the CPU time it has used.
import http from "node:http";

const body = JSON.stringify({ object: "tax.calculation", id: "calc_bare", amount_total: 10800, tax_amount_exclusive: 800 });
const server = http.createServer((request, response) => {
  request.resume();
  request.on("end", () => {
    response.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(body) });
    response.end(body);
  });
});
server.keepAliveTimeout = 65_000;
server.listen(0, "127.0.0.1", () => process.send({ type: "ready", url: `http://127.0.0.1:${server.address().port}` }));
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
