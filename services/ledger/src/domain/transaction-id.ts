// A transaction's id derives from its account, mode, type and order reference: recording
// the same order again (a client's retry, or a retry after a timeout while the first
// attempt still ran) then collides on the primary key, and the sale that won is found
// by id instead of by searching (a collection scan on FerretDB, which made a backlog of
// retries after a ledger restart slower with every transaction stored).
import { derivedId } from "@levy/kit";
import type { Scope } from "@levy/storage";

/** `tr_` and 20 base62 characters, like a random id; a different type or order gives another. */
export function transactionIdFor(scope: Scope, type: string, referenceOrderId: string): string {
  return derivedId("tr", [scope.accountId, scope.livemode, type, referenceOrderId]);
}
