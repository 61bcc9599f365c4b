// The priced lines and totals of one order (or of its fee_details): each line's tax by
// determineLine, fixed per-order fees, and the totals, every figure an exact bigint.
import { create } from "@bufbuild/protobuf";
import { MAX_MONEY, invalidField, newId } from "@levy/kit";
import {
  type LineItemResult,
  LineItemResultSchema,
  type OrderDetailsInput,
} from "@levy/proto/levy/calc_engine/v1/calc_engine_pb.js";
import { type AppliedJurisdiction, type LineOverride, type LineResult, determineLine } from "../domain/determine.js";
import type { RateBook } from "../rates/rate-book.js";

/** What a line's product is (from catalog, or the category's default product). */
export interface ProductFacts {
  readonly category: string;
  readonly referenceProductId: string;
  readonly name: string;
}

export interface PricedOrder {
  readonly lines: LineItemResult[];
  readonly totals: { taxAmount: bigint; amountExcludingTax: bigint; amountIncludingTax: bigint };
}

export interface PriceOptions {
  /** "order_details" or "fee_details", for errors. */
  readonly path: string;
  readonly book: RateBook;
  readonly jurisdictions: readonly AppliedJurisdiction[];
  readonly day: string;
  readonly override?: LineOverride;
  readonly perUnit: boolean;
  readonly chargeFees: boolean;
}

/** One jurisdiction of a determined line as the calculation's message spells it (fees are added per order). */
export function taxJurisdictionOf(entry: LineResult["jurisdictions"][number]) {
  return {
    taxRate: entry.taxRate,
    taxDueDecimal: entry.taxDue,
    feeAmount: 0n,
    rateType: entry.rateType,
    taxAuthorityName: entry.jurisdiction.authorityName,
    taxAuthorityType: entry.jurisdiction.type,
    taxType: entry.jurisdiction.taxType,
    jurisdictionName: entry.jurisdiction.displayName,
    jurisdictionId: entry.jurisdiction.id,
    note: entry.note,
  };
}

export function priceOrder(
  order: OrderDetailsInput,
  products: readonly ProductFacts[],
  options: PriceOptions,
): PricedOrder {
  const currency = order.customerCurrencyCode;
  const built: LineItemResult[] = [];
  for (const [index, line] of order.lineItems.entries()) {
    const product = products[index]!;
    const quantity = line.quantity;
    const amount = options.perUnit ? line.amount * quantity : line.amount;
    const result = determineLine(
      options.book,
      options.jurisdictions,
      { amount, quantity, category: product.category, taxIncluded: order.taxIncludedInAmount },
      { day: options.day, currency, override: options.override },
    );
    built.push(
      create(LineItemResultSchema, {
        lineItemId: newId("li"),
        product: {
          referenceLineItemId: line.referenceLineItemId,
          referenceProductId: product.referenceProductId,
          referenceProductName: product.name,
          productTaxCode: product.category,
        },
        taxJurisdictions: result.jurisdictions.map(taxJurisdictionOf),
        taxAmount: result.tax.taxAmount,
        amountExcludingTax: result.tax.amountExcludingTax,
        amountIncludingTax: result.tax.amountIncludingTax,
        quantity,
        amount: line.amount,
      }),
    );
  }
  if (options.chargeFees && !options.override) chargeFees(built, options.jurisdictions, currency);
  const sum = (pick: (line: LineItemResult) => bigint) => built.reduce((total, line) => total + pick(line), 0n);
  const totals = {
    taxAmount: sum((l) => l.taxAmount),
    amountExcludingTax: sum((l) => l.amountExcludingTax),
    amountIncludingTax: sum((l) => l.amountIncludingTax),
  };
  // assertOrderAmount keeps this unreachable while every rate is below 100 %; if the data
  // ever made it reachable, the caller gets a 400, never a figure a JSON number rounds.
  if (totals.amountIncludingTax > MAX_MONEY) {
    throw invalidField(
      `${options.path}.line_items`,
      `${options.path}: the amount including tax would exceed ${MAX_MONEY}, the largest figure Levy answers exactly`,
    );
  }
  return { lines: built, totals };
}

/**
 * Fixed per-order fees (e.g. Colorado's retail delivery fee) go on the first line taxed
 * by the jurisdiction, when the order's taxable amount reaches the fee's minimum.
 */
function chargeFees(lines: LineItemResult[], jurisdictions: readonly AppliedJurisdiction[], currency: string): void {
  for (const jurisdiction of jurisdictions) {
    for (const fee of jurisdiction.fees) {
      if (fee.currency !== currency) continue;
      const taxed = lines.filter((line) =>
        line.taxJurisdictions.some((entry) => entry.jurisdictionId === jurisdiction.id && entry.taxDueDecimal > 0n),
      );
      const taxable = taxed.reduce((total, line) => total + line.amountExcludingTax, 0n);
      if (taxed.length === 0 || taxable < BigInt(fee.min_taxable_order_amount ?? 0)) continue;
      const entry = taxed[0]!.taxJurisdictions.find((e) => e.jurisdictionId === jurisdiction.id)!;
      entry.feeAmount += BigInt(fee.amount);
    }
  }
}
