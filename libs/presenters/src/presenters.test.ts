import { describe, expect, it } from "vitest";
import { create } from "@bufbuild/protobuf";
import { AddressSchema } from "@levy/proto/levy/common/v1/common_pb.js";
import { TaxJurisdictionSchema } from "@levy/proto/levy/common/v1/common_pb.js";
import { RefundSchema, TransactionSchema } from "@levy/proto/levy/ledger/v1/ledger_pb.js";
import type { z } from "zod";
import {
  listedRefundSchema,
  listEnvelope,
  listSchema,
  presentAddress,
  presentJurisdiction,
  presentRefund,
  presentRefundWithoutType,
  presentTransaction,
  refundSchema,
  transactionSchema,
} from "./index.js";

/** A schema describes a presented value exactly when parsing it keeps every field as it is. */
function expectDescribedBy(schema: z.ZodType, value: unknown): void {
  const parsed = schema.safeParse(value);
  expect(parsed.error?.issues ?? []).toEqual([]);
  expect(parsed.data).toStrictEqual(value);
}

const line = {
  lineItemId: "li_1",
  product: {
    referenceLineItemId: "L1",
    referenceProductId: "P1",
    referenceProductName: "Shirt",
    productTaxCode: "CLOTHING_GENERAL",
  },
  taxJurisdictions: [
    {
      taxRate: 0.0625,
      taxDueDecimal: -63n,
      rateType: "PERCENTAGE",
      taxType: "SALES",
      jurisdictionName: "TX",
      jurisdictionId: "US-TX",
    },
  ],
  taxAmount: -63n,
  amountExcludingTax: -1000n,
  amountIncludingTax: -1063n,
  quantity: -1n,
};

describe("presenters", () => {
  it("gives address_type only when it is set", () => {
    expect(presentAddress(undefined)).toBeNull();
    expect(presentAddress(create(AddressSchema, { addressCountry: "US" }))).not.toHaveProperty("address_type");
    expect(presentAddress(create(AddressSchema, { addressCountry: "US", addressType: "billing" }))?.address_type).toBe(
      "billing",
    );
  });

  it("gives a jurisdiction's note only when it is set", () => {
    const plain = create(TaxJurisdictionSchema, { taxRate: 0.2, taxDueDecimal: 200n, jurisdictionId: "FR" });
    expect(presentJurisdiction(plain)).not.toHaveProperty("note");
    expect(presentJurisdiction({ ...plain, note: "reduced rate" }).note).toBe("reduced rate");
  });

  it("lists refunds without refund_type and keeps the field order of the full refund", () => {
    const refund = create(RefundSchema, {
      id: "ref_tr_1",
      refundType: "partial",
      transactionId: "tr_1",
      status: "succeeded",
      lineItems: [line],
    });
    const full = presentRefund(refund);
    expect(Object.keys(full).slice(0, 4)).toEqual(["id", "object", "refund_type", "transaction_id"]);
    expect(full.refund_type).toBe("partial");
    expect(full.reversed_at).toBeNull();
    expect(full.line_items[0]).not.toHaveProperty("refunded_quantity");
    const listed = presentRefundWithoutType(refund);
    expect(listed).not.toHaveProperty("refund_type");
    expect(Object.keys(listed)).toEqual(Object.keys(full).filter((key) => key !== "refund_type"));
    expectDescribedBy(refundSchema, full);
    expectDescribedBy(listedRefundSchema, listed);
  });

  it("shows the platform fields only on platform transactions", () => {
    const standard = presentTransaction(
      create(TransactionSchema, { id: "tr_1", kind: "standard", lineItems: [line], livemode: false }),
    );
    expect(standard).not.toHaveProperty("merchant");
    expect(standard).not.toHaveProperty("reference_payment_id");
    expect(standard).not.toHaveProperty("address_used");
    expect(standard.customer).toEqual({ type: "CONSUMER", id: null, reference_customer_id: null });
    expect(standard.line_items[0]?.refunded_quantity).toBe(0);
    expect(standard.testmode).toBe(true);
    const platform = presentTransaction(
      create(TransactionSchema, {
        id: "tr_2",
        kind: "platform",
        referencePaymentId: "pay_1",
        roles: ["marketplace_provider"],
      }),
    );
    expect(platform).toMatchObject({ reference_payment_id: "pay_1", merchant: null, roles: ["marketplace_provider"] });
    expectDescribedBy(transactionSchema, standard);
    expectDescribedBy(transactionSchema, platform);
  });

  it("wraps a page in the list envelope", () => {
    expect(listEnvelope([1], "")).toEqual({ object: "list", data: [1], has_more: false, next_cursor: null });
    expect(listEnvelope([1], "c2")).toEqual({ object: "list", data: [1], has_more: true, next_cursor: "c2" });
    expectDescribedBy(listSchema(transactionSchema), listEnvelope([], "c3"));
  });
});
