// Issue 16, item 4, through the process boundary: SIGTERM to embedded Levy while busy
// keep-alive clients send sales in a loop. The process must stop accepting at once,
// answer what was in progress, close the keep-alive connections and exit within the
// grace time; a request sent after the stop began is never acknowledged, and every
// sale it did acknowledge is stored.
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount, createApi, type AccountKeys } from "../support/api.js";
import { createEmbeddedProcess, type EmbeddedProcess } from "../support/embedded-process.js";

const graceMs = 15_000;
const philadelphia = { address_line_1: "1 S Broad St", address_city: "Philadelphia", address_province: "PA", address_postal_code: "19107", address_country: "US" };

interface Answer {
  readonly path: string;
  readonly sentAt: number;
  readonly status: number;
  readonly id?: string;
}

function post(agent: http.Agent, url: string, key: string, body: unknown): Promise<{ status: number; body: any }> {
  return new Promise((resolve) => {
    const request = http.request(url, { method: "POST", agent, headers: { "content-type": "application/json", authorization: `Bearer ${key}` } }, (response) => {
      let text = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (text += chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, body: text ? JSON.parse(text) : null }));
      response.on("error", () => resolve({ status: 0, body: null }));
    });
    request.on("error", () => resolve({ status: 0, body: null }));
    request.end(JSON.stringify(body));
  });
}

describe("SIGTERM under keep-alive load (embedded, process boundary)", () => {
  let levy: EmbeddedProcess;
  let account: AccountKeys;

  beforeAll(async () => {
    levy = await createEmbeddedProcess();
    await levy.start();
    account = await createAccount(levy.restUrl, levy.adminToken, "SIGTERM");
    const api = createApi(levy.restUrl);
    const product = await api("/tax/products", { key: account.testSecret, body: { reference_product_id: "tee", reference_product_name: "T-shirt", product_category: "GENERAL_MERCHANDISE" } });
    expect(product.status).toBe(200);
  }, 60_000);

  afterAll(() => levy?.stop());

  it("stops accepting, answers what is in progress, closes keep-alive connections and exits in time", { timeout: 90_000 }, async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 6 });
    const answers: Answer[] = [];
    let stopping = false;
    const client = async (worker: number) => {
      for (let index = 0; !stopping; index += 1) {
        const order = `w${worker}-${index}`;
        const calcSentAt = Date.now();
        const calc = await post(agent, `${levy.restUrl}/tax/calculations`, account.testSecret, {
          customer: { address: philadelphia },
          order_details: { customer_currency_code: "USD", line_items: [{ amount: 1000 + index, quantity: 1, reference_product_id: "tee", reference_line_item_id: "l1" }] },
        });
        answers.push({ path: "calculation", sentAt: calcSentAt, status: calc.status });
        if (calc.status !== 200) return;
        const sentAt = Date.now();
        const recorded = await post(agent, `${levy.restUrl}/tax/transactions`, account.testSecret, { calculation_id: calc.body.id, reference_order_id: order, transaction_processed_at: Math.floor(Date.now() / 1000) });
        answers.push({ path: "transaction", sentAt, status: recorded.status, ...(recorded.status === 200 ? { id: recorded.body.id } : {}) });
        if (recorded.status !== 200) return;
      }
    };
    const clients = Promise.all(Array.from({ length: 6 }, (_, worker) => client(worker)));
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const logged = levy.output.length;
    const signalledAt = Date.now();
    const exit = await Promise.race([levy.signal("SIGTERM"), new Promise<null>((resolve) => setTimeout(() => resolve(null), 40_000))]);
    stopping = true;
    await clients;
    agent.destroy();

    expect(exit, "the process did not exit within 40 s").not.toBeNull();
    expect(exit!.at - signalledAt, "exit within the grace time").toBeLessThan(graceMs);
    expect(exit!.code, "a clean exit, not the forced one").toBe(0);
    const shutdownLine = levy.output.slice(logged).find((line) => line.includes('"shutting down"'));
    expect(shutdownLine).toBeDefined();
    const stoppedAcceptingAt = Date.parse(JSON.parse(shutdownLine!).time);
    const acknowledgedAfterStop = answers.filter((answer) => answer.sentAt > stoppedAcceptingAt + 1 && answer.status >= 200 && answer.status < 300);
    expect(acknowledgedAfterStop, "requests sent after the stop began were acknowledged").toEqual([]);
    // Refusals are a JSON 503 (safe to retry) or a refused connection, nothing else.
    const afterStop = answers.filter((answer) => answer.sentAt > stoppedAcceptingAt + 1);
    expect(afterStop.every((answer) => answer.status === 503 || answer.status === 0)).toBe(true);

    await levy.start();
    const api = createApi(levy.restUrl);
    const acknowledged = answers.filter((answer) => answer.path === "transaction" && answer.status === 200);
    expect(acknowledged.length).toBeGreaterThan(5);
    for (const answer of acknowledged) expect((await api(`/tax/transactions/${answer.id}`, { key: account.testSecret })).status, answer.id).toBe(200);
  });
});
