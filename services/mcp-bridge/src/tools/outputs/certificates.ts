// Output schemas of the certificate tools: the REST API's shapes, produced by the
// gateway's own certificate presenters (imported, not copied) and described here so
// that tools/list can advertise them and the registry can check every result.
import { z } from "zod";

const customerLink = z
  .object({ id: z.string().nullable(), reference_customer_id: z.string().nullable(), name: z.string().nullable() })
  .nullable();
const linkedBuyer = z.object({ id: z.string(), legal_name: z.string() }).nullable();

export const buyerOutput = z.object({
  object: z.literal("tax.buyer"),
  id: z.string(),
  legal_name: z.string(),
  customer: customerLink,
  created_at: z.number(),
  deleted_at: z.number().nullable(),
});

export const certificateRequestOutput = z.object({
  object: z.literal("tax.certificate_request"),
  id: z.string(),
  status: z.string().describe("pending, fulfilled, canceled or invalid"),
  customer: customerLink,
  linked_buyer: linkedBuyer,
  jurisdictions: z.array(z.string()),
  certificate_id: z.string().nullable(),
  created_at: z.number(),
  updated_at: z.number(),
  testmode: z.boolean(),
});

const certificateFields = {
  object: z.literal("tax.exemption_certificate"),
  id: z.string(),
  status: z.string().describe("processing, needs_info, active, expiring, expired or invalid"),
  certificate_type: z.string(),
  customer: customerLink,
  linked_buyer: linkedBuyer,
  jurisdictions: z.array(z.object({ jurisdiction: z.string(), status: z.string(), expires_on: z.string().nullable() })),
  buyer_name: z.string().nullable(),
  issued_on: z.string().nullable(),
  expires_on: z.string().nullable(),
  signed: z.boolean(),
  missing: z.array(z.string()),
  invalid_reason: z.string().nullable(),
  upload_id: z.string().nullable(),
  created_at: z.number(),
  updated_at: z.number(),
  testmode: z.boolean(),
};

/** A list item: no download link. */
export const certificateItemOutput = z.object(certificateFields);
export const certificateOutput = z.object({
  ...certificateFields,
  download_url: z
    .string()
    .nullable()
    .describe("signed link to the document, valid for about an hour; null when none is attached"),
});

const uploadFields = {
  object: z.literal("tax.certificate_upload"),
  id: z.string(),
  status: z.string().describe("processing, completed, failed or duplicate"),
  filename: z.string(),
  document_type: z.string(),
  size_bytes: z.number(),
  certificate_ids: z.array(z.string()),
  error_message: z.string().nullable(),
  customer: customerLink,
  linked_buyer: linkedBuyer,
  certificate_request_id: z.string().nullable(),
  duplicate_of: z.string().nullable(),
  created_at: z.number(),
  completed_at: z.number().nullable(),
  testmode: z.boolean(),
};

/** A list item: no document link. */
export const uploadItemOutput = z.object(uploadFields);
export const uploadOutput = z.object({
  ...uploadFields,
  document_url: z.string().describe("signed link to the uploaded document, valid for about an hour"),
});
