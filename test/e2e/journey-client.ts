// What a well-behaved client of the REST API does across a service restart: every write
// carries an Idempotency-Key, and a 5xx answer (a restarting upstream, an open breaker)
// is retried with the same key until a bounded deadline. Retries are counted so the
// journey can report them.
import { createApi, type ApiResponse } from "../support/api.js";

export const apiVersion = "2026-03-01";

export interface RetryLog {
  /** Retried answers (5xx, 409 conflict) per request label, e.g. { refund: 3 }. */
  readonly counts: Record<string, number>;
  /** The distinct retried answers (status and error type), for the report. */
  readonly answers: Set<string>;
}

export function createJourneyClient(restUrl: string, key: string) {
  const api = createApi(restUrl);
  const retries: RetryLog = { counts: {}, answers: new Set() };

  /** One request with the live key and the current API version. */
  const call = (path: string, init: { method?: string; body?: unknown; idempotencyKey?: string } = {}) =>
    api(path, {
      key,
      version: apiVersion,
      ...(init.method ? { method: init.method } : {}),
      ...(init.body !== undefined ? { body: init.body } : {}),
      ...(init.idempotencyKey ? { headers: { "idempotency-key": init.idempotencyKey } } : {}),
    });

  /** A write retried with the same Idempotency-Key until `timeoutMs` has passed. */
  async function write(
    label: string,
    path: string,
    body: unknown,
    idempotencyKey: string,
    timeoutMs = 90_000,
  ): Promise<ApiResponse> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const response = await call(path, { body, idempotencyKey });
      // 409 conflict: the same key is still running elsewhere ("retry shortly").
      const retryable =
        response.status >= 500 || (response.status === 409 && response.body?.error?.error_code === "conflict");
      if (!retryable) return response;
      retries.counts[label] = (retries.counts[label] ?? 0) + 1;
      retries.answers.add(`${response.status} ${response.body?.type ?? response.body?.error?.error_code ?? "?"}`);
      if (Date.now() > deadline)
        throw new Error(
          `${label} kept failing until the deadline; last answer ${response.status} ${JSON.stringify(response.body)}`,
        );
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  return { call, write, retries };
}

/** A US street address (the tests use cities whose rates are pinned in calc-engine's data). */
export const usAddress = (city: string, state: string, zip: string) => ({
  address_line_1: "1 Main St",
  address_city: city,
  address_province: state,
  address_postal_code: zip,
  address_country: "US",
});
