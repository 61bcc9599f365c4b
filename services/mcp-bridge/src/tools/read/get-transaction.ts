import { identifierText } from "@levy/kit";
import { z } from "zod";
import { presentTransaction, transactionSchema } from "@levy/presenters";
import { defineTool } from "../registry.js";
import { scopeOf } from "../scope.js";

export const getTransaction = defineTool({
  name: "get_transaction",
  description: "One recorded transaction with its line items, jurisdictions and what has been refunded.",
  input: z.strictObject({ transaction_id: identifierText().describe("transaction ID (tr_...)") }),
  output: transactionSchema,
  write: false,
  liveOnly: false,
  async run(args, context) {
    const { transaction } = await context.upstream.ledger.getTransaction({
      scope: scopeOf(context),
      transactionId: args.transaction_id,
    });
    if (!transaction) throw new Error("ledger answered GetTransaction without a transaction");
    return presentTransaction(transaction);
  },
  summarize: (result) =>
    `Transaction ${result.id} (${result.reference_order_id}): tax ${result.total_tax_amount} on ${result.total_amount_excluding_tax} ${result.customer_currency_code} (minor units)`,
});
