import { assertOrderAmount } from "@levy/kit";
import {
  calculatePlatformMessage,
  currentApiVersion,
  platformCalculationBody,
  platformCalculationSchema,
  presentPlatformCalculation,
} from "@levy/presenters";
import { defineTool } from "../registry.js";
import { scopeOf } from "../scope.js";

export const calculatePlatformTax = defineTool({
  name: "calculate_platform_tax",
  description: `Calculates the tax of a sale by one of your merchants exactly as POST /tax/platform/calculations does (same arguments, same answer, as API version ${currentApiVersion}): the merchant's address is the origin, roles say what your platform is in the sale, fee_details are your fees. Here a line's amount is the unit price (minor units), multiplied by quantity. The calculation is kept: record it by sending its id as platform_calculation_id to POST /tax/platform/transactions before expires_at.`,
  input: platformCalculationBody,
  output: platformCalculationSchema,
  write: false,
  // Stores a calculation record (nothing existing changes); a second call stores another.
  effect: { destructive: false, idempotent: false },
  liveOnly: false,
  async run(args, context) {
    // Per-unit amounts: the bound is on amount × quantity and on the sum of the lines.
    assertOrderAmount(args.order_details.line_items, { perUnit: true, path: "order_details" });
    if (args.fee_details) assertOrderAmount(args.fee_details.line_items, { perUnit: true, path: "fee_details" });
    const { calculation } = await context.upstream.calcEngine.calculatePlatform({
      scope: scopeOf(context),
      ...calculatePlatformMessage(args),
    });
    if (!calculation) throw new Error("calc-engine answered CalculatePlatform without a calculation");
    return presentPlatformCalculation(calculation, { withLocation: true });
  },
  summarize: (result) =>
    `Platform calculation ${result.id} for merchant ${result.merchant.reference_merchant_id}: order tax ${result.totals.order.tax_amount} on ${result.totals.order.amount_excluding_tax} ${result.customer_currency_code} (minor units, ${result.rate_coverage}); record it before ${new Date(result.expires_at * 1000).toISOString()}`,
});
