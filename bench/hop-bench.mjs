#!/usr/bin/env node
// `npm run bench:hop`: the cost of one unary call between two Node processes for each
// candidate transport (connect-node with the gRPC protocol, with the Connect protocol over
// HTTP/2 and HTTP/1.1, and @grpc/grpc-js), so the choice is backed by numbers. This process
// is the client; the server is forked (bench/hop-server.mjs). The message is calc-engine's
// Calculate (1 line in, 4 jurisdictions out) and the handler returns a canned answer, so
// the figures are the transport's: CPU µs per call on each side (process.cpuUsage in each
// process) and calls/s at a few concurrency levels.
import { fork } from "node:child_process";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { renderTable } from "./report.mjs";
import { sampleRequest, transports } from "./hop-transports.mjs";

const { values: flags } = parseArgs({
  options: {
    duration: { type: "string", default: "5" },
    warmup: { type: "string", default: "2" },
    concurrency: { type: "string", default: "1,4,16" },
    only: { type: "string" },
    help: { type: "boolean", default: false },
  },
});
if (flags.help) {
  process.stdout.write(
    "node bench/hop-bench.mjs [--duration 5] [--warmup 2] [--concurrency 1,4,16] [--only <transport name part>]\n",
  );
  process.exit(0);
}
const durationMs = Number(flags.duration) * 1000;
const warmupMs = Number(flags.warmup) * 1000;
const levels = flags.concurrency.split(",").map(Number);
const here = path.dirname(fileURLToPath(import.meta.url));
const log = (line) => process.stdout.write(`${line}\n`);

async function startServer(name) {
  const child = fork(path.join(here, "hop-server.mjs"), [name], { stdio: ["ignore", "inherit", "inherit", "ipc"] });
  const next = (type) =>
    new Promise((resolve) =>
      child.on("message", function on(message) {
        if (message.type === type) {
          child.off("message", on);
          resolve(message);
        }
      }),
    );
  const { port } = await next("ready");
  return {
    port,
    cpuMicros: async () => {
      const answer = next("mark");
      child.send({ type: "mark" });
      return (await answer).cpuMicros;
    },
    stop: () => child.send({ type: "stop" }),
  };
}

/** `concurrency` callers, each calling again as soon as its call returns, for `ms`. */
async function drive(client, request, concurrency, ms) {
  const until = performance.now() + ms;
  let calls = 0;
  const caller = async () => {
    while (performance.now() < until) {
      await client.call(request);
      calls += 1;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, caller));
  return calls;
}

const ownCpuMicros = () => {
  const cpu = process.cpuUsage();
  return cpu.user + cpu.system;
};

async function measureTransport(name) {
  const server = await startServer(name);
  const client = transports[name].connect(server.port);
  const request = sampleRequest();
  const rows = [];
  try {
    await drive(client, request, Math.max(...levels), warmupMs);
    for (const concurrency of levels) {
      const serverBefore = await server.cpuMicros();
      const clientBefore = ownCpuMicros();
      const started = performance.now();
      const calls = await drive(client, request, concurrency, durationMs);
      const seconds = (performance.now() - started) / 1000;
      const clientMicros = ownCpuMicros() - clientBefore;
      const serverMicros = (await server.cpuMicros()) - serverBefore;
      rows.push({
        name,
        concurrency,
        callsPerSecond: calls / seconds,
        clientMicros: clientMicros / calls,
        serverMicros: serverMicros / calls,
      });
      log(`  ${name} at ${concurrency}: ${(calls / seconds).toFixed(0)} calls/s`);
    }
  } finally {
    await client.close();
    server.stop();
  }
  return rows;
}

log(
  `Levy per-hop benchmark ${new Date().toISOString()}  node ${process.version}, ${os.cpus().length} cpus, load average ${os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(" ")}`,
);
const rows = [];
for (const name of Object.keys(transports).filter((name) => !flags.only || name.includes(flags.only))) {
  rows.push(...(await measureTransport(name)));
}
log(
  `\nunary Calculate between two processes (canned answer), ${flags.duration} s per level:\n${renderTable(
    ["transport", "concurrency", "calls/s", "client µs/call", "server µs/call", "both µs/call"],
    rows.map((row) => [
      row.name,
      String(row.concurrency),
      row.callsPerSecond.toFixed(0),
      row.clientMicros.toFixed(0),
      row.serverMicros.toFixed(0),
      (row.clientMicros + row.serverMicros).toFixed(0),
    ]),
  )}`,
);
