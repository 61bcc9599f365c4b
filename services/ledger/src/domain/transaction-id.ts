// A transaction's id derives from its account, mode, type and order reference: recording
// the same order again (a client's retry, or a retry after a timeout while the first
// attempt still ran) then collides on the primary key, and the sale that won is found
// by id instead of by searching (a collection scan on FerretDB, which made a backlog of
// retries after a ledger restart slower with every transaction stored).
import { createHash } from "node:crypto";
import type { Scope } from "@levy/storage";

const alphabet = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/** `tr_` and 20 base62 characters, like a random id; a different type or order gives another. */
export function transactionIdFor(scope: Scope, type: string, referenceOrderId: string): string {
  const digest = createHash("sha256")
    .update(JSON.stringify([scope.accountId, scope.livemode, type, referenceOrderId]), "utf8")
    .digest();
  let value = BigInt(`0x${digest.toString("hex")}`);
  let out = "";
  for (let i = 0; i < 20; i += 1) {
    out += alphabet[Number(value % 62n)];
    value /= 62n;
  }
  return `tr_${out}`;
}
