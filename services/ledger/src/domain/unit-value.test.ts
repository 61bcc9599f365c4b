import { describe, expect, it } from "vitest";
import { nextUnitsValue, unitsValueTaken } from "./unit-value.js";
import { emptyRefundState, type LineRecord } from "./transaction.js";

function line(base: number, quantity: number, refunded: Partial<LineRecord["refunded"]> = {}): LineRecord {
  return {
    line_item_id: "l1",
    reference_line_item_id: "l1",
    reference_product_id: "",
    reference_product_name: "",
    product_tax_code: "",
    quantity,
    tax_amount: 0,
    amount_excluding_tax: base,
    amount_including_tax: base,
    jurisdictions: [],
    refunded: { ...emptyRefundState(0), ...refunded },
  };
}

/** The values of the line's units taken one at a time, in order. */
function unitByUnit(base: number, quantity: number): number[] {
  const values: number[] = [];
  for (let taken = 0, worth = 0; taken < quantity; taken += 1) {
    const value = nextUnitsValue(line(base, quantity, { quantity: taken, units_value: worth }), false, 1);
    values.push(value);
    worth += value;
  }
  return values;
}

describe("unit value", () => {
  it.each([
    { name: "divides evenly", base: 10000, quantity: 4, units: [2500, 2500, 2500, 2500] },
    {
      name: "remainder spread, not piled on the last unit",
      base: 10004,
      quantity: 10,
      units: [1000, 1001, 1000, 1001, 1000, 1000, 1001, 1000, 1001, 1000],
    },
    { name: "a third", base: 10000, quantity: 3, units: [3333, 3334, 3333] },
    { name: "less than a minor unit each", base: 2, quantity: 3, units: [1, 0, 1] },
    { name: "free line", base: 0, quantity: 2, units: [0, 0] },
  ])("$name: units within one minor unit, adding up to the line", ({ base, quantity, units }) => {
    expect(unitByUnit(base, quantity)).toEqual(units);
  });

  it("the last units take exactly what the units left are worth, after reversals in any order", () => {
    // Unit 1 (3333) and unit 2 (3334) refunded, then unit 1's refund reversed: 1 unit taken, worth 3334.
    const afterReversal = line(10000, 3, { quantity: 1, units_value: 3334 });
    expect(nextUnitsValue(afterReversal, false, 2)).toBe(6666);
  });

  it("lines written before units_value was kept count their taken units as the first ones", () => {
    expect(
      unitsValueTaken(
        { ...line(10000, 3), refunded: { ...emptyRefundState(0), quantity: 2, units_value: undefined } },
        false,
      ),
    ).toBe(6667);
  });
});
