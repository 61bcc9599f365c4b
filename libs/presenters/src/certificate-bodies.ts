// What callers send to the certificate endpoints: list filters, the document submission,
// and the operator's bodies for buyers, requests and hand-entered certificates.
import { identifierText, textLimits } from "@levy/kit";
import { z } from "zod";
import { listQuery } from "./list.js";

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "expected a date YYYY-MM-DD");
const customerParam = identifierText().describe("customer service ID (cust_...) or reference_customer_id");
const stateCode = (message: string) =>
  z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2}$/, message)
    .transform((value) => value.toUpperCase());

export const certificateRequestsQuery = listQuery
  .extend({
    status: z.enum(["pending", "fulfilled", "canceled", "invalid"]).optional(),
    customer: customerParam.optional(),
  })
  .strict();

export const certificateUploadsQuery = listQuery
  .extend({
    status: z.enum(["processing", "completed", "failed", "duplicate"]).optional(),
    customer: customerParam.optional(),
  })
  .strict();

export const certificatesQuery = listQuery
  .extend({
    customer: customerParam.optional(),
    jurisdiction: stateCode("expected a two-letter state code").optional(),
    status: z.enum(["processing", "needs_info", "active", "expiring", "expired", "invalid"]).optional(),
    certificate_type: z.string().trim().min(1).max(textLimits.certificateType).optional(),
    created_from: z.coerce.number().int().min(0).optional(),
    created_to: z.coerce.number().int().min(0).optional(),
    expires_from: isoDate.optional(),
    expires_to: isoDate.optional(),
  })
  .strict();

/** A customer named by service id or reference id (both: they must agree). */
export const customerSelector = z.strictObject({
  id: identifierText().optional(),
  reference_customer_id: identifierText().optional(),
});

export const submitCertificateBody = z.strictObject({
  document_url: z
    .string()
    .trim()
    .min(1)
    .max(textLimits.url)
    .describe("https URL of a PDF, PNG or JPEG on a public host"),
  filename: z.string().trim().min(1).max(textLimits.name).optional(),
  customer: customerSelector.optional(),
  certificate_request_id: identifierText(100).optional(),
  buyer_id: identifierText(100).optional(),
});

const states = z.array(stateCode("expected two-letter state codes")).max(60);

export const buyerBody = z.strictObject({
  legal_name: z.string().trim().min(1).max(textLimits.name),
  customer: customerSelector.optional(),
});

export const certificateRequestBody = z.strictObject({
  customer: customerSelector.optional(),
  buyer_id: identifierText(100).optional(),
  jurisdictions: states.default([]),
});

export const certificateBody = z.strictObject({
  customer: customerSelector.optional(),
  buyer_id: identifierText(100).optional(),
  certificate_type: z.string().trim().min(1).max(textLimits.certificateType),
  jurisdictions: states.min(1),
  buyer_name: z.string().trim().min(1).max(textLimits.name).optional(),
  issued_on: isoDate.optional(),
  expires_on: isoDate.optional(),
  signed: z.boolean().default(true),
});
