import { identifierText } from "@levy/kit";
import { z } from "zod";
import { filingSchema, presentFiling } from "@levy/presenters";
import { defineTool } from "../registry.js";
import { scopeOf } from "../scope.js";

export const filingIdInput = identifierText().describe("filing ID (fil_<YYYY-MM>_<jurisdiction>_<currency>)");

export const getFiling = defineTool({
  name: "get_filing",
  description: "One filing: its period, jurisdiction, status and totals (minor units).",
  input: z.strictObject({ filing_id: filingIdInput }),
  output: filingSchema,
  write: false,
  liveOnly: false,
  async run(args, context) {
    const { filing } = await context.upstream.ledger.getFiling({ scope: scopeOf(context), filingId: args.filing_id });
    if (!filing) throw new Error("ledger answered GetFiling without a filing");
    return presentFiling(filing);
  },
  summarize: (result) =>
    `Filing ${result.id}: ${result.status}, net tax ${result.net_tax} ${result.currency_code} (minor units)`,
});
