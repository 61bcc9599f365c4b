import { identifierText } from "@levy/kit";
import { z } from "zod";
import { presentRefund, refundSchema } from "@levy/presenters";
import { defineTool } from "../registry.js";
import { scopeOf } from "../scope.js";

export const listRefunds = defineTool({
  name: "list_refunds",
  description:
    "The refunds of one transaction in creation order, reversed ones included (see status). Amounts are negative minor units.",
  input: z.strictObject({ transaction_id: identifierText().describe("transaction ID (tr_...)") }),
  output: z.object({ transaction_id: z.string(), refunds: z.array(refundSchema) }),
  write: false,
  liveOnly: false,
  async run(args, context) {
    const { refunds } = await context.upstream.ledger.listRefunds({
      scope: scopeOf(context),
      transactionId: args.transaction_id,
    });
    return { transaction_id: args.transaction_id, refunds: refunds.map(presentRefund) };
  },
  summarize: (result) => `${result.refunds.length} refunds of ${result.transaction_id}`,
});
