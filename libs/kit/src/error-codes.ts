// The closed list of error codes Levy can return. Each code has the Connect/gRPC code
// it travels as between services; the gateway maps codes to HTTP statuses
// (services/gateway/src/http/http-status.ts, documented in docs/decisions.md).
import { Code } from "@connectrpc/connect";

export const errorCodes = {
  // Request shape and validation
  missing_field: Code.InvalidArgument,
  invalid_field: Code.InvalidArgument,
  invalid_request: Code.InvalidArgument,
  invalid_json: Code.InvalidArgument,
  invalid_cursor: Code.InvalidArgument,
  invalid_range: Code.InvalidArgument,
  payload_too_large: Code.InvalidArgument,
  route_not_found: Code.NotFound,
  method_not_allowed: Code.Unimplemented,
  // Authentication, versions, limits
  missing_api_key: Code.Unauthenticated,
  invalid_api_key_format: Code.Unauthenticated,
  api_key_not_found: Code.Unauthenticated,
  api_key_revoked: Code.Unauthenticated,
  secret_key_required: Code.Unauthenticated,
  admin_unauthorized: Code.Unauthenticated,
  invalid_api_version: Code.InvalidArgument,
  missing_api_version: Code.InvalidArgument,
  unsupported_api_version: Code.InvalidArgument,
  rate_limited: Code.ResourceExhausted,
  idempotency_conflict: Code.AlreadyExists,
  // Accounts and keys (admin API)
  account_not_found: Code.NotFound,
  key_not_found: Code.NotFound,
  // Catalog
  duplicate_customer: Code.AlreadyExists,
  customer_not_found: Code.NotFound,
  invalid_email: Code.InvalidArgument,
  duplicate_reference_id: Code.AlreadyExists,
  merchant_not_found: Code.NotFound,
  PRODUCT_NOT_FOUND: Code.NotFound,
  // Locations (geo-resolver) and calculations (calc-engine)
  invalid_address: Code.InvalidArgument,
  INVALID_IP_FORMAT: Code.InvalidArgument,
  IP_RESOLUTION_FAILED: Code.FailedPrecondition,
  IP_RESOLUTION_INSUFFICIENT_US: Code.FailedPrecondition,
  IP_RESOLUTION_INSUFFICIENT_CA: Code.FailedPrecondition,
  unknown_tax_category: Code.InvalidArgument,
  unsupported_currency: Code.InvalidArgument,
  unsupported_jurisdiction: Code.FailedPrecondition,
  unsupported_transacted_at: Code.FailedPrecondition,
  calculation_not_found: Code.NotFound,
  calculation_expired: Code.FailedPrecondition,
  // Ledger and certificates
  transaction_not_found: Code.NotFound,
  refund_exceeds_remaining: Code.InvalidArgument,
  refund_not_found: Code.NotFound,
  refund_already_reversed: Code.FailedPrecondition,
  duplicate_reference_order_id: Code.AlreadyExists,
  calculation_already_recorded: Code.AlreadyExists,
  transaction_deleted: Code.FailedPrecondition,
  transaction_has_refunds: Code.FailedPrecondition,
  filing_not_found: Code.NotFound,
  filing_not_approvable: Code.FailedPrecondition,
  filing_not_rejectable: Code.FailedPrecondition,
  invalid_filing_status: Code.InvalidArgument,
  CERTIFICATE_NOT_FOUND: Code.NotFound,
  TESTMODE_NOT_SUPPORTED: Code.FailedPrecondition,
  CERTIFICATE_REQUEST_NOT_FOUND: Code.NotFound,
  CERTIFICATE_UPLOAD_NOT_FOUND: Code.NotFound,
  REQUEST_ALREADY_FULFILLED: Code.FailedPrecondition,
  REQUEST_INVALID: Code.FailedPrecondition,
  INVALID_DOCUMENT_URL: Code.InvalidArgument,
  DOCUMENT_FETCH_FAILED: Code.InvalidArgument,
  DOCUMENT_URL_UNAUTHORIZED: Code.FailedPrecondition,
  UNSUPPORTED_FILE_TYPE: Code.InvalidArgument,
  FILE_TOO_LARGE: Code.InvalidArgument,
  BUYER_IDENTITY_CONFLICT: Code.AlreadyExists,
  buyer_not_found: Code.NotFound,
  document_link_invalid: Code.PermissionDenied,
  // Webhooks (gateway)
  webhook_endpoint_not_found: Code.NotFound,
  // Infrastructure
  conflict: Code.Aborted,
  upstream_unavailable: Code.Unavailable,
  upstream_timeout: Code.DeadlineExceeded,
  internal_error: Code.Internal,
} as const satisfies Record<string, Code>;

export type ErrorCode = keyof typeof errorCodes;

export function isErrorCode(value: string): value is ErrorCode {
  return Object.hasOwn(errorCodes, value);
}
