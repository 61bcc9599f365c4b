import { identifierText } from "@levy/kit";
import { z } from "zod";
import { presentTransaction, transactionSchema } from "@levy/presenters";
import { defineTool } from "../registry.js";
import { scopeOf } from "../scope.js";
import { ToolError } from "../tool-error.js";

export const getTransactionByOrder = defineTool({
  name: "get_transaction_by_order",
  description:
    "The recorded transaction of one of your orders, found by the reference_order_id you sent when recording it (type order by default; fee for a platform fee transaction).",
  input: z.strictObject({
    reference_order_id: identifierText().describe("your order ID, as sent to POST /tax/transactions"),
    type: z.enum(["order", "fee"]).default("order").describe("order (default) or fee"),
  }),
  output: transactionSchema,
  write: false,
  liveOnly: false,
  async run(args, context) {
    const page = await context.upstream.ledger.listTransactions({
      scope: scopeOf(context),
      limit: 1,
      cursor: "",
      from: 0n,
      to: 0n,
      merchantId: "",
      referenceOrderId: args.reference_order_id,
      type: args.type,
    });
    const [transaction] = page.transactions;
    if (!transaction)
      throw new ToolError(
        "transaction_not_found",
        `no ${args.type} transaction with reference_order_id ${args.reference_order_id.slice(0, 100)}`,
      );
    return presentTransaction(transaction);
  },
  summarize: (result) =>
    `Transaction ${result.id} (${result.reference_order_id}): tax ${result.total_tax_amount} on ${result.total_amount_excluding_tax} ${result.customer_currency_code} (minor units)`,
});
