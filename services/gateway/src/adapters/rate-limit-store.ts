// Rate-limit counters in the gateway's store, so every replica of a front door (the MCP
// bridge) shares one budget per account. One record per account, bucket and fixed
// window, counted with the storage port's atomic increment; see
// domain/sliding-window.ts for how two windows approximate a sliding one.
import { LevyError, invalidField } from "@levy/kit";
import type { Collection, Scope } from "@levy/storage";
import type { Store } from "@levy/storage";
import { retryAfterSeconds, slidingCount, windowPosition } from "../domain/sliding-window.js";

interface WindowRecord {
  id: string;
  bucket: string;
  window_seconds: number;
  window_start: number;
  count: number;
}

export interface ConsumeInput {
  readonly accountId: string;
  readonly bucket: string;
  readonly limit: number;
  readonly windowSeconds: number;
}

export interface ConsumeResult {
  readonly allowed: boolean;
  readonly remaining: number;
  readonly retryAfterSeconds: number;
}

export interface RateLimitStore {
  consume(input: ConsumeInput): Promise<ConsumeResult>;
}

function validate(input: ConsumeInput): void {
  if (input.accountId === "") throw new LevyError("invalid_request", "account_id is required");
  if (!/^[a-z0-9_-]{1,40}$/.test(input.bucket))
    throw invalidField("bucket", "bucket is 1-40 lowercase letters, digits, _ or -");
  if (!Number.isInteger(input.limit) || input.limit < 1 || input.limit > 1_000_000)
    throw invalidField("limit", "limit is 1-1000000");
  if (!Number.isInteger(input.windowSeconds) || input.windowSeconds < 1 || input.windowSeconds > 86_400) {
    throw invalidField("window_seconds", "window_seconds is 1-86400");
  }
}

/**
 * Runs the operations of one key one at a time (others in parallel). A burst of one
 * account's requests would otherwise make its counter record a hot spot of optimistic
 * retries (slow on MongoDB/FerretDB); across gateway replicas the atomic increment
 * still decides.
 */
function createKeyedQueue() {
  const tails = new Map<string, Promise<unknown>>();
  return function run<R>(key: string, operation: () => Promise<R>): Promise<R> {
    const result = (tails.get(key) ?? Promise.resolve()).then(operation, operation);
    const tail = result.catch(() => undefined);
    tails.set(key, tail);
    void tail.then(() => {
      if (tails.get(key) === tail) tails.delete(key);
    });
    return result;
  };
}

export async function createRateLimitStore(store: Store, clock: () => number = Date.now): Promise<RateLimitStore> {
  const windows: Collection<WindowRecord> = await store.collection<WindowRecord>({ name: "rate_limit_windows" });
  const recordId = (input: ConsumeInput, start: number) => `${input.bucket}:${input.windowSeconds}:${start}`;
  const queue = createKeyedQueue();

  return {
    async consume(input) {
      validate(input);
      return queue(`${input.accountId} ${input.bucket}`, () => consumeNow(input));
    },
  };

  async function consumeNow(input: ConsumeInput): Promise<ConsumeResult> {
    // The budget is the account's, whatever the key's mode: one scope for both modes.
    const scope: Scope = { accountId: input.accountId, livemode: false };
    const position = windowPosition(clock(), input.windowSeconds);
    const id = recordId(input, position.start);
    const create = {
      id,
      bucket: input.bucket,
      window_seconds: input.windowSeconds,
      window_start: position.start,
      count: 0,
    };
    // Count first, then decide: the atomic increment orders concurrent requests.
    const current = await windows.increment(scope, id, { inc: { count: 1 }, create });
    const previous = (await windows.get(scope, recordId(input, position.start - input.windowSeconds)))?.count ?? 0;
    if (current.count === 1) {
      // First request of a new window: the window before the previous one is no longer needed.
      windows.delete(scope, recordId(input, position.start - 2 * input.windowSeconds)).catch(() => undefined);
    }
    const used = slidingCount(previous, current.count, position.elapsed, input.windowSeconds);
    if (used <= input.limit) {
      return { allowed: true, remaining: Math.max(0, Math.floor(input.limit - used)), retryAfterSeconds: 0 };
    }
    // Refused requests do not use up the budget.
    await windows.increment(scope, id, { inc: { count: -1 }, create });
    const retryAfter = retryAfterSeconds(
      { previous, current: current.count },
      input.limit,
      position,
      input.windowSeconds,
    );
    return { allowed: false, remaining: 0, retryAfterSeconds: retryAfter };
  }
}
