import { assertOrderAmount } from "@levy/kit";
import {
  calculateMessage,
  calculationBody,
  calculationSchema,
  currentApiVersion,
  presentCalculation,
} from "@levy/presenters";
import { defineTool } from "../registry.js";
import { scopeOf } from "../scope.js";

export const calculateTax = defineTool({
  name: "calculate_tax",
  description: `Calculates the tax of an order exactly as POST /tax/calculations does (same arguments, same answer, as API version ${currentApiVersion}) and keeps the calculation: record the sale by sending its id as calculation_id to POST /tax/transactions before expires_at. Amounts are integer minor units; a line's amount is the whole line's value (not the unit price). The place is customer.address (country at least) or customer.ip; customer.id or customer.reference_customer_id applies a stored customer's tax exemption.`,
  input: calculationBody,
  output: calculationSchema,
  write: false,
  // Stores a calculation record (nothing existing changes); a second call stores another.
  effect: { destructive: false, idempotent: false },
  liveOnly: false,
  async run(args, context) {
    assertOrderAmount(args.order_details.line_items, { perUnit: false, path: "order_details" });
    const { calculation } = await context.upstream.calcEngine.calculate({
      scope: scopeOf(context),
      ...calculateMessage(args),
    });
    if (!calculation) throw new Error("calc-engine answered Calculate without a calculation");
    return presentCalculation(calculation, { withLocation: true });
  },
  summarize: (result) =>
    `Calculation ${result.id}: tax ${result.total_tax_amount} on ${result.total_amount_excluding_tax} ${result.customer_currency_code} (minor units, ${result.rate_coverage}); record it before ${new Date(result.expires_at * 1000).toISOString()}`,
});
