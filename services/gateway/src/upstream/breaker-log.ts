// Logs every circuit-breaker transition with the failure that caused it, so an operator
// (and a failing test) can tell "the upstream is down" from "the upstream is too slow".
import type { Logger } from "@levy/kit";
import type CircuitBreaker from "opossum";

export function logBreakerTransitions(logger: Logger, breakers: readonly CircuitBreaker[]): void {
  for (const breaker of breakers) {
    let lastFailure = "";
    breaker.on("failure", (error: unknown) => {
      lastFailure = error instanceof Error ? error.message : String(error);
    });
    breaker.on("timeout", () => {
      lastFailure = "call timed out";
    });
    breaker.on("open", () =>
      logger.warn({ upstream: breaker.name, last_failure: lastFailure }, "circuit breaker opened"),
    );
    breaker.on("halfOpen", () =>
      logger.info({ upstream: breaker.name }, "circuit breaker half-open: next call is a trial"),
    );
    breaker.on("close", () => logger.info({ upstream: breaker.name }, "circuit breaker closed"));
  }
}
