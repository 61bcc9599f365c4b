// Shared by the certificate tools: the id checks and the signed document links.
import { identifierText, textLimits } from "@levy/kit";
import { z } from "zod";
import { customerSelector } from "@levy/presenters";
import type { ToolContext } from "./registry.js";
import { scopeOf } from "./scope.js";
import { ToolError } from "./tool-error.js";

/** Upload ids are newId("upl"): "upl_" and 20 base62 characters (libs/kit/src/ids.ts). */
const uploadIdPattern = /^upl_[0-9A-Za-z]{20}$/;

export const uploadIdInput = identifierText().describe(
  "certificate upload ID (upl_ followed by 20 letters and digits)",
);

/** A malformed upload id is invalid_upload_id before any lookup; a well-formed unknown one is upload_not_found. */
export function checkUploadId(uploadId: string): string {
  if (!uploadIdPattern.test(uploadId))
    throw new ToolError(
      "invalid_upload_id",
      `${uploadId.slice(0, 100)} is not an upload ID (expected upl_ followed by 20 letters and digits)`,
    );
  return uploadId;
}

/** The gateway signs the link (it holds the key and serves the document), as for REST. */
export async function documentLink(context: ToolContext, uploadId: string): Promise<string> {
  const { url } = await context.upstream.documentLinks.signDocumentLink({
    accountId: scopeOf(context).accountId,
    uploadId,
  });
  return url;
}

export const customerInput = z
  .string()
  .trim()
  .min(1)
  .max(textLimits.identifier)
  .describe("customer ID (cust_...) or reference_customer_id; matches records linked by either");

export const customerSelectorInput = customerSelector.describe(
  "the customer: its ID (cust_...), its reference_customer_id, or both (they must name the same customer)",
);

export const selectorOf = (customer: z.output<typeof customerSelectorInput> | undefined) => ({
  id: customer?.id ?? "",
  referenceCustomerId: customer?.reference_customer_id ?? "",
});
