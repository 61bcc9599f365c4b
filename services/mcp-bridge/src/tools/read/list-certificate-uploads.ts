import { z } from "zod";
import { listedUploadSchema, listEnvelope, listSchema, presentUpload } from "@levy/presenters";
import { pageSummary } from "../page-summary.js";
import { customerInput } from "../certificate-scope.js";
import { cursorInput, limitInput } from "../inputs.js";
import { defineTool } from "../registry.js";
import { scopeOf } from "../scope.js";

export const listCertificateUploads = defineTool({
  name: "list_certificate_uploads",
  description:
    "Lists certificate document uploads (live mode only), newest processing state included, filtered by status or customer. Paginated: pass next_cursor as cursor.",
  input: z.strictObject({
    status: z.enum(["processing", "completed", "failed", "duplicate"]).optional(),
    customer: customerInput.optional(),
    cursor: cursorInput,
    limit: limitInput,
  }),
  output: listSchema(listedUploadSchema),
  write: false,
  liveOnly: true,
  async run(args, context) {
    const page = await context.upstream.certificates.listUploads({
      scope: scopeOf(context),
      limit: args.limit,
      cursor: args.cursor ?? "",
      status: args.status ?? "",
      customer: args.customer ?? "",
    });
    return listEnvelope(
      page.uploads.map((upload) => presentUpload(upload)),
      page.nextCursor,
    );
  },
  summarize: (result) => pageSummary(result.data.length, "uploads", result.has_more),
});
