#!/usr/bin/env node
// Before/after of the embedded 1-line calculation at a fixed request rate, builds
// alternating: each round starts every build's embedded Levy fresh (from its own checkout,
// e.g. the old commit built in a scratch copy), writes its fixtures, warms up 2 s, then
// measures `seconds` at `rate` req/s over `connections`. A fixed rate gives both builds the
// same arrival pattern (and so the same commit batching), which a closed-loop run at
// different throughputs does not. CPU ms per request is the figure to compare.
//   node bench/paced-ab.mjs <rate> <connections> <seconds> <rounds> <label>=<checkout> ...
const [rate, connections, seconds, rounds, ...builds] = process.argv.slice(2);
if (builds.length === 0) {
  process.stderr.write(
    "usage: node bench/paced-ab.mjs <rate> <connections> <seconds> <rounds> <label>=<checkout> ...\n",
  );
  process.exit(2);
}
const os = await import("node:os");
const loaded = {};
for (const build of builds) {
  const [label, dir] = build.split("=");
  loaded[label] = {
    processes: await import(`${dir}/bench/processes.mjs`),
    fixtures: await import(`${dir}/bench/fixtures.mjs`),
    measure: await import(`${dir}/bench/measure.mjs`),
  };
}
const settings = { durationSeconds: Number(seconds), warmupSeconds: 2 };
for (let round = 0; round < Number(rounds); round++) {
  for (const [label, build] of Object.entries(loaded)) {
    const system = await build.processes.startChild("system-process.mjs", {
      env: { ...process.env, BENCH_MODE: "embedded" },
      execArgv: ["--expose-gc"],
    });
    try {
      const { endpoints } = await build.fixtures.prepareFixtures(system);
      const endpoint = endpoints.find((candidate) => candidate.name.includes("1 line"));
      const meter = async () => ({ levy: (await system.ask("mark")).cpuMicros });
      const f = await build.measure.measureFixed(endpoint, Number(connections), settings, meter, Number(rate));
      process.stdout.write(
        `${label.padEnd(8)} round ${round} ${new Date().toISOString().slice(11, 19)} load ${os.loadavg()[0].toFixed(1).padStart(5)}  ` +
          `req/s ${f.requestsPerSecond.toFixed(0).padStart(5)}  p50 ${f.p50} p99 ${f.p99}  cpu ms/req ${f.cpuMsPerRequest.toFixed(3)}  errors ${f.errors} non2xx ${f.non2xx}\n`,
      );
    } finally {
      await system.stop();
    }
  }
}
