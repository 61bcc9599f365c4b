import { textLimits } from "@levy/kit";
import { z } from "zod";
import { listedCertificateSchema, listEnvelope, listSchema, presentCertificate } from "@levy/presenters";
import { pageSummary } from "../page-summary.js";
import { customerInput } from "../certificate-scope.js";
import { cursorInput, epochRange, fromInput, limitInput, toInput } from "../inputs.js";
import { defineTool } from "../registry.js";
import { scopeOf } from "../scope.js";
import { ToolError } from "../tool-error.js";

const day = z.iso.date();

export const listCertificates = defineTool({
  name: "list_certificates",
  description:
    "Lists exemption certificates (live mode only), filtered by customer, state, status, type, creation date (from/to) or expiry date (expires_from/expires_to). Paginated: pass next_cursor as cursor.",
  input: z.strictObject({
    customer: customerInput.optional(),
    jurisdiction: z
      .string()
      .trim()
      .regex(/^[A-Za-z]{2}$/, "expected a two-letter US state code")
      .transform((value) => value.toUpperCase())
      .optional()
      .describe("two-letter US state, e.g. WA"),
    status: z.enum(["processing", "needs_info", "active", "expiring", "expired", "invalid"]).optional(),
    certificate_type: z.string().trim().min(1).max(textLimits.certificateType).optional().describe("e.g. sst, resale"),
    from: fromInput.describe("created on or after: epoch seconds or ISO 8601"),
    to: toInput.describe("created on or before: epoch seconds or ISO 8601"),
    expires_from: day.optional().describe("expires on or after this day (YYYY-MM-DD)"),
    expires_to: day.optional().describe("expires on or before this day (YYYY-MM-DD)"),
    cursor: cursorInput,
    limit: limitInput,
  }),
  output: listSchema(listedCertificateSchema),
  write: false,
  liveOnly: true,
  async run(args, context) {
    const created = epochRange(args.from, args.to);
    if (args.expires_from && args.expires_to && args.expires_from > args.expires_to)
      throw new ToolError("invalid_range", "expires_from is after expires_to");
    const page = await context.upstream.certificates.listCertificates({
      scope: scopeOf(context),
      limit: args.limit,
      cursor: args.cursor ?? "",
      customer: args.customer ?? "",
      jurisdiction: args.jurisdiction ?? "",
      status: args.status ?? "",
      certificateType: args.certificate_type ?? "",
      createdFrom: created.from,
      createdTo: created.to,
      expiresFrom: args.expires_from ?? "",
      expiresTo: args.expires_to ?? "",
    });
    return listEnvelope(
      page.certificates.map((certificate) => presentCertificate(certificate)),
      page.nextCursor,
    );
  },
  summarize: (result) => pageSummary(result.data.length, "certificates", result.has_more),
});
