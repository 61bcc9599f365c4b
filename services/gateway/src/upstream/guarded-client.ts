// Every call to an upstream service goes through an opossum circuit breaker with a
// timeout. Business answers (not found, invalid argument, ...) are not failures; a
// breaker opens on unavailability and timeouts, and an open breaker fails fast with
// upstream_unavailable (HTTP 503 with Retry-After).
import type { DescService } from "@bufbuild/protobuf";
import { Code, ConnectError, createClient, type Client, type Transport } from "@connectrpc/connect";
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

const infrastructureCodes = new Set([Code.Unavailable, Code.DeadlineExceeded, Code.Unknown, Code.Internal, Code.Canceled]);

/** True for errors that say nothing about the upstream's health. */
function isBusinessError(error: unknown): boolean {
  return error instanceof ConnectError && !infrastructureCodes.has(error.code);
}

export function createGuardedClient<S extends DescService>(
  name: string,
  service: S,
  transport: Transport,
  options: BreakerOptions,
): GuardedClient<S> {
  const raw = createClient(service, transport) as unknown as Record<string, (request: unknown, callOptions?: object) => Promise<unknown>>;
  const breaker = new CircuitBreaker((call: () => Promise<unknown>) => call(), {
    name,
    // The call carries its own deadline; the breaker's timeout is a backstop.
    timeout: options.timeoutMs + 250,
    resetTimeout: options.resetTimeoutMs,
    errorThresholdPercentage: options.errorThresholdPercentage,
    volumeThreshold: options.volumeThreshold,
    errorFilter: isBusinessError,
  });
  const guarded: Record<string, unknown> = {};
  for (const method of service.methods) {
    guarded[method.localName] = async (request: unknown, callOptions?: object) => {
      try {
        return await breaker.fire(() => raw[method.localName]!(request, { timeoutMs: options.timeoutMs, ...callOptions }));
      } catch (error) {
        const breakerCode = (error as { code?: unknown }).code;
        if (breakerCode === "EOPENBREAKER") {
          throw new LevyError("upstream_unavailable", `the ${name} service is unavailable, retry shortly`, {
            [RETRY_AFTER_META]: String(Math.ceil(options.resetTimeoutMs / 1000)),
          }, { cause: error });
        }
        if (breakerCode === "ETIMEDOUT") {
          throw new LevyError("upstream_timeout", `the ${name} service did not answer in time`, undefined, { cause: error });
        }
        throw fromConnectError(error);
      }
    };
  }
  return { client: guarded as unknown as Client<S>, breaker };
}
