// Ledger errors, one constructor each, so every place raises them with the same code,
// message and error_meta.
import { LevyError, type ErrorMeta } from "@levy/kit";

export const errors = {
  transactionNotFound: (id: string) => new LevyError("transaction_not_found", `no transaction ${id.slice(0, 100)}`),
  refundNotFound: (id: string) =>
    new LevyError("refund_not_found", `no refund ${id.slice(0, 100)}`, { field: "refund_id" }),
  overRefund: (message: string, meta: ErrorMeta) => new LevyError("refund_exceeds_remaining", message, meta),
  refundAlreadyReversed: (id: string) =>
    new LevyError("refund_already_reversed", `refund ${id} was already reversed`, { refund_id: id }),
  orderAlreadyRecorded: (orderId: string, transactionId: string) =>
    new LevyError(
      "duplicate_reference_order_id",
      `reference_order_id ${orderId.slice(0, 100)} is already recorded (${transactionId}) from another calculation`,
      { field: "reference_order_id", transaction_id: transactionId },
    ),
  calculationAlreadyRecorded: (calculationId: string, transactionId: string, orderId: string) =>
    new LevyError(
      "calculation_already_recorded",
      `calculation ${calculationId} is already recorded as transaction ${transactionId} with reference_order_id ${orderId.slice(0, 100)}`,
      { field: "calculation_id", transaction_id: transactionId },
    ),
  transactionDeleted: (transactionId: string) =>
    new LevyError(
      "transaction_deleted",
      `transaction ${transactionId} for this order was deleted; record it under a new reference_order_id`,
      {
        transaction_id: transactionId,
      },
    ),
  hasLiveRefunds: (transactionId: string) =>
    new LevyError(
      "transaction_has_refunds",
      `transaction ${transactionId} has refunds that are not reversed; reverse them before deleting it`,
      {
        transaction_id: transactionId,
      },
    ),
  wrongCalculationKind: (calculationId: string, wanted: string) =>
    new LevyError("invalid_request", `calculation ${calculationId} is not a ${wanted} calculation`, {
      field: wanted === "platform" ? "platform_calculation_id" : "calculation_id",
    }),
  filingNotFound: (id: string) =>
    new LevyError("filing_not_found", `no filing ${id.slice(0, 100)}`, { field: "filing_id" }),
  filingNotApprovable: (id: string, status: string) =>
    new LevyError(
      "filing_not_approvable",
      `filing ${id} is ${status}; only a filing in pending_client_approval can be approved`,
      { status },
    ),
  filingNotRejectable: (id: string, status: string) =>
    new LevyError(
      "filing_not_rejectable",
      `filing ${id} is ${status}; only a filing in pending_client_approval can be rejected`,
      { status },
    ),
  invalidFilingStatus: (status: string, valid: readonly string[]) =>
    new LevyError(
      "invalid_filing_status",
      `"${status.slice(0, 40)}" is not a filing status; valid: ${valid.join(", ")}`,
      { field: "status" },
    ),
  busy: (what: string) => new LevyError("conflict", `${what} is being changed by another request; retry`),
};
