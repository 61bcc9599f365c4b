// Tool errors: a tool that cannot complete answers a normal result flagged isError
// whose content carries error_code and error_message. Errors of the services (a
// LevyError carried as gRPC status + ErrorInfo) are mapped to these codes here.
import { fromConnectError, type LevyError } from "@levy/kit";

export const toolErrorCodes = [
  "merchant_not_found",
  "transaction_not_found",
  "filing_not_found",
  "invalid_filing_status",
  "certificate_not_found",
  "upload_not_found",
  "invalid_upload_id",
  "live_mode_required",
  "invalid_cursor",
  "invalid_range",
  "product_not_found",
  "invalid_product_category",
  "filing_not_approvable",
  "filing_not_rejectable",
  "buyer_identity_conflict",
  "processing_start_failed",
  "internal_error",
  // Beyond the spec's table: arguments that do not match the input schema, and customers.
  "invalid_arguments",
  "customer_not_found",
  "duplicate_customer",
  "invalid_email",
  // lookup_tax_rate: a place or day Levy has no rates for, a currency it does not take.
  "unsupported_jurisdiction",
  "unsupported_transacted_at",
  "unsupported_currency",
  // The certificate tools: requests and buyers (no code in the table) and the submit
  // rules of POST /tax/certificates, in lower case.
  "certificate_request_not_found",
  "buyer_not_found",
  "request_already_fulfilled",
  "request_invalid",
  "invalid_document_url",
  "document_fetch_failed",
  "document_url_unauthorized",
  "unsupported_file_type",
  "file_too_large",
  // calculate_tax: the place rules of POST /tax/calculations (IP codes in lower case).
  "invalid_address",
  "invalid_ip_format",
  "ip_resolution_failed",
  "ip_resolution_insufficient_us",
  "ip_resolution_insufficient_ca",
  // The merchant write tools.
  "duplicate_reference_id",
  // A concurrent change of the same record won; re-read and retry.
  "conflict",
] as const;

export type ToolErrorCode = (typeof toolErrorCodes)[number];

export class ToolError extends Error {
  override readonly name = "ToolError";
  constructor(
    readonly code: ToolErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export const internalErrorMessage = "unexpected server error; safe to retry";

/** Service error codes that keep their meaning as tool error codes (some renamed). */
const fromServiceCode: Readonly<Record<string, ToolErrorCode>> = {
  merchant_not_found: "merchant_not_found",
  transaction_not_found: "transaction_not_found",
  filing_not_found: "filing_not_found",
  invalid_filing_status: "invalid_filing_status",
  invalid_cursor: "invalid_cursor",
  invalid_range: "invalid_range",
  filing_not_approvable: "filing_not_approvable",
  filing_not_rejectable: "filing_not_rejectable",
  customer_not_found: "customer_not_found",
  duplicate_customer: "duplicate_customer",
  invalid_email: "invalid_email",
  unsupported_jurisdiction: "unsupported_jurisdiction",
  unsupported_transacted_at: "unsupported_transacted_at",
  unsupported_currency: "unsupported_currency",
  PRODUCT_NOT_FOUND: "product_not_found",
  CERTIFICATE_NOT_FOUND: "certificate_not_found",
  CERTIFICATE_UPLOAD_NOT_FOUND: "upload_not_found",
  CERTIFICATE_REQUEST_NOT_FOUND: "certificate_request_not_found",
  buyer_not_found: "buyer_not_found",
  BUYER_IDENTITY_CONFLICT: "buyer_identity_conflict",
  REQUEST_ALREADY_FULFILLED: "request_already_fulfilled",
  REQUEST_INVALID: "request_invalid",
  INVALID_DOCUMENT_URL: "invalid_document_url",
  DOCUMENT_FETCH_FAILED: "document_fetch_failed",
  DOCUMENT_URL_UNAUTHORIZED: "document_url_unauthorized",
  UNSUPPORTED_FILE_TYPE: "unsupported_file_type",
  FILE_TOO_LARGE: "file_too_large",
  TESTMODE_NOT_SUPPORTED: "live_mode_required",
  unknown_tax_category: "invalid_product_category",
  missing_field: "invalid_arguments",
  invalid_request: "invalid_arguments",
  invalid_address: "invalid_address",
  INVALID_IP_FORMAT: "invalid_ip_format",
  IP_RESOLUTION_FAILED: "ip_resolution_failed",
  IP_RESOLUTION_INSUFFICIENT_US: "ip_resolution_insufficient_us",
  IP_RESOLUTION_INSUFFICIENT_CA: "ip_resolution_insufficient_ca",
  duplicate_reference_id: "duplicate_reference_id",
  conflict: "conflict",
};

function fromLevyError(error: LevyError): ToolErrorCode {
  if (error.code === "invalid_field")
    return error.meta?.field === "product_category" || error.meta?.field === "category"
      ? "invalid_product_category"
      : "invalid_arguments";
  return fromServiceCode[error.code] ?? "internal_error";
}

/** Any failure of a handler as a ToolError; unexpected ones become internal_error. */
export function toToolError(error: unknown): ToolError {
  if (error instanceof ToolError) return error;
  const levy = fromConnectError(error);
  const code = fromLevyError(levy);
  return new ToolError(code, code === "internal_error" ? internalErrorMessage : levy.message, { cause: error });
}
