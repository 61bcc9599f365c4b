// The fixed-rate run's load: open loop, request i is due at start + i / rate, sent on a
// free keep-alive connection (up to `connections`), and its latency is counted from when
// it was due, so a request that waited for a free connection is charged its wait (no
// coordinated omission). autocannon's `overallRate` instead lets every connection send
// its share of each second back to back at the start of the second: a burst of all
// connections every second, whose queue the p99 then measured.
// The result has the fields summariseRun (report.mjs) reads from an autocannon result.
import http from "node:http";

function percentile(sorted, fraction) {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * fraction) - 1)];
}

/** `request`: method, path, headers and body (a string) per call, from `nextRequest()`. */
export async function runPacedLoad({ url, connections, rate, durationSeconds, timeoutSeconds = 10, nextRequest }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const target = new URL(url);
  const latencies = [];
  let errors = 0;
  let timeouts = 0;
  let non2xx = 0;
  /** Responses by status, in autocannon's shape ({ "200": { count } }). */
  const statusCodeStats = {};
  const send = (request, dueAt) =>
    new Promise((resolve) => {
      const call = http.request(
        {
          agent,
          host: target.hostname,
          port: target.port,
          method: request.method,
          path: request.path,
          headers: request.headers,
          timeout: timeoutSeconds * 1000,
        },
        (response) => {
          response.on("data", () => {});
          response.on("end", () => {
            latencies.push(performance.now() - dueAt);
            if (response.statusCode < 200 || response.statusCode >= 300) non2xx += 1;
            statusCodeStats[response.statusCode] ??= { count: 0 };
            statusCodeStats[response.statusCode].count += 1;
            resolve();
          });
        },
      );
      call.on("timeout", () => call.destroy(Object.assign(new Error("timeout"), { timedOut: true })));
      call.on("error", (error) => {
        if (error.timedOut) timeouts += 1;
        else errors += 1;
        resolve();
      });
      call.end(request.body);
    });

  const total = Math.round(rate * durationSeconds);
  const startedAt = performance.now();
  const calls = [];
  for (let index = 0; index < total; index += 1) {
    const dueAt = startedAt + (index * 1000) / rate;
    const wait = dueAt - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    calls.push(send(nextRequest(), dueAt));
  }
  await Promise.all(calls);
  const duration = (performance.now() - startedAt) / 1000;
  agent.destroy();
  const sorted = latencies.sort((a, b) => a - b);
  return {
    duration,
    requests: { total: latencies.length, sent: total },
    latency: {
      p50: percentile(sorted, 0.5),
      p99: percentile(sorted, 0.99),
      p99_9: percentile(sorted, 0.999),
      max: sorted.at(-1) ?? 0,
    },
    errors,
    timeouts,
    non2xx,
    statusCodeStats,
  };
}
