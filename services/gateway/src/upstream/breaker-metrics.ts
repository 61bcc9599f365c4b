// Exposes each circuit breaker's state as levy_circuit_breaker_state{upstream}
// (0 closed, 1 half-open, 2 open) so an operator sees an open breaker at once.
import type CircuitBreaker from "opossum";
import { Gauge, type Registry } from "prom-client";

export function registerBreakerMetrics(registry: Registry, breakers: readonly CircuitBreaker[]): void {
  new Gauge({
    name: "levy_circuit_breaker_state",
    help: "Circuit breaker state per upstream: 0 closed, 1 half-open, 2 open",
    labelNames: ["upstream"],
    registers: [registry],
    collect() {
      for (const breaker of breakers) {
        this.set({ upstream: breaker.name }, breaker.opened ? 2 : breaker.halfOpen ? 1 : 0);
      }
    },
  });
}
