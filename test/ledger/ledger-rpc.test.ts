// The ledger's RPCs against the embedded system (calculations made through the gateway),
// including what the REST suite cannot see: filings, the sales summary and listings.
import { createRpcClient, createRpcTransport } from "@levy/kit";
import { LedgerService } from "@levy/proto/levy/ledger/v1/ledger_pb.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount, createApi, type AccountKeys } from "../support/api.js";
import { startEmbeddedSystem, type SystemUnderTest } from "../support/system.js";

const detroit = {
  address_line_1: "1 Woodward Ave",
  address_city: "Detroit",
  address_province: "MI",
  address_postal_code: "48226",
  address_country: "US",
};
const october = Date.UTC(2026, 9, 15) / 1000;

async function eventually<T>(read: () => Promise<T>, ok: (value: T) => boolean, timeoutMs = 5000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let value = await read();
  while (!ok(value) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    value = await read();
  }
  return value;
}

describe("ledger RPCs (embedded)", () => {
  let system: SystemUnderTest;
  let api: ReturnType<typeof createApi>;
  let account: AccountKeys;
  let ledger: ReturnType<typeof createRpcClient<typeof LedgerService>>;
  let scope: { accountId: string; livemode: boolean };

  const calculate = async (amounts: number[]) => {
    const response = await api("/tax/calculations", {
      key: account.testSecret,
      body: {
        customer: { address: detroit },
        order_details: {
          customer_currency_code: "USD",
          line_items: amounts.map((amount, index) => ({
            amount,
            quantity: 1,
            product_category: "GENERAL_MERCHANDISE",
            reference_line_item_id: `l${index + 1}`,
          })),
        },
      },
    });
    expect(response.status).toBe(200);
    return response.body;
  };

  beforeAll(async () => {
    system = await startEmbeddedSystem();
    api = createApi(system.restUrl);
    account = await createAccount(system.restUrl, system.adminToken, "Ledger RPC");
    scope = { accountId: account.accountId, livemode: false };
    ledger = createRpcClient(
      LedgerService,
      createRpcTransport({ baseUrl: `http://127.0.0.1:${system.grpcPorts.ledger}` }),
    );
  });
  afterAll(() => system?.stop());

  it("records, refunds and reverses; the filing and the sales summary add up", async () => {
    const amounts = [10000, 2500, 999];
    let expectedTax = 0;
    let expectedGross = 0;
    const ids: string[] = [];
    for (const [index, amount] of amounts.entries()) {
      const calc = await calculate([amount]);
      expectedTax += calc.total_tax_amount;
      expectedGross += amount;
      const { transaction, created } = await ledger.recordTransaction({
        scope,
        calculationId: calc.id,
        referenceOrderId: `rpc-${index}`,
        transactionProcessedAt: BigInt(october),
      });
      expect(created).toBe(true);
      ids.push(transaction!.id);
    }
    const { refund } = await ledger.createRefund({
      scope,
      transactionId: ids[0]!,
      refundType: "partial",
      refundProcessedAt: BigInt(october),
      lineItems: [{ referenceLineItemId: "l1", amount: 5000n }],
    });
    expect(refund!.totalTaxAmount).toBe(-300n);
    const second = await ledger.createRefund({
      scope,
      transactionId: ids[1]!,
      refundType: "full",
      refundProcessedAt: BigInt(october),
    });
    await ledger.reverseRefund({ scope, refundId: second.refund!.id });

    const summary = await eventually(
      () => ledger.getSalesSummary({ scope, from: BigInt(october), to: BigInt(october) }),
      (value) => value.currencies[0]?.transactionCount === 3n && value.currencies[0]?.refundCount === 1n,
    );
    expect(summary.currencies).toHaveLength(1);
    expect(summary.currencies[0]).toMatchObject({
      currencyCode: "USD",
      grossSales: BigInt(expectedGross),
      taxCollected: BigInt(expectedTax),
      refunds: 5000n,
      refundedTax: 300n,
      netTax: BigInt(expectedTax - 300),
    });
    expect(summary.periodFrom).toBe(new Date(october * 1000).toISOString().slice(0, 10));

    const { filings } = await ledger.listFilings({ scope, limit: 10 });
    expect(filings.length).toBeGreaterThan(0);
    expect(filings.reduce((total, filing) => total + filing.taxCollected, 0n)).toBe(BigInt(expectedTax));
    expect(filings.every((filing) => filing.status === "pending_client_approval")).toBe(true);
    const approved = await ledger.approveFiling({ scope, filingId: filings[0]!.id });
    expect(approved.filing!.status).toBe("approved");
    await expect(ledger.rejectFiling({ scope, filingId: filings[0]!.id, reason: "late" })).rejects.toThrow(
      /pending_client_approval/,
    );
    await expect(ledger.listFilings({ scope, limit: 10, status: "nonsense" })).rejects.toThrow(/not a filing status/);
  });

  it("lists transactions with cursors and date ranges", async () => {
    const base = Date.UTC(2026, 7, 1) / 1000;
    for (let index = 0; index < 5; index += 1) {
      const calc = await calculate([100 + index]);
      await ledger.recordTransaction({
        scope,
        calculationId: calc.id,
        referenceOrderId: `list-${index}`,
        transactionProcessedAt: BigInt(base + index * 86400),
      });
    }
    const first = await ledger.listTransactions({ scope, limit: 2, from: BigInt(base), to: BigInt(base + 4 * 86400) });
    expect(first.transactions).toHaveLength(2);
    expect(first.nextCursor).not.toBe("");
    const rest = await ledger.listTransactions({
      scope,
      limit: 10,
      from: BigInt(base),
      to: BigInt(base + 4 * 86400),
      cursor: first.nextCursor,
    });
    expect(rest.transactions.map((t) => t.referenceOrderId)).toEqual(["list-2", "list-3", "list-4"]);
    expect(rest.nextCursor).toBe("");
    await expect(ledger.listTransactions({ scope, limit: 10, from: 10n, to: 5n })).rejects.toThrow(/from is after to/);
    await expect(ledger.listTransactions({ scope, limit: 10, cursor: "garbage!" })).rejects.toThrow(/cursor/);
  });
});
