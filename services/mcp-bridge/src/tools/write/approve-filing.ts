import { z } from "zod";
import { filingSchema, presentFiling } from "@levy/presenters";
import { filingIdInput } from "../read/get-filing.js";
import { defineTool } from "../registry.js";
import { scopeOf } from "../scope.js";

export const approveFiling = defineTool({
  name: "approve_filing",
  description:
    "Approves a filing that is pending_client_approval (its month has ended); any other status is filing_not_approvable.",
  input: z.strictObject({ filing_id: filingIdInput }),
  output: filingSchema,
  write: true,
  effect: { destructive: true, idempotent: true }, // a decision that cannot be undone
  liveOnly: false,
  async run(args, context) {
    const { filing } = await context.upstream.ledger.approveFiling({
      scope: scopeOf(context),
      filingId: args.filing_id,
    });
    if (!filing) throw new Error("ledger answered ApproveFiling without a filing");
    return presentFiling(filing);
  },
  summarize: (result) => `Filing ${result.id} is ${result.status}`,
});
