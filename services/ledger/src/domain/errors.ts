// Ledger errors. Some codes the ledger wants are not (yet) in kit's closed list; each
// is written with the code it should have and the closest existing code to use until
// then. When the wanted code is added to libs/kit/src/error-codes.ts it is used at once
// (no change here); meanwhile the wanted code travels in error_meta.reason.
import { LevyError, isErrorCode, type ErrorCode, type ErrorMeta } from "@levy/kit";

export function ledgerError(wanted: string, fallback: ErrorCode, message: string, meta: ErrorMeta = {}): LevyError {
  if (isErrorCode(wanted)) return new LevyError(wanted, message, meta);
  return new LevyError(fallback, message, { ...meta, reason: wanted });
}

export const errors = {
  transactionNotFound: (id: string) => new LevyError("transaction_not_found", `no transaction ${id.slice(0, 100)}`),
  refundNotFound: (id: string) => ledgerError("refund_not_found", "transaction_not_found", `no refund ${id.slice(0, 100)}`, { field: "refund_id" }),
  overRefund: (message: string, meta: ErrorMeta) => ledgerError("refund_exceeds_remaining", "invalid_request", message, meta),
  refundAlreadyReversed: (id: string) => ledgerError("refund_already_reversed", "conflict", `refund ${id} was already reversed`, { refund_id: id }),
  orderAlreadyRecorded: (orderId: string, transactionId: string) =>
    ledgerError(
      "duplicate_reference_order_id",
      "conflict",
      `reference_order_id ${orderId.slice(0, 100)} is already recorded (${transactionId}) from another calculation`,
      { field: "reference_order_id", transaction_id: transactionId },
    ),
  calculationAlreadyRecorded: (calculationId: string, transactionId: string, orderId: string) =>
    ledgerError(
      "calculation_already_recorded",
      "conflict",
      `calculation ${calculationId} is already recorded as transaction ${transactionId} with reference_order_id ${orderId.slice(0, 100)}`,
      { field: "calculation_id", transaction_id: transactionId },
    ),
  transactionDeleted: (transactionId: string) =>
    ledgerError("transaction_deleted", "conflict", `transaction ${transactionId} for this order was deleted; record it under a new reference_order_id`, {
      transaction_id: transactionId,
    }),
  hasLiveRefunds: (transactionId: string) =>
    ledgerError("transaction_has_refunds", "conflict", `transaction ${transactionId} has refunds that are not reversed; reverse them before deleting it`, {
      transaction_id: transactionId,
    }),
  wrongCalculationKind: (calculationId: string, wanted: string) =>
    new LevyError("invalid_request", `calculation ${calculationId} is not a ${wanted} calculation`, { field: wanted === "platform" ? "platform_calculation_id" : "calculation_id" }),
  filingNotFound: (id: string) => ledgerError("filing_not_found", "invalid_request", `no filing ${id.slice(0, 100)}`, { field: "filing_id" }),
  filingNotApprovable: (id: string, status: string) =>
    ledgerError("filing_not_approvable", "conflict", `filing ${id} is ${status}; only a filing in pending_client_approval can be approved`, { status }),
  filingNotRejectable: (id: string, status: string) =>
    ledgerError("filing_not_rejectable", "conflict", `filing ${id} is ${status}; only a filing in pending_client_approval can be rejected`, { status }),
  invalidFilingStatus: (status: string, valid: readonly string[]) =>
    ledgerError("invalid_filing_status", "invalid_field", `"${status.slice(0, 40)}" is not a filing status; valid: ${valid.join(", ")}`, { field: "status" }),
  busy: (what: string) => new LevyError("conflict", `${what} is being changed by another request; retry`),
};
