// Event-loop lag (prom-client's nodejs_eventloop_lag_* gauges, same names and meaning),
// sampled by one timer per process whose period follows the load. prom-client's own
// sampler (perf_hooks.monitorEventLoopDelay) fires at a fixed resolution forever, one per
// registry: ten wake-ups a second per service at 100 ms, seventy in embedded mode, without
// traffic. Here a sample is taken every 100 ms while the loop is busy and every second
// while it is idle (under 1 % utilised since the last sample), when the lag is nil anyway;
// a loop that blocks is busy by definition, so the next sample is back at 100 ms.
import { type RecordableHistogram, createHistogram, performance } from "node:perf_hooks";
import { Gauge, type Registry } from "prom-client";

export const busySampleMs = 100;
export const idleSampleMs = 1000;
const busyUtilisation = 0.01;

/**
 * Every registry's own histogram (each scrape resets its own), fed by the one sampler;
 * held weakly, so a registry dropped (tests start many systems) takes its histogram along.
 */
const histograms = new Set<WeakRef<RecordableHistogram>>();
let sampler: NodeJS.Timeout | undefined;
let samplePeriodMs: number | undefined;

function arm(periodMs: number, since: ReturnType<typeof performance.eventLoopUtilization>): void {
  const due = performance.now() + periodMs;
  samplePeriodMs = periodMs;
  sampler = setTimeout(() => {
    const lagNs = Math.max(1, Math.round((performance.now() - due) * 1e6));
    for (const held of histograms) {
      const histogram = held.deref();
      if (histogram) histogram.record(lagNs);
      else histograms.delete(held);
    }
    const now = performance.eventLoopUtilization();
    const busy = performance.eventLoopUtilization(now, since).utilization >= busyUtilisation;
    arm(busy ? busySampleMs : idleSampleMs, now);
  }, periodMs).unref();
}

/** The sampler's period right now, undefined before the first registry (for tests). */
export function currentSamplePeriod(): number | undefined {
  return samplePeriodMs;
}

/** Registers the nodejs_eventloop_lag_* gauges on `registry`, read from the shared sampler. */
export function registerEventLoopLag(registry: Registry): void {
  const histogram = createHistogram();
  histograms.add(new WeakRef(histogram));
  if (!sampler) arm(busySampleMs, performance.eventLoopUtilization());
  const gauge = (suffix: string, help: string, read?: () => number) =>
    new Gauge({
      name: `nodejs_eventloop_lag${suffix}_seconds`,
      help,
      registers: [registry],
      ...(read
        ? {
            collect() {
              this.set(read());
            },
          }
        : {}),
    });
  const seconds = (ns: number) => (histogram.count > 0 ? ns / 1e9 : 0);
  const lag = new Gauge({
    name: "nodejs_eventloop_lag_seconds",
    help: "Lag of event loop in seconds.",
    registers: [registry],
    // As prom-client: the time a setImmediate scheduled at scrape time waits.
    collect() {
      const start = process.hrtime.bigint();
      setImmediate(() => lag.set(Number(process.hrtime.bigint() - start) / 1e9));
    },
  });
  gauge("_min", "The minimum recorded event loop delay.", () => seconds(histogram.min));
  gauge("_max", "The maximum recorded event loop delay.", () => seconds(histogram.max));
  gauge("_mean", "The mean of the recorded event loop delays.", () => seconds(histogram.mean));
  gauge("_stddev", "The standard deviation of the recorded event loop delays.", () => seconds(histogram.stddev));
  gauge("_p50", "The 50th percentile of the recorded event loop delays.", () => seconds(histogram.percentile(50)));
  gauge("_p90", "The 90th percentile of the recorded event loop delays.", () => seconds(histogram.percentile(90)));
  // The last gauge read resets the window, as prom-client's collect did.
  gauge("_p99", "The 99th percentile of the recorded event loop delays.", () => {
    const value = seconds(histogram.percentile(99));
    histogram.reset();
    return value;
  });
}
