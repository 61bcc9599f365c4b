// The one definition of how large a money figure may be. Responses are JSON numbers, and
// a JSON number is exact only up to 2^53 − 1, so no figure a response can carry may go
// beyond it. The gateway (validation) and calc-engine (defence) refuse the same inputs.
import { LevyError, invalidField } from "./levy-error.js";

/** Largest money figure (minor units) a response carries: 2^53 − 1. */
export const MAX_MONEY = BigInt(Number.MAX_SAFE_INTEGER);

/**
 * Largest taxable amount of one order (each line's value and their sum, minor units).
 * Every rate is below 100 %, so tax never exceeds the amount and the amount including
 * tax stays at or below twice it: half of MAX_MONEY keeps every figure exact.
 */
export const MAX_ORDER_AMOUNT = MAX_MONEY / 2n;

/** A line as sent: `amount` is the line value, or the unit price when `perUnit`. */
export interface MoneyLine {
  readonly amount: bigint | number;
  readonly quantity: bigint | number;
}

/**
 * Refuses an order whose lines, or whose lines together, are worth more than
 * MAX_ORDER_AMOUNT: 400 invalid_field naming the line's `amount`, or the `line_items`
 * when only the sum is too large. `path` is e.g. "order_details".
 */
export function assertOrderAmount(lines: readonly MoneyLine[], options: { perUnit: boolean; path: string }): void {
  let total = 0n;
  lines.forEach((line, index) => {
    const amount = BigInt(line.amount);
    const value = options.perUnit ? amount * BigInt(line.quantity) : amount;
    if (value > MAX_ORDER_AMOUNT) {
      const what = options.perUnit ? "amount × quantity" : "amount";
      throw invalidField(
        `${options.path}.line_items[${index}].amount`,
        `${options.path}.line_items[${index}]: ${what} is ${value}, more than ${MAX_ORDER_AMOUNT} (the largest order amount Levy computes exactly)`,
      );
    }
    total += value;
  });
  if (total > MAX_ORDER_AMOUNT) {
    throw invalidField(
      `${options.path}.line_items`,
      `${options.path}.line_items: the lines together are worth ${total}, more than ${MAX_ORDER_AMOUNT} (the largest order amount Levy computes exactly)`,
    );
  }
}

/** A money figure as a JSON number, exactly; a figure beyond MAX_MONEY is a bug, never rounded. */
export function exactMoney(value: bigint): number {
  if (value > MAX_MONEY || value < -MAX_MONEY) {
    throw new LevyError("internal_error", "internal error", undefined, {
      cause: new RangeError(`money figure ${value} is beyond 2^53 − 1`),
    });
  }
  return Number(value);
}
