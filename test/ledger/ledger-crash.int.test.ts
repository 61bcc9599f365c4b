// Issue 6's must-show: 1,000 transactions recorded through the gateway while the ledger
// (its outbox relay and its Kafka filings consumer) is killed with SIGKILL and restarted
// midway. The filing totals must equal the sum of the transactions exactly: no event
// lost between a write and its publish, none counted twice after redelivery.
import { createRpcClient, createRpcTransport } from "@levy/kit";
import { LedgerService } from "@levy/proto/levy/ledger/v1/ledger_pb.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount, createApi, type AccountKeys } from "../support/api.js";
import { startDistributedSystem, type SystemUnderTest } from "../support/system.js";

// Under a loaded machine this used to fail: the restarted ledger's calls timed out, each
// retry started the same write again (a collection scan on FerretDB to find the sale that
// won), and the breaker never closed. Transaction ids now derive from the order reference
// and the ledger stops work its caller abandoned; 1,000 pass even at load average 20.
const count = 1000;
const processedAt = Date.UTC(2026, 9, 15) / 1000;
const detroit = {
  address_line_1: "1 Woodward Ave",
  address_city: "Detroit",
  address_province: "MI",
  address_postal_code: "48226",
  address_country: "US",
};

describe(`ledger: ${count} transactions with the consumer killed midway (distributed, Kafka)`, () => {
  let system: SystemUnderTest;
  let api: ReturnType<typeof createApi>;
  let account: AccountKeys;

  beforeAll(async () => {
    system = await startDistributedSystem();
    api = createApi(system.restUrl);
    account = await createAccount(system.restUrl, system.adminToken, "Ledger crash");
  });
  afterAll(() => system?.stop());

  /**
   * Retries what a restarting ledger answers (503/504) with the same Idempotency-Key, for
   * as long as a restart can take on a busy machine (its Kafka consumer must rejoin).
   */
  async function withRetries(path: string, body: unknown, key: string) {
    let last: unknown = null;
    for (const deadline = Date.now() + 180_000; Date.now() < deadline; ) {
      const response = await api(path, { key: account.testSecret, body, headers: { "idempotency-key": key } });
      if (response.status < 500) return response;
      last = { status: response.status, body: response.body };
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    throw new Error(`${path} kept failing; last answer ${JSON.stringify(last)}`);
  }

  async function recordOne(index: number): Promise<{ tax: number; gross: number }> {
    const amount = 1000 + ((index * 7919) % 90_000);
    const calc = await withRetries(
      "/tax/calculations",
      {
        customer: { address: detroit },
        order_details: {
          customer_currency_code: "USD",
          line_items: [{ amount, quantity: 1, product_category: "GENERAL_MERCHANDISE", reference_line_item_id: "l1" }],
        },
      },
      `calc-${index}`,
    );
    expect(calc.status).toBe(200);
    const recorded = await withRetries(
      "/tax/transactions",
      { calculation_id: calc.body.id, reference_order_id: `crash-${index}`, transaction_processed_at: processedAt },
      `tx-${index}`,
    );
    expect(recorded.status, JSON.stringify(recorded.body)).toBe(200);
    return { tax: recorded.body.total_tax_amount, gross: recorded.body.total_amount_excluding_tax };
  }

  it("filing totals equal the sum of the transactions exactly", { timeout: 900_000 }, async () => {
    let next = 0;
    let done = 0;
    let tax = 0;
    let gross = 0;
    let killed: Promise<void> | null = null;
    const worker = async () => {
      while (next < count) {
        const index = next++;
        const result = await recordOne(index);
        tax += result.tax;
        gross += result.gross;
        done += 1;
        if (done === Math.floor(count * 0.4) && !killed) killed = system.restart("ledger", "SIGKILL");
      }
    };
    await Promise.all(Array.from({ length: 16 }, worker));
    await killed;
    expect(done).toBe(count);

    const ledger = createRpcClient(
      LedgerService,
      createRpcTransport({ baseUrl: `http://127.0.0.1:${system.grpcPorts.ledger}` }),
    );
    const scope = { accountId: account.accountId, livemode: false };
    const deadline = Date.now() + 120_000;
    let summary = await ledger.getSalesSummary({ scope });
    while ((summary.currencies[0]?.transactionCount ?? 0n) < BigInt(count) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      summary = await ledger.getSalesSummary({ scope });
    }
    // Give late redeliveries a chance to (wrongly) count twice.
    await new Promise((resolve) => setTimeout(resolve, 5000));
    summary = await ledger.getSalesSummary({ scope });
    expect(summary.currencies).toHaveLength(1);
    expect(summary.currencies[0]).toMatchObject({
      currencyCode: "USD",
      transactionCount: BigInt(count),
      grossSales: BigInt(gross),
      taxCollected: BigInt(tax),
    });

    let filingTax = 0n;
    let cursor = "";
    do {
      const page = await ledger.listFilings({ scope, limit: 100, cursor });
      for (const filing of page.filings) filingTax += filing.taxCollected;
      cursor = page.nextCursor;
    } while (cursor);
    expect(filingTax).toBe(BigInt(tax));
  });
});
