// The judgement of one answer and the tally behind the one-screen summary: never a
// 5xx, always JSON, an error in the public shape (flat + nested from 2026-01-01), a
// field named when the code is about a field, the HTTP status matching the body's code.
import { expect } from "vitest";
import type { ApiResponse } from "../support/api.js";

const fieldCodes = new Set(["missing_field", "invalid_field"]);

export interface Tally {
  /** Counts one attempt in a category; a failed check still counts as tried. */
  check(category: string, what: string, assertion: () => void): void;
  summary(title: string): string;
  readonly counts: ReadonlyMap<string, { tried: number; held: number }>;
}

export function createTally(): Tally {
  const counts = new Map<string, { tried: number; held: number }>();
  return {
    counts,
    check(category, what, assertion) {
      const entry = counts.get(category) ?? { tried: 0, held: 0 };
      counts.set(category, entry);
      entry.tried += 1;
      try {
        assertion();
      } catch (error) {
        (error as Error).message = `[${category}] ${what}\n${(error as Error).message}`;
        throw error;
      }
      entry.held += 1;
    },
    summary(title) {
      const rows = [...counts.entries()].sort(([a], [b]) => a.localeCompare(b));
      const width = Math.max(...rows.map(([name]) => name.length), 8);
      const total = rows.reduce((sum, [, entry]) => ({ tried: sum.tried + entry.tried, held: sum.held + entry.held }), {
        tried: 0,
        held: 0,
      });
      const line = (name: string, tried: number, held: number) =>
        `  ${name.padEnd(width)}  ${String(tried).padStart(6)}  ${String(held).padStart(6)}  ${String(tried - held).padStart(6)}`;
      return [
        `── ${title} ──`,
        `  ${"category".padEnd(width)}  ${"tried".padStart(6)}  ${"held".padStart(6)}  ${"failed".padStart(6)}`,
        ...rows.map(([name, entry]) => line(name, entry.tried, entry.held)),
        line("total", total.tried, total.held),
      ].join("\n");
    },
  };
}

/** An answer that is not a server failure and, when an error, is one in the public shape. */
export function expectCleanAnswer(response: ApiResponse): void {
  const context = JSON.stringify(response.body)?.slice(0, 500);
  expect(response.status, context).toBeLessThan(500);
  if (response.status < 400) return;
  expect(response.headers.get("content-type") ?? "", context).toMatch(/^application\/json/);
  expect(typeof response.body, context).toBe("object");
  expectErrorShape(response);
}

export function expectErrorShape(response: ApiResponse): void {
  const context = JSON.stringify(response.body)?.slice(0, 500);
  const error = response.body?.error;
  expect(error, context).toMatchObject({ error_code: expect.any(String), error_message: expect.any(String) });
  expect(error.error_message.length, context).toBeGreaterThan(0);
  if ("code" in response.body) {
    expect(response.body, context).toMatchObject({
      code: response.status,
      type: error.error_code.toUpperCase(),
      message: error.error_message,
    });
  }
  if (fieldCodes.has(error.error_code)) expect(error.error_meta?.field, context).toEqual(expect.any(String));
}

/** A rejected answer (4xx) in the public shape. */
export function expectRejected(response: ApiResponse): void {
  expectCleanAnswer(response);
  expect(response.status, JSON.stringify(response.body)?.slice(0, 500)).toBeGreaterThanOrEqual(400);
}

/** The not-found answer: 404 (or the spec's 400 PRODUCT_NOT_FOUND) with a *_not_found code. */
export function expectNotFound(response: ApiResponse): void {
  expectRejected(response);
  const context = JSON.stringify(response.body)?.slice(0, 500);
  expect(response.body.error.error_code.toLowerCase(), context).toMatch(/not_found$/);
  expect([400, 404], context).toContain(response.status);
}
