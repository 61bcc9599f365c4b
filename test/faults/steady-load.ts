// Steady write load for the fault-injection suite: each worker records sales one after
// another (a calculation, then a transaction), retrying the way a careful client does
// (5xx and broken connections again with the same Idempotency-Key; a key still "in
// progress" after a crash under a new key, same order reference). Every answer is kept
// with its time and latency so each fault window can be judged afterwards.

export interface Answer {
  readonly at: number;
  readonly ms: number;
  /** HTTP status; 0 when the connection failed, -1 when no answer came within 30 s. */
  readonly status: number;
  readonly code?: string;
  readonly path: string;
}

export interface Sale {
  readonly order: string;
  readonly transactionId: string;
  readonly tax: number;
  readonly gross: number;
}

export interface LoadReport {
  readonly answers: Answer[];
  /** Sales the API acknowledged with a 200 (each order once, whatever the retries). */
  readonly sales: Map<string, Sale>;
}

export interface SteadyLoad {
  readonly answers: Answer[];
  /** Lets the workers finish the sale in hand (retrying until `settleMs`), then reports. */
  stop(settleMs?: number): Promise<LoadReport>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const hangMs = 30_000;

export function startSteadyLoad(options: {
  restUrl: string;
  key: string;
  workers: number;
  orderPrefix: string;
  body: (index: number) => unknown;
  processedAt: number;
}): SteadyLoad {
  const answers: Answer[] = [];
  const sales = new Map<string, Sale>();
  let stopping = false;
  let settleBy = Infinity;
  let next = 0;

  async function post(path: string, body: unknown, key: string): Promise<{ status: number; body: any }> {
    const started = Date.now();
    let status = 0;
    let parsed: any = null;
    try {
      const response = await fetch(`${options.restUrl}${path}`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${options.key}`, "idempotency-key": key },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(hangMs),
      });
      status = response.status;
      parsed = await response.json().catch(() => null);
    } catch (error) {
      status = (error as Error).name === "TimeoutError" ? -1 : 0;
    }
    answers.push({
      at: started,
      ms: Date.now() - started,
      status,
      path,
      ...(parsed?.error?.error_code ? { code: parsed.error.error_code } : {}),
    });
    return { status, body: parsed };
  }

  /** Retries until a definite answer (below 500, not "in progress"), or until the settle deadline. */
  async function untilAnswered(path: string, body: unknown, baseKey: string): Promise<{ status: number; body: any }> {
    let key = baseKey;
    for (let attempt = 1; ; attempt += 1) {
      const answer = await post(path, body, key);
      const inProgress = answer.status === 409 && answer.body?.error?.error_code === "conflict";
      if (answer.status > 0 && answer.status < 500 && !inProgress) return answer;
      if (Date.now() > settleBy)
        throw new Error(`${path} still failing when the load stopped: ${answer.status} ${JSON.stringify(answer.body)}`);
      // A key left "in progress" by a crashed gateway stays so until it goes stale: a
      // new key for the same order is safe, the ledger knows the order reference.
      if (inProgress) key = `${baseKey}-r${attempt}`;
      await sleep(200);
    }
  }

  async function worker(): Promise<void> {
    while (!stopping) {
      const index = next++;
      const order = `${options.orderPrefix}-${index}`;
      const calc = await untilAnswered("/tax/calculations", options.body(index), `${order}-calc`);
      if (calc.status !== 200) throw new Error(`calculation refused: ${calc.status} ${JSON.stringify(calc.body)}`);
      const recorded = await untilAnswered(
        "/tax/transactions",
        { calculation_id: calc.body.id, reference_order_id: order, transaction_processed_at: options.processedAt },
        `${order}-tx`,
      );
      if (recorded.status !== 200)
        throw new Error(`transaction refused: ${recorded.status} ${JSON.stringify(recorded.body)}`);
      sales.set(order, {
        order,
        transactionId: recorded.body.id,
        tax: recorded.body.total_tax_amount,
        gross: recorded.body.total_amount_excluding_tax,
      });
    }
  }

  // Kept settled so a worker's failure is reported by stop(), not as an unhandled rejection.
  const running = Promise.allSettled(Array.from({ length: options.workers }, worker));
  return {
    answers,
    async stop(settleMs = 120_000) {
      stopping = true;
      settleBy = Date.now() + settleMs;
      const failed = (await running).find((outcome) => outcome.status === "rejected");
      if (failed) throw (failed as PromiseRejectedResult).reason;
      return { answers, sales };
    },
  };
}
