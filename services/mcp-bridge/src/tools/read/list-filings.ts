import { z } from "zod";
import { filingSchema, filingStatuses, listEnvelope, listSchema, presentFiling } from "@levy/presenters";
import { pageSummary } from "../page-summary.js";
import { cursorInput, epochRange, fromInput, limitInput, toInput } from "../inputs.js";
import { defineTool } from "../registry.js";
import { scopeOf } from "../scope.js";

export const listFilings = defineTool({
  name: "list_filings",
  description:
    "Lists filings (one per UTC month, jurisdiction and currency), optionally by status and those whose period starts between from and to (inclusive; a filing's period starts on the 1st of its month at 00:00 UTC). Paginated: pass next_cursor as cursor with the same filters.",
  input: z.strictObject({
    cursor: cursorInput,
    limit: limitInput,
    // Checked by the ledger, so an unknown value is invalid_filing_status listing the valid ones.
    status: z
      .string()
      .min(1)
      .max(100)
      .optional()
      .describe(`filing status: ${filingStatuses.join(", ")}`),
    from: fromInput,
    to: toInput,
  }),
  output: listSchema(filingSchema),
  write: false,
  liveOnly: false,
  async run(args, context) {
    const range = epochRange(args.from, args.to);
    const page = await context.upstream.ledger.listFilings({
      scope: scopeOf(context),
      limit: args.limit,
      cursor: args.cursor ?? "",
      status: args.status ?? "",
      ...range,
    });
    return listEnvelope(page.filings.map(presentFiling), page.nextCursor);
  },
  summarize: (result) => pageSummary(result.data.length, "filings", result.has_more),
});
