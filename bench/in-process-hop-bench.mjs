// Embedded mode's in-process hop, router route against direct route, in one process:
// one unary CalcEngineService/Calculate through Levy's own RPC kit (client metrics and
// request-id interceptors, server metrics and request-context/error interceptors, a 3 s
// deadline as the gateway sets), the handler returning a canned answer. The two routes
// are measured in alternating rounds so a loaded machine hurts both alike; the figure
// is CPU µs per call (both sides, they share the process).
//   node bench/in-process-hop-bench.mjs [--calls 3000] [--rounds 6] [--concurrency 4]
import { parseArgs } from "node:util";
import {
  configureInProcessRpc,
  createLogger,
  createRpcClient,
  createRpcTransport,
  createServiceMetrics,
  runWithRequestContext,
  startRpcServer,
} from "@levy/kit";
import { CalcEngineService } from "@levy/proto/levy/calc_engine/v1/calc_engine_pb.js";
import { renderTable } from "./report.mjs";
import { sampleRequest, sampleResponse } from "./hop-transports.mjs";

const { values: flags } = parseArgs({
  options: {
    calls: { type: "string", default: "3000" },
    rounds: { type: "string", default: "6" },
    concurrency: { type: "string", default: "4" },
  },
});
const logger = createLogger({ service: "in-process-hop-bench", level: "silent" });
const answer = sampleResponse();

async function peer(route) {
  configureInProcessRpc({ enabled: true, route });
  const serverMetrics = createServiceMetrics("calc-engine");
  const clientMetrics = createServiceMetrics("gateway");
  const server = await startRpcServer({
    host: "127.0.0.1",
    port: 0,
    logger,
    interceptors: [serverMetrics.serverInterceptor],
    routes: (router) => router.service(CalcEngineService, { calculate: async () => answer }),
  });
  const client = createRpcClient(
    CalcEngineService,
    createRpcTransport({ baseUrl: `http://127.0.0.1:${server.port}`, interceptors: [clientMetrics.clientInterceptor] }),
  );
  const call = () =>
    runWithRequestContext({ requestId: "req_in_process_hop_bench" }, () =>
      client.calculate(sampleRequest(), { timeoutMs: 3000 }),
    );
  await call(); // fixes the route of this client (chosen on its first call)
  return { route, server, call };
}

async function measure(target, calls, concurrency) {
  const started = process.cpuUsage();
  let left = calls;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (left-- > 0) await target.call();
    }),
  );
  const used = process.cpuUsage(started);
  return (used.user + used.system) / calls;
}

const calls = Number(flags.calls);
const concurrency = Number(flags.concurrency);
const targets = [await peer("router"), await peer("direct")];
for (const target of targets) await measure(target, calls, concurrency); // warm-up
const samples = new Map(targets.map((target) => [target.route, []]));
for (let round = 0; round < Number(flags.rounds); round++) {
  for (const target of round % 2 ? [...targets].reverse() : targets)
    samples.get(target.route).push(await measure(target, calls, concurrency));
}
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const rows = targets.map(({ route }) => [
  route,
  String(concurrency),
  median(samples.get(route)).toFixed(1),
  Math.min(...samples.get(route)).toFixed(1),
]);
process.stdout.write(`${renderTable(["route", "concurrency", "median µs/call", "best µs/call"], rows)}\n`);
for (const target of targets) await target.server.stop();
