import { z } from "zod";
import { filingSchema, presentFiling } from "@levy/presenters";
import { filingIdInput } from "../read/get-filing.js";
import { defineTool } from "../registry.js";
import { scopeOf } from "../scope.js";

export const rejectFiling = defineTool({
  name: "reject_filing",
  description:
    "Rejects a filing that is pending_client_approval, with a reason; any other status is filing_not_rejectable.",
  input: z.strictObject({
    filing_id: filingIdInput,
    reason: z.string().trim().min(1).max(1000).describe("why the filing is rejected"),
  }),
  output: filingSchema,
  write: true,
  effect: { destructive: true, idempotent: true }, // a decision that cannot be undone
  liveOnly: false,
  async run(args, context) {
    const { filing } = await context.upstream.ledger.rejectFiling({
      scope: scopeOf(context),
      filingId: args.filing_id,
      reason: args.reason,
    });
    if (!filing) throw new Error("ledger answered RejectFiling without a filing");
    return presentFiling(filing);
  },
  summarize: (result) => `Filing ${result.id} is ${result.status}`,
});
