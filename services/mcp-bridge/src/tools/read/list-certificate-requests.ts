import { z } from "zod";
import { certificateRequestSchema, listEnvelope, listSchema, presentCertificateRequest } from "@levy/presenters";
import { pageSummary } from "../page-summary.js";
import { customerInput } from "../certificate-scope.js";
import { cursorInput, limitInput } from "../inputs.js";
import { defineTool } from "../registry.js";
import { scopeOf } from "../scope.js";

export const listCertificateRequests = defineTool({
  name: "list_certificate_requests",
  description:
    "Lists certificate requests (live mode only), filtered by status or customer. Paginated: pass next_cursor as cursor.",
  input: z.strictObject({
    status: z.enum(["pending", "fulfilled", "canceled", "invalid"]).optional(),
    customer: customerInput.optional(),
    cursor: cursorInput,
    limit: limitInput,
  }),
  output: listSchema(certificateRequestSchema),
  write: false,
  liveOnly: true,
  async run(args, context) {
    const page = await context.upstream.certificates.listRequests({
      scope: scopeOf(context),
      limit: args.limit,
      cursor: args.cursor ?? "",
      status: args.status ?? "",
      customer: args.customer ?? "",
    });
    return listEnvelope(page.requests.map(presentCertificateRequest), page.nextCursor);
  },
  summarize: (result) => pageSummary(result.data.length, "certificate requests", result.has_more),
});
