// Issue 21 item 2 through the gateway: webhook endpoints (secret shown once), signed
// deliveries driven by the ledger's events, retries with attempts listed, a restart
// between attempts, and isolation (deleted endpoints, other accounts, other modes).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount, createApi, type AccountKeys } from "../support/api.js";
import { eventually } from "../support/eventually.js";
import type { SystemUnderTest } from "../support/system.js";
import {
  documentServerEnv,
  startDocumentServer,
  type DocumentServer,
} from "../certificates/support/document-server.js";
import { makePdf, sstCertificate } from "../certificates/support/documents.js";
import { callTool, ok, withMcp } from "../mcp/mcp-client.js";
import { nonPublicUrls } from "../security/ssrf-urls.js";
import { startWebhookReceiver, webhookReceiverEnv, type WebhookReceiver } from "./support/webhook-receiver.js";

const detroit = {
  address_line_1: "1 Woodward Ave",
  address_city: "Detroit",
  address_province: "MI",
  address_postal_code: "48226",
  address_country: "US",
};
let counter = 0;
const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${++counter}`;

export function describeWebhooks(
  mode: string,
  startSystem: (env: Record<string, string>) => Promise<SystemUnderTest>,
): void {
  describe(`webhooks (${mode})`, () => {
    let system: SystemUnderTest;
    let receiver: WebhookReceiver;
    let docs: DocumentServer;
    let api: ReturnType<typeof createApi>;
    let account: AccountKeys;
    let other: AccountKeys;

    const createEndpoint = async (key: string, pathname: string, events = ["transaction.created"]) => {
      const response = await api("/tax/webhook-endpoints", {
        key,
        body: { url: receiver.url(pathname), enabled_events: events, description: pathname },
      });
      expect(response.status).toBe(200);
      receiver.trust(pathname, response.body.secret);
      return response.body;
    };
    const createWith = (url: string) =>
      api("/tax/webhook-endpoints", {
        key: account.testSecret,
        body: { url, enabled_events: ["transaction.created"] },
      });
    const recordTransaction = async (key: string, processedAt?: number) => {
      const calculation = await api("/tax/calculations", {
        key,
        body: {
          customer: { address: detroit },
          order_details: {
            customer_currency_code: "USD",
            line_items: [
              { amount: 10_000, quantity: 1, product_category: "GENERAL_MERCHANDISE", reference_line_item_id: "l1" },
            ],
          },
        },
      });
      expect(calculation.status).toBe(200);
      const transaction = await api("/tax/transactions", {
        key,
        body: {
          calculation_id: calculation.body.id,
          reference_order_id: unique("order"),
          ...(processedAt === undefined ? {} : { transaction_processed_at: processedAt }),
        },
      });
      expect(transaction.status).toBe(200);
      return transaction.body;
    };
    const deliveriesOf = async (key: string, endpointId: string) => {
      const response = await api(`/tax/webhook-endpoints/${endpointId}/deliveries`, { key });
      expect(response.status).toBe(200);
      return response.body.data as any[];
    };

    beforeAll(async () => {
      receiver = await startWebhookReceiver();
      docs = await startDocumentServer();
      system = await startSystem({
        ...documentServerEnv(docs),
        ...webhookReceiverEnv(receiver),
        MCP_WRITE_TOOLS: "true",
      });
      api = createApi(system.restUrl);
      account = await createAccount(system.restUrl, system.adminToken, "Webhooks");
      other = await createAccount(system.restUrl, system.adminToken, "Webhooks other");
    }, 120_000);
    afterAll(async () => {
      await system?.stop();
      await receiver?.close();
      await docs?.close();
    });

    describe("endpoints", () => {
      it("answers the signing secret once; reads and lists never show it; delete removes it", async () => {
        const created = await createEndpoint(account.testSecret, "/hooks/crud", [
          "transaction.created",
          "refund.created",
        ]);
        expect(created).toMatchObject({
          object: "tax.webhook_endpoint",
          url: receiver.url("/hooks/crud"),
          enabled_events: ["transaction.created", "refund.created"],
          description: "/hooks/crud",
          livemode: false,
        });
        expect(created.id).toMatch(/^we_/);
        expect(created.secret).toMatch(/^whsec_[0-9A-Za-z]{32,}$/);
        const read = await api(`/tax/webhook-endpoints/${created.id}`, { key: account.testSecret });
        expect(read.status).toBe(200);
        expect(read.body.id).toBe(created.id);
        expect(read.body).not.toHaveProperty("secret");
        const list = await api("/tax/webhook-endpoints?limit=100", { key: account.testSecret });
        expect(list.status).toBe(200);
        expect(list.body).toMatchObject({ object: "list", has_more: false, next_cursor: null });
        expect(list.body.data.map((endpoint: any) => endpoint.id)).toContain(created.id);
        expect(JSON.stringify(list.body)).not.toContain("whsec_");
        // Another mode and another account see nothing of it.
        expect((await api(`/tax/webhook-endpoints/${created.id}`, { key: account.liveSecret })).status).toBe(404);
        const foreign = await api(`/tax/webhook-endpoints/${created.id}`, { key: other.testSecret });
        expect(foreign.status).toBe(404);
        expect(JSON.stringify(foreign.body)).toContain("webhook_endpoint_not_found");
        const deleted = await api(`/tax/webhook-endpoints/${created.id}`, {
          key: account.testSecret,
          method: "DELETE",
        });
        expect(deleted.status).toBe(200);
        expect(deleted.body).toMatchObject({ object: "tax.webhook_endpoint", id: created.id, deleted: true });
        expect((await api(`/tax/webhook-endpoints/${created.id}`, { key: account.testSecret })).status).toBe(404);
      });

      it("refuses URLs that are not https, carry credentials or are not URLs", async () => {
        for (const url of [
          "http://docs.test/hooks",
          "ftp://docs.test/hooks",
          "not a url",
          "https://user:pw@docs.test/hooks",
        ]) {
          const response = await createWith(url);
          expect(response.status).toBe(400);
          expect(JSON.stringify(response.body)).toContain('"field":"url"');
        }
      });

      it("refuses loopback, private, link-local and metadata hosts (SSRF), even where a receiver listens", async () => {
        for (const url of nonPublicUrls(receiver.port, "/hooks/ssrf")) {
          const response = await createWith(url);
          expect(`${url}: ${response.status}`).toBe(`${url}: 400`);
          expect(JSON.stringify(response.body)).toContain('"field":"url"');
        }
        // The same receiver through the allowed name is accepted: the refusals were about the address.
        expect((await createWith(receiver.url("/hooks/ssrf"))).status).toBe(200);
      });

      it("refuses unknown or missing event types and unknown fields", async () => {
        const url = receiver.url("/hooks/never");
        for (const body of [
          { url, enabled_events: ["transaction.exploded"] },
          { url, enabled_events: [] },
          { url },
          { url, enabled_events: ["transaction.created"], secret: "whsec_mine" },
        ]) {
          const response = await api("/tax/webhook-endpoints", { key: account.testSecret, body });
          expect(response.status).toBe(400);
        }
      });
    });

    describe("deliveries", () => {
      it("delivers transaction.created signed, once per endpoint, only to the endpoints that asked", async () => {
        const endpoint = await createEndpoint(account.testSecret, "/hooks/main");
        const gone = await createEndpoint(account.testSecret, "/hooks/deleted");
        const refundsOnly = await createEndpoint(account.testSecret, "/hooks/refunds-only", ["refund.created"]);
        const live = await createEndpoint(account.liveSecret, "/hooks/live");
        const foreign = await createEndpoint(other.testSecret, "/hooks/other-account");
        expect(
          (await api(`/tax/webhook-endpoints/${gone.id}`, { key: account.testSecret, method: "DELETE" })).status,
        ).toBe(200);
        const transaction = await recordTransaction(account.testSecret);

        const events = await eventually(
          async () => receiver.uniqueEvents("/hooks/main"),
          (found) => found.length >= 1,
        );
        expect(events).toHaveLength(1);
        const event = events[0];
        expect(event).toMatchObject({
          object: "event",
          type: "transaction.created",
          livemode: false,
          data: { object: { id: transaction.id, object: "tax.transaction" } },
        });
        expect(event.id).toMatch(/^evt_/);
        expect(event.created).toBeGreaterThan(1_700_000_000);
        expect(event.created).toBeLessThan(Date.now() / 1000 + 5);
        expect(event.data.object).toEqual(transaction);
        expect(receiver.received("/hooks/main").every((delivery) => delivery.verified)).toBe(true);

        const deliveries = await eventually(
          () => deliveriesOf(account.testSecret, endpoint.id),
          (found) => found[0]?.status === "succeeded",
        );
        expect(deliveries).toHaveLength(1);
        expect(deliveries[0]).toMatchObject({
          object: "tax.webhook_delivery",
          endpoint_id: endpoint.id,
          event_id: event.id,
          event_type: "transaction.created",
          status: "succeeded",
          next_attempt_at: null,
        });
        expect(deliveries[0].attempts).toHaveLength(1);
        expect(deliveries[0].attempts[0]).toMatchObject({ http_status: 200, error: null });

        // Give a wrongly routed delivery time to show before asserting none came.
        await new Promise((resolve) => setTimeout(resolve, 1500));
        for (const pathname of ["/hooks/deleted", "/hooks/refunds-only", "/hooks/live", "/hooks/other-account"])
          expect(`${pathname}: ${receiver.received(pathname).length}`).toBe(`${pathname}: 0`);
        expect(await deliveriesOf(account.testSecret, refundsOnly.id)).toEqual([]);
        expect(await deliveriesOf(account.liveSecret, live.id)).toEqual([]);
        expect(await deliveriesOf(other.testSecret, foreign.id)).toEqual([]);
        for (const id of [refundsOnly.id, endpoint.id])
          await api(`/tax/webhook-endpoints/${id}`, { key: account.testSecret, method: "DELETE" });
      });

      it("retries a failing receiver with back-off; the attempts are listed; the receiver de-duplicates", async () => {
        const endpoint = await createEndpoint(account.testSecret, "/hooks/flaky");
        receiver.failNext("/hooks/flaky", 2);
        const transaction = await recordTransaction(account.testSecret);
        const deliveries = await eventually(
          () => deliveriesOf(account.testSecret, endpoint.id),
          (found) => found[0]?.status === "succeeded",
          30_000,
        );
        expect(JSON.stringify(deliveries[0])).toContain(`"status":"succeeded"`);
        const attempts = deliveries[0].attempts as any[];
        expect(attempts.map((attempt) => attempt.http_status)).toEqual([500, 500, 200]);
        for (const attempt of attempts) {
          expect(attempt.attempted_at).toBeGreaterThan(1_700_000_000);
          expect(attempt.duration_ms).toBeGreaterThanOrEqual(0);
        }
        // Exponential back-off: the second wait is longer than the first.
        const waits = [
          attempts[1].attempted_at_ms - attempts[0].attempted_at_ms,
          attempts[2].attempted_at_ms - attempts[1].attempted_at_ms,
        ];
        expect(waits[0]).toBeGreaterThanOrEqual(400);
        expect(waits[1]).toBeGreaterThan(waits[0] * 1.2);
        expect(receiver.received("/hooks/flaky")).toHaveLength(3);
        const accepted = receiver.uniqueEvents("/hooks/flaky");
        expect(accepted).toHaveLength(1);
        expect(accepted[0].data.object.id).toBe(transaction.id);
        // Every retry carried the same event id (what the receiver de-duplicated on).
        expect(new Set(receiver.received("/hooks/flaky").map((delivery) => delivery.event.id)).size).toBe(1);
        await api(`/tax/webhook-endpoints/${endpoint.id}`, { key: account.testSecret, method: "DELETE" });
      }, 40_000);

      it("delivers refund.created and refund.reversed with the refund as the REST API shows it", async () => {
        const endpoint = await createEndpoint(account.testSecret, "/hooks/refunds", [
          "refund.created",
          "refund.reversed",
        ]);
        const transaction = await recordTransaction(account.testSecret);
        const refund = await api("/tax/refunds", {
          key: account.testSecret,
          body: { transaction_id: transaction.id, type: "full" },
        });
        expect(refund.status).toBe(200);
        const reversal = await api("/tax/refund_reversals", {
          key: account.testSecret,
          body: { refund_id: refund.body.id },
        });
        expect(reversal.status).toBe(200);
        const events = await eventually(
          async () => receiver.uniqueEvents("/hooks/refunds"),
          (found) => found.length >= 2,
        );
        expect(events.map((event) => event.type).sort()).toEqual(["refund.created", "refund.reversed"]);
        for (const event of events) expect(event.data.object.id).toBe(refund.body.id);
        expect(events.find((event) => event.type === "refund.reversed").data.object).toEqual(reversal.body);
        await api(`/tax/webhook-endpoints/${endpoint.id}`, { key: account.testSecret, method: "DELETE" });
      });

      it("delivers certificate.processing_completed and certificate.status_changed (live mode)", async () => {
        const endpoint = await createEndpoint(account.liveSecret, "/hooks/certificates", [
          "certificate.processing_completed",
          "certificate.status_changed",
        ]);
        const V = { "x-api-version": "2026-03-01" };
        const customer = await api("/tax/customers", {
          key: account.liveSecret,
          headers: V,
          body: { reference_customer_id: unique("buyer"), name: "Acme Wholesale" },
        });
        expect(customer.status).toBe(200);
        const pathname = `/files/${unique("f")}/sst.pdf`;
        docs.serve(
          pathname,
          makePdf({ certificates: [sstCertificate(["WA"])], nonce: unique("n") }),
          "application/pdf",
        );
        const upload = await api("/tax/certificates", {
          key: account.liveSecret,
          headers: V,
          body: { document_url: docs.url(pathname), customer: { id: customer.body.id } },
        });
        expect(upload.status).toBe(201);
        const events = await eventually(
          async () => receiver.uniqueEvents("/hooks/certificates"),
          (found) => found.length >= 2,
          30_000,
        );
        const completed = events.find((event) => event.type === "certificate.processing_completed");
        expect(completed).toMatchObject({
          livemode: true,
          data: { object: { object: "tax.certificate_upload", id: upload.body.id, status: "completed" } },
        });
        const changed = events.find((event) => event.type === "certificate.status_changed");
        expect(changed.data.object.id).toBe(completed.data.object.certificate_ids[0]);
        expect(changed.data.object.status).toBe("active");
        await api(`/tax/webhook-endpoints/${endpoint.id}`, { key: account.liveSecret, method: "DELETE" });
      }, 40_000);

      it("delivers filing.ready when new amounts send an approved filing back for approval", async () => {
        const endpoint = await createEndpoint(other.testSecret, "/hooks/filings", ["filing.ready"]);
        const may2025 = Date.UTC(2025, 4, 15) / 1000;
        await recordTransaction(other.testSecret, may2025);
        const filings = await withMcp(system.mcpUrl, other.testSecret, async (client) => {
          const pending = await eventually(
            async () => ok(await callTool(client, "list_filings", { from: "2025-05-01", to: "2025-05-31" })).data,
            (found: any[]) => found.length > 0,
          );
          for (const filing of pending) ok(await callTool(client, "approve_filing", { filing_id: filing.id }));
          return pending as any[];
        });
        // Approving is not "ready"; the next sale in that month makes the filing pending again.
        await new Promise((resolve) => setTimeout(resolve, 500));
        expect(receiver.received("/hooks/filings")).toEqual([]);
        await recordTransaction(other.testSecret, may2025 + 3600);
        const events = await eventually(
          async () => receiver.uniqueEvents("/hooks/filings"),
          (found) => found.length >= filings.length,
        );
        expect(events.map((event) => event.data.object.id).sort()).toEqual(filings.map((filing) => filing.id).sort());
        for (const event of events) {
          expect(event).toMatchObject({
            type: "filing.ready",
            livemode: false,
            data: { object: { object: "tax.filing", status: "pending_client_approval", period: "2025-05" } },
          });
          // The whole filing, as GET /tax/filings/{id} answers it: both sales of the month are in it.
          const current = await api(`/tax/filings/${event.data.object.id}`, { key: other.testSecret });
          expect(event.data.object).toEqual(current.body);
          expect(event.data.object.transaction_count).toBe(2);
        }
        await api(`/tax/webhook-endpoints/${endpoint.id}`, { key: other.testSecret, method: "DELETE" });
      }, 60_000);

      it("does not follow a receiver's redirect (the target is never asked)", async () => {
        const endpoint = await createEndpoint(account.testSecret, "/hooks/redirecting");
        await createEndpoint(other.testSecret, "/hooks/redirect-target");
        receiver.redirect("/hooks/redirecting", receiver.url("/hooks/redirect-target"));
        await recordTransaction(account.testSecret);
        const deliveries = await eventually(
          () => deliveriesOf(account.testSecret, endpoint.id),
          (found) => (found[0]?.attempts.length ?? 0) >= 2,
        );
        expect(deliveries[0].status).toBe("pending");
        expect(deliveries[0].next_attempt_at).toBeGreaterThan(0);
        expect(deliveries[0].attempts[0]).toMatchObject({ http_status: 307, error: "redirects are not followed" });
        expect(receiver.received("/hooks/redirect-target")).toEqual([]);
        await api(`/tax/webhook-endpoints/${endpoint.id}`, { key: account.testSecret, method: "DELETE" });
      });

      it("a restart of the gateway between attempts loses nothing", async () => {
        const endpoint = await createEndpoint(account.testSecret, "/hooks/restart");
        // The receiver is down (500) until after the restart.
        receiver.failNext("/hooks/restart", 1_000);
        const transaction = await recordTransaction(account.testSecret);
        await eventually(
          async () => receiver.received("/hooks/restart"),
          (found) => found.length >= 1,
        );
        const restartBegan = Date.now();
        await system.restart("gateway");
        // The receiver answered 500 until the old gateway had stopped and the new one was
        // up, so the 200 below can only come from the restarted gateway's schedule.
        receiver.failNext("/hooks/restart", 0);
        const deliveries = await eventually(
          () => deliveriesOf(account.testSecret, endpoint.id),
          (found) => found[0]?.status === "succeeded",
          30_000,
        );
        expect(deliveries).toHaveLength(1);
        const attempts = deliveries[0].attempts as any[];
        expect(attempts[0].http_status).toBe(500);
        expect(attempts.at(-1)).toMatchObject({ http_status: 200 });
        expect(attempts.at(-1).attempted_at_ms).toBeGreaterThanOrEqual(restartBegan);
        const accepted = receiver.uniqueEvents("/hooks/restart");
        expect(accepted.map((event) => event.data.object.id)).toEqual([transaction.id]);
        await api(`/tax/webhook-endpoints/${endpoint.id}`, { key: account.testSecret, method: "DELETE" });
      }, 90_000);
    });
  });
}
