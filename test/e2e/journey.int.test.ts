// Issue 9 item 5: the main user journey across process boundaries (every service its own
// process, FerretDB and Kafka), through the REST gateway and the MCP endpoint, with the
// ledger SIGKILLed right after the sale is recorded (its outbox event possibly not yet
// published) and the refund sent while it is down. A client retries the 503s with the
// same Idempotency-Key; the refund must land once and the Kafka-fed totals stay exact.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { corpus } from "../certificates/corpus/corpus.js";
import {
  documentServerEnv,
  startDocumentServer,
  type DocumentServer,
} from "../certificates/support/document-server.js";
import { callTool, connectMcp, ok } from "../mcp/mcp-client.js";
import { createAccount, createApi } from "../support/api.js";
import { startDistributedSystem, type SystemUnderTest } from "../support/system.js";
import { eventually } from "../support/eventually.js";
import { createJourneyClient, usAddress } from "./journey-client.js";

const tag = Date.now().toString(36);
const processedAt = Date.UTC(2026, 9, 15, 12) / 1000;
const october = { from: "2026-10-01", to: "2026-10-31" };
const detroit = usAddress("Detroit", "MI", "48226"); // Michigan: 6 % state tax only
const indianapolis = usAddress("Indianapolis", "IN", "46204");
/** October's totals: one 125.00 sale (7.50 tax), 40.00 of it refunded (2.40 tax). */
const octoberTotals = {
  currency_code: "USD",
  gross_sales: 12500,
  tax_collected: 750,
  refunds: 4000,
  refunded_tax: 240,
  net_sales: 8500,
  net_tax: 510,
  transaction_count: 1,
  refund_count: 1,
};

describe("distributed end-to-end journey, ledger killed and restarted in the middle", () => {
  let docs: DocumentServer;
  let system: SystemUnderTest;
  let client: ReturnType<typeof createJourneyClient>;
  let mcp: Client;
  const seen: Record<string, any> = {};
  const tool = async (name: string, args: Record<string, unknown> = {}) => ok(await callTool(mcp, name, args));
  const order = (customer: { id: string }, address: ReturnType<typeof usAddress>) => ({
    customer: { id: customer.id, address },
    order_details: {
      customer_currency_code: "USD",
      line_items: [
        { amount: 10000, quantity: 1, reference_product_id: `lamp-${tag}`, reference_line_item_id: "l1" },
        { amount: 2500, quantity: 1, product_category: "GENERAL_MERCHANDISE", reference_line_item_id: "l2" },
      ],
    },
  });

  /** The ledger's own event metrics, shown when the totals are wrong: consumed or not, lag, failures. */
  const ledgerEventState = async () => {
    const text = await fetch(`http://127.0.0.1:${system.opsPorts.ledger}/metrics`).then(
      (response) => response.text(),
      (error) => String(error),
    );
    const lines = text
      .split("\n")
      .filter((line) =>
        /^levy_events_(consumed_total|handler_failures_total|consumer_lag|produced_total)\{/.test(line),
      );
    return `ledger event metrics when the totals were read:\n${lines.join("\n")}`;
  };

  beforeAll(async () => {
    docs = await startDocumentServer();
    // The certificates service reads the document with its real reader (no test reader).
    const { CERTIFICATES_TEST_DOCUMENT_READER: _testReader, ...certificateHosting } = documentServerEnv(docs);
    system = await startDistributedSystem(certificateHosting);
  });
  afterAll(async () => {
    if (client)
      console.info(
        `e2e journey: 5xx answers retried ${JSON.stringify(client.retries.counts)} (${[...client.retries.answers].join(", ") || "none"})`,
      );
    await mcp?.close();
    await system?.stop();
    await docs?.close();
  });

  it("an admin creates an account and a live secret key for it", async () => {
    const account = await createAccount(system.restUrl, system.adminToken, `E2E ${tag}`);
    const issued = await createApi(system.restUrl)(`/admin/v1/accounts/${account.accountId}/keys`, {
      body: { kind: "secret", mode: "live" },
      headers: { authorization: `Bearer ${system.adminToken}` },
    });
    expect(issued.status).toBe(201);
    expect(issued.body).toMatchObject({
      object: "api_key",
      account_id: account.accountId,
      kind: "secret",
      mode: "live",
      secret: expect.stringMatching(/^sk_prod_/),
    });
    client = createJourneyClient(system.restUrl, issued.body.secret);
    mcp = await connectMcp(system.mcpUrl, issued.body.secret);
  });

  it("catalog: a merchant, a customer and a product", async () => {
    const merchant = await client.write(
      "merchant",
      "/tax/merchants",
      { reference_merchant_id: `m-${tag}`, name: "Lamp Shop", default_address: detroit },
      `merchant-${tag}`,
    );
    const customer = await client.write(
      "customer",
      "/tax/customers",
      { email: `ada-${tag}@example.com`, name: "Ada", reference_customer_id: `c-${tag}` },
      `customer-${tag}`,
    );
    const product = await client.write(
      "product",
      "/tax/products",
      {
        reference_product_id: `lamp-${tag}`,
        reference_product_name: "Desk lamp",
        product_category: "GENERAL_MERCHANDISE",
      },
      `product-${tag}`,
    );
    expect([merchant.status, customer.status, product.status]).toEqual([200, 200, 200]);
    expect((await client.call(`/tax/customers/${customer.body.id}`)).body).toMatchObject({
      id: customer.body.id,
      reference_customer_id: `c-${tag}`,
      is_tax_exempt: false,
    });
    Object.assign(seen, { merchant: merchant.body, customer: customer.body });
  });

  it("a calculation for a Detroit address prices the catalog's product at Michigan's 6 %", async () => {
    const calculation = await client.write(
      "calculation",
      "/tax/calculations",
      order(seen.customer, detroit),
      `calc-${tag}`,
    );
    expect(calculation.status, JSON.stringify(calculation.body)).toBe(200);
    expect(calculation.body.total_tax_amount).toBe(750);
    expect(calculation.body.line_items.map((line: any) => line.tax_amount)).toEqual([600, 150]);
    expect(calculation.body.line_items[0].product).toMatchObject({
      reference_product_id: `lamp-${tag}`,
      product_tax_code: "GENERAL_MERCHANDISE",
    });
    seen.calculation = calculation.body;
  });

  it("the calculation is recorded as a transaction", async () => {
    const body = {
      calculation_id: seen.calculation.id,
      reference_order_id: `order-${tag}`,
      transaction_processed_at: processedAt,
    };
    const transaction = await client.write("transaction", "/tax/transactions", body, `tx-${tag}`);
    expect(transaction.status, JSON.stringify(transaction.body)).toBe(200);
    expect(transaction.body).toMatchObject({
      object: "tax.transaction",
      calculation_id: seen.calculation.id,
      total_amount_excluding_tax: 12500,
      total_tax_amount: 750,
      testmode: false,
    });
    seen.transaction = transaction.body;
  });

  it("SIGKILL the ledger: the refund gets 503s while it is down and lands exactly once after its restart", async () => {
    await system.stopService("ledger", "SIGKILL");
    const body = {
      transaction_id: seen.transaction.id,
      type: "partial",
      refund_processed_at: processedAt + 86_400,
      line_items: [{ reference_line_item_id: "l1", amount: 4000 }],
    };
    const refunding = client.write("refund", "/tax/refunds", body, `refund-${tag}`);
    // The ledger comes back only once the client has been refused at least once.
    const refused = await eventually(
      async () => client.retries.counts.refund ?? 0,
      (count) => count > 0,
      30_000,
      50,
    );
    expect(refused).toBeGreaterThan(0);
    await system.restart("ledger");
    const refund = await refunding;
    expect(refund.status, JSON.stringify(refund.body)).toBe(200);
    expect([...client.retries.answers].every((answer) => answer.startsWith("503 "))).toBe(true);
    expect(refund.body).toMatchObject({
      object: "tax.refund",
      transaction_id: seen.transaction.id,
      total_amount_excluding_tax: -4000,
      total_tax_amount: -240,
      status: "succeeded",
    });
    const replay = await client.call("/tax/refunds", { body, idempotencyKey: `refund-${tag}` });
    expect([replay.status, replay.body.id]).toEqual([200, refund.body.id]);
    const listed = await client.call(`/tax/transactions/${seen.transaction.id}/refunds`);
    expect(listed.body.refunds.map((r: { id: string }) => r.id)).toEqual([refund.body.id]);
    seen.refund = refund.body;
  });

  it("the sales summary and the filing (fed through Kafka) show the exact totals", async () => {
    // MCP calls are rate limited (120 a minute per account): poll once a second.
    const summary = await eventually(
      () => tool("get_sales_summary", october),
      (s) => s.currencies[0]?.refund_count === 1,
      60_000,
      1000,
    );
    expect(summary).toMatchObject({
      object: "tax.sales_summary",
      period_from: "2026-10-01",
      period_to: "2026-10-31",
      testmode: false,
    });
    expect(summary.currencies, await ledgerEventState()).toEqual([octoberTotals]);
    const filingId = "fil_2026-10_US-MI_USD";
    const filing = await eventually(
      () => tool("get_filing", { filing_id: filingId }),
      (f) => f.refunds === 4000,
      60_000,
      1000,
    );
    expect(filing).toMatchObject({
      id: filingId,
      jurisdiction_id: "US-MI",
      gross_sales: 12500,
      tax_collected: 750,
      refunds: 4000,
      refunded_tax: 240,
      net_tax: 510,
      testmode: false,
    });
  });

  it("an uploaded SST exemption certificate (a generated PDF, real reader) is processed to an active certificate", async () => {
    const pdf = Buffer.from(
      await corpus.find((document) => document.name.startsWith("SST multistate certificate"))!.build(),
    );
    docs.serve(`/files/${tag}/sst.pdf`, pdf, "application/pdf");
    const upload = await client.write(
      "certificate upload",
      "/tax/certificates",
      { document_url: docs.url(`/files/${tag}/sst.pdf`), customer: { id: seen.customer.id } },
      `upload-${tag}`,
    );
    expect(upload.status, JSON.stringify(upload.body)).toBe(201);
    expect(upload.body.status).toBe("processing");
    const done = await eventually(
      async () => (await client.call(`/tax/certificate-uploads/${upload.body.id}`)).body,
      (u) => u.status !== "processing",
      90_000,
      250,
    );
    expect(done.status, JSON.stringify(done)).toBe("completed");
    expect(done.certificate_ids).toHaveLength(1);
    const certificate = await client.call(`/tax/certificates/${done.certificate_ids[0]}`);
    expect(certificate.body).toMatchObject({
      id: done.certificate_ids[0],
      status: "active",
      certificate_type: "multistate_sst",
    });
    seen.certificate = certificate.body;
  });

  it("the customer's calculation in a certificate state comes out at 0 tax; Michigan is still taxed", async () => {
    const exempt = await client.write(
      "calculation",
      "/tax/calculations",
      order(seen.customer, indianapolis),
      `calc-in-${tag}`,
    );
    expect(exempt.status, JSON.stringify(exempt.body)).toBe(200);
    expect(exempt.body).toMatchObject({
      total_tax_amount: 0,
      exemption_reason: "exemption_certificate",
      exemption_certificate: { id: seen.certificate.id, certificate_type: "multistate_sst" },
    });
    expect(exempt.body.line_items.map((line: any) => line.tax_amount)).toEqual([0, 0]);
    const taxed = await client.write(
      "calculation",
      "/tax/calculations",
      order(seen.customer, detroit),
      `calc-mi-${tag}`,
    );
    expect([taxed.body.total_tax_amount, taxed.body.exemption_certificate]).toEqual([750, undefined]);
  });

  it("MCP tools read the same records, and the totals have not moved since", async () => {
    const { tools } = await mcp.listTools();
    expect(tools.map((t) => t.name)).toEqual(
      expect.arrayContaining([
        "get_sales_summary",
        "list_transactions",
        "get_transaction",
        "list_refunds",
        "get_filing",
        "get_certificate",
        "get_merchant",
      ]),
    );
    const rest = await client.call(`/tax/transactions/${seen.transaction.id}`);
    expect(await tool("get_transaction", { transaction_id: seen.transaction.id })).toEqual(rest.body);
    expect((await tool("list_transactions", october)).data.map((t: { id: string }) => t.id)).toEqual([
      seen.transaction.id,
    ]);
    expect(
      (await tool("list_refunds", { transaction_id: seen.transaction.id })).refunds.map((r: { id: string }) => r.id),
    ).toEqual([seen.refund.id]);
    expect(await tool("get_certificate", { certificate_id: seen.certificate.id })).toMatchObject({
      id: seen.certificate.id,
      status: "active",
    });
    expect(await tool("get_merchant", { merchant_id: `m-${tag}` })).toEqual(seen.merchant);
    // Seconds after the restart: a late redelivery of the sale or the refund would show here.
    expect((await tool("get_sales_summary", october)).currencies).toEqual([octoberTotals]);
  });
});
