// The load generator, in its own process (forked by the harness) so it never shares an
// event loop with the system under test. Receives one job over IPC, runs autocannon and
// sends the raw result back. A job with `bodies` sends each body once, in order (a pool
// of fresh calculations to record); `collectIds` returns the `id` of every 2xx answer;
// `mix` cycles through several requests. A job with `overallRate` is paced evenly, open
// loop (paced-load.mjs), not by autocannon.
import autocannon from "autocannon";
import { runPacedLoad } from "./paced-load.mjs";

function runJob(job) {
  const ids = [];
  let next = 0;
  const toRequest = (spec) => ({
    method: spec.method,
    path: spec.path,
    headers: { "content-type": "application/json", ...spec.headers },
    ...(spec.body === undefined ? {} : { body: JSON.stringify(spec.body) }),
  });
  const request = toRequest(job);
  if (job.bodies) {
    request.setupRequest = (req) => ({ ...req, body: JSON.stringify(job.bodies[next++ % job.bodies.length]) });
  }
  if (job.collectIds) {
    request.onResponse = (status, body) => {
      if (status >= 200 && status < 300) ids.push(JSON.parse(body).id);
    };
  }
  if (job.overallRate) {
    const nextRequest = () => (request.setupRequest ? request.setupRequest(request) : request);
    const paced = {
      url: job.url,
      connections: job.connections,
      rate: job.overallRate,
      durationSeconds: job.duration,
      nextRequest,
    };
    return runPacedLoad(paced).then((result) => ({ result, ids }));
  }
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: job.url,
        connections: job.connections,
        // `amount` (a pool's size) overrides duration: every body is sent exactly once.
        ...(job.amount ? { amount: job.amount } : { duration: job.duration }),
        // `mix`: several requests sent in turn on every connection (the soak run).
        requests: job.mix ? job.mix.map(toRequest) : [request],
        timeout: 10,
      },
      (error, result) => (error ? reject(error) : resolve({ result, ids })),
    );
  });
}

process.on("message", async (job) => {
  try {
    process.send({ type: "done", ...(await runJob(job)) });
  } catch (error) {
    process.send({ type: "failed", message: error instanceof Error ? error.message : String(error) });
  }
});

// The harness died: stop generating load.
process.once("disconnect", () => process.exit(0));
