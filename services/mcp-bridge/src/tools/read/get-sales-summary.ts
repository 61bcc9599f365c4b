import { z } from "zod";
import { presentSalesSummary, salesSummarySchema } from "@levy/presenters";
import { fromInput, epochRange, merchantIdInput, toInput } from "../inputs.js";
import { defineTool } from "../registry.js";
import { findMerchant, scopeOf } from "../scope.js";

export const getSalesSummary = defineTool({
  name: "get_sales_summary",
  description:
    "Sales and tax totals per currency (gross sales, tax collected, refunds, net), optionally for one merchant. Totals are kept per UTC day: the sum covers the whole UTC days from the day of from to the day of to, stated in the answer as period_from/period_to (YYYY-MM-DD) and summed_from/summed_to (epoch seconds), with range_widened true when that is wider than asked. Amounts are integers in minor units.",
  input: z.strictObject({ from: fromInput, to: toInput, merchant_id: merchantIdInput.optional() }),
  output: salesSummarySchema,
  write: false,
  liveOnly: false,
  async run(args, context) {
    const range = epochRange(args.from, args.to);
    const merchant = args.merchant_id ? await findMerchant(context, args.merchant_id) : undefined;
    const summary = await context.upstream.ledger.getSalesSummary({
      scope: scopeOf(context),
      ...range,
      merchantId: merchant?.id ?? "",
    });
    const merchantRef = merchant ? { id: merchant.id, reference_merchant_id: merchant.referenceMerchantId } : null;
    return presentSalesSummary(summary, range, merchantRef, context.caller.livemode);
  },
  summarize: (result) => {
    const months = result.period_from
      ? `${result.period_from}..${result.period_to}${result.range_widened ? " (whole days, wider than asked)" : ""}`
      : "no sales";
    const totals =
      result.currencies.length === 0
        ? "no sales"
        : result.currencies
            .map(
              (c) =>
                `${c.currency_code}: gross ${c.gross_sales}, tax ${c.tax_collected}, net tax ${c.net_tax} (minor units)`,
            )
            .join("; ");
    return `${months}: ${totals}`;
  },
});
