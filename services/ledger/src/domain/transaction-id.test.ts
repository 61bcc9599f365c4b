import { describe, expect, it } from "vitest";
import { transactionIdFor } from "./transaction-id.js";

const live = { accountId: "acct_1", livemode: true };

describe("transactionIdFor", () => {
  it("gives the same id for the same order and a random-looking one in the usual shape", () => {
    expect(transactionIdFor(live, "order", "o-1")).toBe(transactionIdFor(live, "order", "o-1"));
    expect(transactionIdFor(live, "order", "o-1")).toMatch(/^tr_[0-9A-Za-z]{20}$/);
  });

  it("differs by account, mode, type and order reference", () => {
    const ids = new Set([
      transactionIdFor(live, "order", "o-1"),
      transactionIdFor({ accountId: "acct_2", livemode: true }, "order", "o-1"),
      transactionIdFor({ ...live, livemode: false }, "order", "o-1"),
      transactionIdFor(live, "fee", "o-1"),
      transactionIdFor(live, "order", "o-2"),
      // The parts are framed, so moving a character between them changes the id.
      transactionIdFor({ accountId: "acct_1o", livemode: true }, "order", "-1"),
    ]);
    expect(ids.size).toBe(6);
  });
});
