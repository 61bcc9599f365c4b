import { describe, expect, it } from "vitest";
import { applyRefundLines, largestRemainder, planRefund, proportion } from "./refund-math.js";
import { emptyRefundState, type LineRecord, type TransactionRecord } from "./transaction.js";

function jurisdiction(id: string, rate: number, due: number) {
  return {
    tax_rate: rate,
    tax_due_decimal: due,
    fee_amount: 0,
    rate_type: "standard",
    tax_authority_name: id,
    tax_authority_type: "STATE",
    tax_type: "SALES",
    jurisdiction_name: id,
    jurisdiction_id: id,
  };
}

function line(id: string, excl: number, taxes: number[], quantity = 1, ref = id): LineRecord {
  const tax = taxes.reduce((a, b) => a + b, 0);
  return {
    line_item_id: id,
    reference_line_item_id: ref,
    reference_product_id: "GENERAL_MERCHANDISE",
    reference_product_name: "General merchandise",
    product_tax_code: "GENERAL_MERCHANDISE",
    quantity,
    tax_amount: tax,
    amount_excluding_tax: excl,
    amount_including_tax: excl + tax,
    jurisdictions: taxes.map((due, index) => jurisdiction(`J${index}`, 0.01, due)),
    refunded: emptyRefundState(taxes.length),
  };
}

function transaction(lines: LineRecord[], taxIncluded = false): TransactionRecord {
  return {
    id: "tr_1",
    type: "order",
    kind: "standard",
    calculation_id: "calc_1",
    reference_order_id: "o1",
    reference_payment_id: "",
    currency_code: "USD",
    tax_included_in_amount: taxIncluded,
    lines,
    total_tax_amount: 0,
    total_amount_excluding_tax: 0,
    total_amount_including_tax: 0,
    customer_type: "CONSUMER",
    customer_id: "",
    reference_customer_id: "",
    merchant_id: "",
    reference_merchant_id: "",
    roles: [],
    address_used: null,
    metadata: {},
    transaction_processed_at: 0,
    created_at: 0,
    deleted_at: null,
    refunds: [],
    pending_events: [],
  };
}

function refundAndApply(tx: TransactionRecord, request: Parameters<typeof planRefund>[1]) {
  const lines = planRefund(tx, request);
  tx.lines = applyRefundLines(tx, lines, 1);
  return lines;
}

describe("refund math", () => {
  it("rounds half up and splits by largest remainder with an exact sum", () => {
    expect(proportion(600, 1, 3)).toBe(200);
    expect(proportion(5, 1, 2)).toBe(3);
    expect(proportion(1_000_000_000_000, 999_999_999_999, 1_000_000_000_000)).toBe(999_999_999_999);
    expect(largestRemainder(10, [1, 1, 1])).toEqual([4, 3, 3]);
    expect(largestRemainder(7, [600, 200, 25])).toEqual([5, 2, 0]);
    expect(largestRemainder(0, [1, 2])).toEqual([0, 0]);
    const shares = largestRemainder(101, [333, 333, 334]);
    expect(shares.reduce((a, b) => a + b, 0)).toBe(101);
  });

  it("full refund takes back exactly every figure", () => {
    const tx = transaction([line("l1", 10000, [600]), line("l2", 3333, [133, 67])]);
    const lines = refundAndApply(tx, { refund_type: "full", line_items: [] });
    expect(lines).toEqual([
      {
        line_item_id: "l1",
        base: 10000,
        excl: 10000,
        tax: 600,
        quantity: 1,
        jurisdiction_tax: [600],
        units_value: 10000,
      },
      {
        line_item_id: "l2",
        base: 3333,
        excl: 3333,
        tax: 200,
        quantity: 1,
        jurisdiction_tax: [133, 67],
        units_value: 3333,
      },
    ]);
    expect(() => planRefund(tx, { refund_type: "full", line_items: [] })).toThrow(/already fully refunded/);
  });

  it("partial refunds are proportional per jurisdiction and a series ends exactly at the total", () => {
    const tx = transaction([line("l1", 10000, [600, 200, 25])]);
    const first = refundAndApply(tx, {
      refund_type: "partial",
      line_items: [{ reference_line_item_id: "l1", amount: 3333 }],
    });
    expect(first[0]).toMatchObject({ excl: 3333, tax: 275 });
    expect(first[0]!.jurisdiction_tax.reduce((a, b) => a + b, 0)).toBe(275);
    const second = refundAndApply(tx, {
      refund_type: "partial",
      line_items: [{ reference_line_item_id: "l1", amount: 3333 }],
    });
    expect(second[0]!.jurisdiction_tax.reduce((a, b) => a + b, 0)).toBe(second[0]!.tax);
    const last = refundAndApply(tx, {
      refund_type: "partial",
      line_items: [{ reference_line_item_id: "l1", amount: 3334 }],
    });
    expect(tx.lines[0]!.refunded).toEqual({
      base: 10000,
      excl: 10000,
      tax: 825,
      quantity: 1,
      jurisdiction_tax: [600, 200, 25],
      units_value: 10000,
    });
    expect(first[0]!.tax + second[0]!.tax + last[0]!.tax).toBe(825);
  });

  it("refuses to refund more than remains, naming the field and the remainder", () => {
    const tx = transaction([line("l1", 10000, [600])]);
    refundAndApply(tx, { refund_type: "partial", line_items: [{ reference_line_item_id: "l1", amount: 6000 }] });
    try {
      planRefund(tx, { refund_type: "partial", line_items: [{ reference_line_item_id: "l1", amount: 4001 }] });
      expect.unreachable();
    } catch (error) {
      expect((error as { meta: Record<string, string> }).meta).toMatchObject({
        field: "line_items[0].amount",
        remaining: "4000",
      });
    }
    expect(() =>
      planRefund(tx, { refund_type: "partial", line_items: [{ reference_line_item_id: "nope", amount: 1 }] }),
    ).toThrow(/no line/);
    expect(() => planRefund(tx, { refund_type: "partial", line_items: [] })).toThrow(/required/);
  });

  it("refunds by quantity and refuses more units than remain", () => {
    const tx = transaction([line("l1", 3000, [180], 3)]);
    const lines = refundAndApply(tx, {
      refund_type: "partial",
      line_items: [{ reference_line_item_id: "l1", quantity: 1 }],
    });
    expect(lines[0]).toMatchObject({ base: 1000, excl: 1000, tax: 60, quantity: 1 });
    expect(() =>
      planRefund(tx, { refund_type: "partial", line_items: [{ reference_line_item_id: "l1", quantity: 3 }] }),
    ).toThrow(/unit/);
    const rest = refundAndApply(tx, {
      refund_type: "partial",
      line_items: [{ reference_line_item_id: "l1", quantity: 2 }],
    });
    expect(rest[0]).toMatchObject({ base: 2000, excl: 2000, tax: 120, quantity: 2 });
  });

  it("tax-inclusive lines refund in the inclusive amount", () => {
    const tx = transaction([line("l1", 10000, [600])], true);
    const lines = refundAndApply(tx, {
      refund_type: "partial",
      line_items: [{ reference_line_item_id: "l1", amount: 5300 }],
    });
    expect(lines[0]).toMatchObject({ base: 5300, tax: 300, excl: 5000 });
  });

  it("a reversal restores the refundable balance", () => {
    const tx = transaction([line("l1", 10000, [600])]);
    const lines = refundAndApply(tx, { refund_type: "full", line_items: [] });
    tx.lines = applyRefundLines(tx, lines, -1);
    expect(tx.lines[0]!.refunded).toEqual(emptyRefundState(1));
    expect(planRefund(tx, { refund_type: "full", line_items: [] })[0]).toMatchObject({ excl: 10000, tax: 600 });
  });
});
