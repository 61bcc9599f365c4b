// Rate-limit counters in the gateway's store, so every replica of a front door (the MCP
// bridge) and of the gateway shares one budget per account. One record per account,
// bucket and fixed window; domain/sliding-window.ts approximates a sliding window from
// the current and the previous one.
//
// What a request costs the store: each gateway process remembers the count and version
// it last wrote or read of an account's current window, and the previous window's count
// once that window is closed. A request is decided from those, and the new count written
// with one conditional update at the remembered version (on FerretDB's marker protocol
// two commands, on MongoDB one). An account's requests that arrive while its write is in
// flight wait, and are then decided together, in arrival order, and written as one.
// A write of another replica in between makes the update a conflict: the record is read
// again and the waiting requests decided again, so the budget stays exact across
// replicas. Refused requests are never written (they do not use up the budget).
import { LevyError, invalidField } from "@levy/kit";
import { type Collection, type Scope, StorageError, type Store, type Stored } from "@levy/storage";
import { decideInTurn } from "../domain/rate-limit-decisions.js";
import { windowPosition } from "../domain/sliding-window.js";
import { createRateWindowMemory, type WindowRecord } from "./rate-window-memory.js";

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

interface Waiting {
  readonly input: ConsumeInput;
  resolve(result: ConsumeResult): void;
  reject(error: unknown): void;
}

/** Tries of one run against other replicas' writes before the requests fail. */
const MAX_ATTEMPTS = 50;

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

const isStorage = (error: unknown, code: string) => error instanceof StorageError && error.code === code;

export async function createRateLimitStore(store: Store, clock: () => number = Date.now): Promise<RateLimitStore> {
  const windows: Collection<WindowRecord> = await store.collection<WindowRecord>({ name: "rate_limit_windows" });
  const recordId = (input: ConsumeInput, start: number) => `${input.bucket}:${input.windowSeconds}:${start}`;
  const memory = createRateWindowMemory();
  /** Requests waiting per counter while its write is in flight. */
  const waiting = new Map<string, Waiting[]>();

  return {
    async consume(input) {
      validate(input);
      const key = `${input.accountId} ${input.bucket} ${input.windowSeconds}`;
      return new Promise<ConsumeResult>((resolve, reject) => {
        const queue = waiting.get(key);
        if (queue) queue.push({ input, resolve, reject });
        else {
          waiting.set(key, [{ input, resolve, reject }]);
          void drain(key);
        }
      });
    },
  };

  /** Settles the counter's waiting requests, run after run, until none are left. */
  async function drain(key: string): Promise<void> {
    for (;;) {
      const run = waiting.get(key) ?? [];
      if (run.length === 0) {
        waiting.delete(key);
        return;
      }
      waiting.set(key, []);
      try {
        const results = await settle(key, run);
        for (const [index, request] of run.entries()) request.resolve(results[index]!);
      } catch (error) {
        memory.forget(key);
        for (const request of run) request.reject(error);
      }
    }
  }

  async function settle(key: string, run: Waiting[]): Promise<ConsumeResult[]> {
    const first = run[0]!.input;
    // The budget is the account's, whatever the key's mode: one scope for both modes.
    const scope: Scope = { accountId: first.accountId, livemode: false };
    for (let attempt = 1; ; attempt += 1) {
      const position = windowPosition(clock(), first.windowSeconds);
      const id = recordId(first, position.start);
      const current = memory.current(key, position.start) ?? (await windows.get(scope, id));
      const previous = await previousCount(key, scope, first, position);
      const { decisions, count } = decideInTurn(
        run.map((request) => request.input.limit),
        { previous, count: current?.count ?? 0 },
        position,
        first.windowSeconds,
      );
      if (count === (current?.count ?? 0)) {
        if (current) memory.remember(key, position.start, current);
        return decisions;
      }
      try {
        const written = await write(scope, current, { id, position, count, input: first });
        memory.remember(key, position.start, written.record);
        if (written.stored) return decisions;
        // Another replica opened the window first: decide again from its record.
      } catch (error) {
        if (!isStorage(error, "conflict") && !isStorage(error, "not_found")) throw error;
        // Another replica wrote since (or the record went): read again and decide again.
        memory.forget(key);
      }
      if (attempt >= MAX_ATTEMPTS) throw new StorageError("conflict", `rate-limit counter ${id} stayed contended`);
      await new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(20, attempt * 2)));
    }
  }

  /**
   * Writes the new count at the version read (a conflict when another writer came first),
   * or opens the window; `stored` is false when another writer had opened it already.
   */
  async function write(
    scope: Scope,
    current: Stored<WindowRecord> | null,
    next: { id: string; position: { start: number }; count: number; input: ConsumeInput },
  ): Promise<{ record: Stored<WindowRecord>; stored: boolean }> {
    if (current) {
      const update = { expectedVersion: current.version, set: { count: next.count } };
      return { record: await windows.update(scope, next.id, update), stored: true };
    }
    const { inserted, record } = await windows.insertIfAbsent(scope, {
      id: next.id,
      bucket: next.input.bucket,
      window_seconds: next.input.windowSeconds,
      window_start: next.position.start,
      count: next.count,
    });
    if (!inserted) return { record, stored: false };
    // A new window: the one before the previous is no longer needed (awaited, so that an
    // account's later requests find no store work of this one still running).
    const stale = recordId(next.input, next.position.start - 2 * next.input.windowSeconds);
    await windows.delete(scope, stale).catch(() => undefined);
    return { record, stored: true };
  }

  /** The previous window's count: read while it may still change, remembered once closed. */
  async function previousCount(
    key: string,
    scope: Scope,
    input: ConsumeInput,
    position: { start: number; elapsed: number },
  ): Promise<number> {
    const start = position.start - input.windowSeconds;
    const known = memory.previous(key, start);
    if (known !== undefined) return known;
    const count = (await windows.get(scope, recordId(input, start)))?.count ?? 0;
    // Writes decided just before the boundary land a moment after it.
    if (position.elapsed >= Math.min(1, input.windowSeconds / 2)) memory.rememberPrevious(key, start, count);
    return count;
  }
}
