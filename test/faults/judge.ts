// Reads a fault window out of the answers the load collected: what failed, how fast the
// failures came, and when the API was whole again.
import type { Answer } from "./steady-load.js";

export interface WindowVerdict {
  readonly answers: number;
  readonly failures: number;
  /** The slowest answer of the window, failures included (a hang shows here). */
  readonly slowestMs: number;
  /** Failures that were neither a JSON 503/504 nor a refused connection. */
  readonly unexpected: Answer[];
  /** Milliseconds from `backAt` to the last failure (0 when none came after it). */
  readonly recoveredAfterMs: number;
}

export const isFailure = (answer: Answer) => answer.status <= 0 || answer.status >= 500;

/**
 * Judges the answers that started at or after `from` and ended before `to` (the next
 * fault's start, so its failures are not blamed on this one); the dependency was back
 * at `backAt`.
 */
export function judgeWindow(answers: readonly Answer[], from: number, to: number, backAt: number): WindowVerdict {
  const inWindow = answers.filter((answer) => answer.at >= from && answer.at + answer.ms < to);
  const failures = inWindow.filter(isFailure);
  const lastFailureEnd = Math.max(backAt, ...failures.map((answer) => answer.at + answer.ms));
  return {
    answers: inWindow.length,
    failures: failures.length,
    slowestMs: Math.max(0, ...inWindow.map((answer) => answer.ms)),
    unexpected: failures.filter(
      (answer) => !(answer.status === 0 || ((answer.status === 503 || answer.status === 504) && answer.code)),
    ),
    recoveredAfterMs: lastFailureEnd - backAt,
  };
}
