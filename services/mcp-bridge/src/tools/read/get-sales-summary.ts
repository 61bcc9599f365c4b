import { z } from "zod";
import { fromInput, epochRange, merchantIdInput, toInput } from "../inputs.js";
import { presentSalesSummary, salesSummaryOutput } from "../outputs/filings.js";
import { defineTool } from "../registry.js";
import { findMerchant, scopeOf } from "../scope.js";

export const getSalesSummary = defineTool({
  name: "get_sales_summary",
  description:
    "Sales and tax totals per currency (gross sales, tax collected, refunds, net) over whole UTC months touching from..to, optionally for one merchant. Amounts are integers in minor units.",
  input: z.strictObject({ from: fromInput, to: toInput, merchant_id: merchantIdInput.optional() }),
  output: salesSummaryOutput,
  write: false,
  liveOnly: false,
  async run(args, context) {
    const range = epochRange(args.from, args.to);
    const merchant = args.merchant_id ? await findMerchant(context, args.merchant_id) : undefined;
    const summary = await context.upstream.ledger.getSalesSummary({ scope: scopeOf(context), ...range, merchantId: merchant?.id ?? "" });
    const merchantRef = merchant ? { id: merchant.id, reference_merchant_id: merchant.referenceMerchantId } : null;
    return presentSalesSummary(summary, merchantRef, context.caller.livemode);
  },
  summarize: (result) =>
    result.currencies.length === 0
      ? "No sales in the period"
      : result.currencies.map((c) => `${c.currency_code}: gross ${c.gross_sales}, tax ${c.tax_collected}, net tax ${c.net_tax} (minor units)`).join("; "),
});
