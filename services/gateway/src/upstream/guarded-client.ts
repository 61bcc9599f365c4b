// Every call to an upstream service goes through an opossum circuit breaker with a
// timeout. A breaker opens only on the upstream's health (unavailability, timeouts,
// dropped streams), never on an error one request's content caused (invalid, not found,
// internal...), and an open breaker fails fast with upstream_unavailable (HTTP 503 with
// Retry-After).
import { EventEmitter } from "node:events";
import type { DescService } from "@bufbuild/protobuf";
import { ConnectError, createClient, type Client, type Transport } from "@connectrpc/connect";
import { LevyError, fromConnectError } from "@levy/kit";
import CircuitBreaker from "opossum";
import { RETRY_AFTER_META } from "../http/error-response.js";

export interface BreakerOptions {
  /** Deadline of one call. */
  readonly timeoutMs: number;
  /** How long the breaker stays open before a trial call. */
  readonly resetTimeoutMs: number;
  /** Failure percentage over the rolling window that opens the breaker. */
  readonly errorThresholdPercentage: number;
  /** Calls in the window before the percentage is judged. */
  readonly volumeThreshold: number;
}

export interface GuardedClient<S extends DescService> {
  readonly client: Client<S>;
  readonly breaker: CircuitBreaker;
}

/**
 * True for a failure that says the upstream is unhealthy: unreachable or answering
 * `Unavailable` (its own database or broker down), too slow (`DeadlineExceeded`), or the
 * stream dropped by the transport (`Aborted`/`Canceled` without Levy's ErrorInfo). This
 * is exactly what fromConnectError turns into upstream_unavailable or upstream_timeout.
 * Everything else, `Internal` and `Unknown` included, can be caused by one request's
 * content; counting it would let one caller open the breaker for every caller.
 */
export function isUpstreamHealthFailure(error: unknown): boolean {
  if (!(error instanceof ConnectError)) return false;
  const { code } = fromConnectError(error);
  return code === "upstream_unavailable" || code === "upstream_timeout";
}

/**
 * Every breaker's rolling window turns one bucket a second (opossum's defaults: 10 s in
 * 10 buckets). Left alone, each breaker arms two 1 s intervals of its own (the rotation and
 * a `snapshot` event nobody listens to): twelve wake-ups a second of an idle gateway with
 * six breakers. One shared, unref'd clock turns all windows at once.
 */
const bucketMs = 1000;
let sharedRotation: EventEmitter | undefined;
function rotationClock(): EventEmitter {
  if (!sharedRotation) {
    const clock = new EventEmitter();
    clock.setMaxListeners(0);
    setInterval(() => clock.emit("rotate"), bucketMs).unref();
    sharedRotation = clock;
  }
  return sharedRotation;
}

export function createGuardedClient<S extends DescService>(
  name: string,
  service: S,
  transport: Transport,
  options: BreakerOptions,
): GuardedClient<S> {
  const raw = createClient(service, transport) as unknown as Record<
    string,
    (request: unknown, callOptions?: object) => Promise<unknown>
  >;
  const breaker = new CircuitBreaker((call: () => Promise<unknown>) => call(), {
    name,
    // The call carries its own deadline; the breaker's timeout is a backstop.
    timeout: options.timeoutMs + 250,
    resetTimeout: options.resetTimeoutMs,
    errorThresholdPercentage: options.errorThresholdPercentage,
    volumeThreshold: options.volumeThreshold,
    // errorFilter: true = not a failure. The breaker's own timeouts always count.
    errorFilter: (error: unknown) => !isUpstreamHealthFailure(error),
    rollingCountTimeout: 10 * bucketMs,
    rollingCountBuckets: 10,
    rotateBucketController: rotationClock(),
    enableSnapshots: false,
  });
  const guarded: Record<string, unknown> = {};
  for (const method of service.methods) {
    guarded[method.localName] = async (request: unknown, callOptions?: object) => {
      try {
        return await breaker.fire(() =>
          raw[method.localName]!(request, { timeoutMs: options.timeoutMs, ...callOptions }),
        );
      } catch (error) {
        const breakerCode = (error as { code?: unknown }).code;
        if (breakerCode === "EOPENBREAKER") {
          throw new LevyError(
            "upstream_unavailable",
            `the ${name} service is unavailable, retry shortly`,
            {
              [RETRY_AFTER_META]: String(Math.ceil(options.resetTimeoutMs / 1000)),
            },
            { cause: error },
          );
        }
        if (breakerCode === "ETIMEDOUT") {
          throw new LevyError("upstream_timeout", `the ${name} service did not answer in time`, undefined, {
            cause: error,
          });
        }
        throw fromConnectError(error);
      }
    };
  }
  return { client: guarded as unknown as Client<S>, breaker };
}
