// The fault-injection suite in embedded mode: Levy in one child process, its events on
// the in-process bus, killed with SIGKILL and stopped with SIGTERM under steady load,
// then started again on the same data. After each fault the sales summary and every
// filing must equal the ledger's transactions, which must equal the sales the API
// acknowledged: an event the bus held in memory when the process died must still reach
// the summary and the filings, and none may count twice.
import { createRpcClient, createRpcTransport } from "@levy/kit";
import { LedgerService } from "@levy/proto/levy/ledger/v1/ledger_pb.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount, createApi, type AccountKeys } from "../support/api.js";
import { createEmbeddedProcess, type EmbeddedProcess } from "../support/embedded-process.js";
import { recordFaultReport, type FaultLine } from "./report.js";
import { startSteadyLoad, type Sale } from "./steady-load.js";

const processedAt = Date.UTC(2026, 9, 20) / 1000;
const philadelphia = {
  address_line_1: "1 S Broad St",
  address_city: "Philadelphia",
  address_province: "PA",
  address_postal_code: "19107",
  address_country: "US",
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const saleBody = (index: number) => ({
  customer: { reference_customer_id: "fault-buyer", address: philadelphia },
  order_details: {
    customer_currency_code: "USD",
    line_items: [
      {
        amount: 1000 + ((index * 7919) % 90_000),
        quantity: 1,
        reference_product_id: "fault-tee",
        reference_line_item_id: "l1",
      },
    ],
  },
});

interface Totals {
  count: bigint;
  gross: bigint;
  tax: bigint;
}

const totalsOf = (items: Iterable<{ tax: number | bigint; gross: number | bigint }>): Totals => {
  const totals = { count: 0n, gross: 0n, tax: 0n };
  for (const item of items) {
    totals.count += 1n;
    totals.gross += BigInt(item.gross);
    totals.tax += BigInt(item.tax);
  }
  return totals;
};

describe("fault injection (embedded: one process, in-process event bus)", () => {
  let levy: EmbeddedProcess;
  let account: AccountKeys;
  const sales = new Map<string, Sale>();
  const report: FaultLine[] = [];

  beforeAll(async () => {
    levy = await createEmbeddedProcess();
    await levy.start();
    account = await createAccount(levy.restUrl, levy.adminToken, "Embedded faults");
    const api = createApi(levy.restUrl);
    const product = await api("/tax/products", {
      key: account.testSecret,
      body: {
        reference_product_id: "fault-tee",
        reference_product_name: "T-shirt",
        product_category: "GENERAL_MERCHANDISE",
      },
    });
    expect(product.status).toBe(200);
    const customer = await api("/tax/customers", {
      key: account.testSecret,
      body: { email: "buyer@example.com", reference_customer_id: "fault-buyer" },
    });
    expect(customer.status).toBe(200);
  }, 60_000);

  afterAll(async () => {
    await levy?.stop();
    if (report.length > 0) recordFaultReport(report, "fault-injection-embedded");
  });

  const ledger = () =>
    createRpcClient(LedgerService, createRpcTransport({ baseUrl: `http://127.0.0.1:${levy.grpcPorts.ledger}` }));
  const scope = () => ({ accountId: account.accountId, livemode: false });

  async function storedTransactions(): Promise<Totals> {
    const items: Array<{ tax: bigint; gross: bigint }> = [];
    let cursor = "";
    do {
      const page = await ledger().listTransactions({ scope: scope(), limit: 200, cursor });
      items.push(...page.transactions.map((t) => ({ tax: t.totalTaxAmount, gross: t.totalAmountExcludingTax })));
      cursor = page.nextCursor;
    } while (cursor);
    return totalsOf(items);
  }

  async function summaryAndFilings() {
    const summary = (await ledger().getSalesSummary({ scope: scope() })).currencies[0];
    const filings = (await ledger().listFilings({ scope: scope(), limit: 100 })).filings;
    return {
      summary: {
        count: summary?.transactionCount ?? 0n,
        gross: summary?.grossSales ?? 0n,
        tax: summary?.taxCollected ?? 0n,
      },
      filingCounts: filings.map((filing) => filing.transactionCount),
      filingTax: filings.reduce((sum, filing) => sum + filing.taxCollected, 0n),
    };
  }

  /** One fault under load: the process is signalled, started again, and the load goes on a little. */
  async function faultUnderLoad(name: string, signal: "SIGKILL" | "SIGTERM") {
    const load = startSteadyLoad({
      restUrl: levy.restUrl,
      key: account.testSecret,
      workers: 64,
      orderPrefix: name,
      body: saleBody,
      processedAt,
    });
    await sleep(3000);
    const signalledAt = Date.now();
    await levy.signal(signal);
    await levy.start();
    await sleep(1500);
    const result = await load.stop(60_000);
    for (const sale of result.sales.values()) sales.set(sale.order, sale);
    const thisRound = totalsOf(result.sales.values());
    const acknowledged = totalsOf(sales.values());

    const stored = await storedTransactions();
    expect(stored, `${name}: the ledger holds exactly the acknowledged sales`).toEqual(acknowledged);
    let seen = await summaryAndFilings();
    for (
      const deadline = Date.now() + 15_000;
      seen.summary.count < acknowledged.count && Date.now() < deadline;
      await sleep(500)
    )
      seen = await summaryAndFilings();
    await sleep(1000); // a late redelivery gets its chance to count twice (it must not)
    seen = await summaryAndFilings();
    report.push({
      fault: `embedded ${name}`,
      answers: result.answers.filter((answer) => answer.at >= signalledAt).length,
      failures: result.answers.filter(
        (answer) => answer.at >= signalledAt && (answer.status <= 0 || answer.status >= 500),
      ).length,
      slowestMs: 0,
      recoveredAfterMs: 0,
      note: `${thisRound.count} sales acknowledged in this run (tax ${thisRound.tax}); all runs: acknowledged ${acknowledged.count} sales, tax ${acknowledged.tax}; ledger ${stored.count}/${stored.tax}; summary ${seen.summary.count}/${seen.summary.tax}; filings ${seen.filingCounts.join(",")}/${seen.filingTax}`,
    });
    expect(seen.summary, `${name}: the sales summary equals the ledger`).toEqual(stored);
    expect(seen.filingCounts.length).toBeGreaterThan(0);
    for (const count of seen.filingCounts)
      expect(count, `${name}: every filing of the period counts every sale`).toBe(stored.count);
    expect(seen.filingTax, `${name}: the filings' tax equals the ledger's`).toBe(stored.tax);
  }

  // One round of each by default (under a minute); LEVY_FAULT_ROUNDS=3 repeats them.
  const rounds = Number(process.env.LEVY_FAULT_ROUNDS ?? 1);
  it("kill -9 under steady load: summary and filings equal the acknowledged sales", {
    timeout: 60_000 * rounds,
  }, async () => {
    for (let round = 1; round <= rounds; round += 1) await faultUnderLoad(`kill-9-run${round}`, "SIGKILL");
  });

  it("SIGTERM under steady load: summary and filings equal the acknowledged sales", {
    timeout: 60_000 * rounds,
  }, async () => {
    for (let round = 1; round <= rounds; round += 1) await faultUnderLoad(`sigterm-run${round}`, "SIGTERM");
  });
});
