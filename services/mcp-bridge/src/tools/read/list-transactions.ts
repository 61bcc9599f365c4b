import { z } from "zod";
import { listEnvelope, listSchema, presentTransaction, transactionSchema } from "@levy/presenters";
import { pageSummary } from "../page-summary.js";
import { cursorInput, epochRange, fromInput, limitInput, merchantIdInput, toInput } from "../inputs.js";
import { defineTool } from "../registry.js";
import { findMerchant, scopeOf } from "../scope.js";

export const listTransactions = defineTool({
  name: "list_transactions",
  description:
    "Lists recorded transactions in creation order, optionally those processed between from and to (inclusive) and of one merchant. Paginated: pass next_cursor as cursor.",
  input: z.strictObject({
    cursor: cursorInput,
    limit: limitInput,
    from: fromInput,
    to: toInput,
    merchant_id: merchantIdInput.optional(),
  }),
  output: listSchema(transactionSchema),
  write: false,
  liveOnly: false,
  async run(args, context) {
    const range = epochRange(args.from, args.to);
    const merchant = args.merchant_id ? await findMerchant(context, args.merchant_id) : undefined;
    const page = await context.upstream.ledger.listTransactions({
      scope: scopeOf(context),
      limit: args.limit,
      cursor: args.cursor ?? "",
      ...range,
      merchantId: merchant?.id ?? "",
    });
    return listEnvelope(page.transactions.map(presentTransaction), page.nextCursor);
  },
  summarize: (result) => pageSummary(result.data.length, "transactions", result.has_more),
});
