// Issue 16, item 4, through the process boundary: SIGTERM while busy keep-alive clients
// send writes in a loop, to embedded Levy and to the gateway's own start-up (distributed
// mode's gateway process, here on the embedded store). The process must stop accepting
// at once, answer what was in progress, close the keep-alive connections and exit
// within the grace time; a request sent after the stop began is never acknowledged, and
// every write it did acknowledge is stored.
import http from "node:http";
import net from "node:net";
import { afterEach, expect, it } from "vitest";
import { createAccount, createApi } from "../support/api.js";
import { createEmbeddedProcess, type EmbeddedProcess } from "../support/embedded-process.js";

const graceMs = 15_000;
const philadelphia = {
  address_line_1: "1 S Broad St",
  address_city: "Philadelphia",
  address_province: "PA",
  address_postal_code: "19107",
  address_country: "US",
};

interface Answer {
  readonly sentAt: number;
  readonly status: number;
  /** The stored record a 2xx answer acknowledged, as a path to read it back. */
  readonly readBack?: string;
}

function post(agent: http.Agent, url: string, token: string, body: unknown): Promise<{ status: number; body: any }> {
  return new Promise((resolve) => {
    const request = http.request(
      url,
      { method: "POST", agent, headers: { "content-type": "application/json", authorization: `Bearer ${token}` } },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (text += chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, body: text ? JSON.parse(text) : null }));
        response.on("error", () => resolve({ status: 0, body: null }));
      },
    );
    request.on("error", () => resolve({ status: 0, body: null }));
    request.end(JSON.stringify(body));
  });
}

interface RawWrite {
  readonly path: string;
  readonly token: string;
  readonly bodies: readonly [string, string];
}

interface RawAnswer {
  readonly status: number;
  readonly connection: string | null;
}

/**
 * One keep-alive connection whose request is in progress when the signal comes: its
 * headers and half its body are sent before, the rest after. Then a second request goes
 * on the same connection. The first must be answered (with Connection: close), the
 * second never acknowledged.
 */
async function inProgressAcrossTheSignal(
  port: number,
  write: RawWrite,
  sendSignal: () => void,
): Promise<{ first: RawAnswer; second: RawAnswer }> {
  const socket = net.connect(port, "127.0.0.1");
  await new Promise((resolve, reject) => socket.once("connect", resolve).once("error", reject));
  let received = "";
  let closed = false;
  socket.setEncoding("utf8");
  socket.on("data", (chunk: string) => (received += chunk));
  socket.on("close", () => (closed = true));
  socket.on("error", () => undefined);
  const head = (body: string) =>
    `POST ${write.path} HTTP/1.1\r\nhost: 127.0.0.1\r\nconnection: keep-alive\r\ncontent-type: application/json\r\nauthorization: Bearer ${write.token}\r\ncontent-length: ${Buffer.byteLength(body)}\r\n\r\n`;
  /** The next complete response in `received` (status and Connection header), or 0 if the connection closed first. */
  const nextAnswer = async (): Promise<RawAnswer> => {
    for (
      const deadline = Date.now() + 10_000;
      Date.now() < deadline;
      await new Promise((resolve) => setTimeout(resolve, 20))
    ) {
      const end = received.indexOf("\r\n\r\n");
      if (end >= 0) {
        const headers = received.slice(0, end).split("\r\n");
        const header = (name: string) =>
          headers
            .find((line) => line.toLowerCase().startsWith(`${name}:`))
            ?.split(":")[1]
            ?.trim() ?? null;
        const length = Number(header("content-length") ?? 0);
        if (received.length >= end + 4 + length) {
          received = received.slice(end + 4 + length);
          return { status: Number(headers[0]!.split(" ")[1]), connection: header("connection") };
        }
      }
      if (closed) return { status: 0, connection: null };
    }
    return { status: -1, connection: null };
  };
  const [firstBody, secondBody] = write.bodies;
  const half = Math.floor(firstBody.length / 2);
  socket.write(head(firstBody) + firstBody.slice(0, half));
  await new Promise((resolve) => setTimeout(resolve, 300));
  sendSignal();
  await new Promise((resolve) => setTimeout(resolve, 300));
  socket.write(firstBody.slice(half));
  const first = await nextAnswer();
  if (!closed) socket.write(head(secondBody) + secondBody);
  const second = await nextAnswer();
  socket.destroy();
  return { first, second };
}

/** Six keep-alive clients loop `step` until told to stop or refused; then SIGTERM; then the verdict. */
async function sigtermUnderKeepAliveLoad(
  levy: EmbeddedProcess,
  step: (agent: http.Agent, worker: number, index: number) => Promise<Answer[]>,
  readToken: string,
  acrossTheSignal: RawWrite,
) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 6 });
  const answers: Answer[] = [];
  let stopping = false;
  const client = async (worker: number) => {
    for (let index = 0; !stopping; index += 1) {
      const stepAnswers = await step(agent, worker, index);
      answers.push(...stepAnswers);
      if (stepAnswers.some((answer) => answer.status < 200 || answer.status >= 300)) return;
    }
  };
  const clients = Promise.all(Array.from({ length: 6 }, (_, worker) => client(worker)));
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const logged = levy.output.length;
  let signalledAt = 0;
  let exited: Promise<{ code: number | null; at: number }> | undefined;
  const raw = await inProgressAcrossTheSignal(Number(new URL(levy.restUrl).port), acrossTheSignal, () => {
    signalledAt = Date.now();
    exited = levy.signal("SIGTERM");
  });
  const exit = await Promise.race([exited!, new Promise<null>((resolve) => setTimeout(() => resolve(null), 40_000))]);
  stopping = true;
  await clients;
  agent.destroy();

  const shutdownLine = levy.output.slice(logged).find((line) => line.includes('"shutting down"'));
  expect(shutdownLine).toBeDefined();
  const stoppedAcceptingAt = Date.parse(JSON.parse(shutdownLine!).time);
  const afterStop = answers.filter((answer) => answer.sentAt > stoppedAcceptingAt + 1);
  const count = (list: Answer[], status: number) => list.filter((answer) => answer.status === status).length;
  console.log(
    `SIGTERM: exit ${exit?.code} after ${(exit?.at ?? Date.now()) - signalledAt} ms; ${answers.length} answers, ${answers.filter((answer) => answer.readBack).length} writes acknowledged; ` +
      `sent after the stop began: ${afterStop.length} (${count(afterStop, 503)} refused with 503, ${count(afterStop, 0)} connection closed/refused); ` +
      `request in progress at the signal: ${raw.first.status} (connection: ${raw.first.connection}), the next on its connection: ${raw.second.status}`,
  );
  expect(raw.first, "the request in progress at the signal is answered, and its connection closed").toEqual({
    status: expect.any(Number),
    connection: "close",
  });
  expect(raw.first.status).toBeGreaterThanOrEqual(200);
  expect(raw.first.status).toBeLessThan(300);
  expect([0, 503], "a request sent on that connection afterwards is not acknowledged").toContain(raw.second.status);
  expect(
    afterStop.filter((answer) => answer.status >= 200 && answer.status < 300),
    "requests sent after the stop began were acknowledged",
  ).toEqual([]);
  // Refusals are a JSON 503 (safe to retry) or a refused connection, nothing else.
  expect(afterStop.filter((answer) => answer.status !== 503 && answer.status !== 0)).toEqual([]);
  expect(exit, "the process did not exit within 40 s").not.toBeNull();
  expect(exit!.at - signalledAt, "exit within the grace time").toBeLessThan(graceMs);
  expect(exit!.code, "a clean exit, not the forced one").toBe(0);

  await levy.start();
  const acknowledged = answers.filter((answer) => answer.readBack);
  expect(acknowledged.length).toBeGreaterThan(5);
  const api = createApi(levy.restUrl);
  for (const answer of acknowledged)
    expect((await api(answer.readBack!, { key: readToken })).status, answer.readBack).toBe(200);
}

const productBody = (sku: string) =>
  JSON.stringify({ reference_product_id: sku, reference_product_name: sku, product_category: "GENERAL_MERCHANDISE" });

let levy: EmbeddedProcess | undefined;
afterEach(() => levy?.stop());

it("embedded Levy: SIGTERM under keep-alive sales stops accepting, answers what is in progress and exits in time", {
  timeout: 90_000,
}, async () => {
  levy = await createEmbeddedProcess();
  await levy.start();
  const account = await createAccount(levy.restUrl, levy.adminToken, "SIGTERM");
  const api = createApi(levy.restUrl);
  const product = await api("/tax/products", {
    key: account.testSecret,
    body: { reference_product_id: "tee", reference_product_name: "T-shirt", product_category: "GENERAL_MERCHANDISE" },
  });
  expect(product.status).toBe(200);
  const url = levy.restUrl;
  await sigtermUnderKeepAliveLoad(
    levy,
    async (agent, worker, index) => {
      const calcSentAt = Date.now();
      const calc = await post(agent, `${url}/tax/calculations`, account.testSecret, {
        customer: { address: philadelphia },
        order_details: {
          customer_currency_code: "USD",
          line_items: [
            { amount: 1000 + index, quantity: 1, reference_product_id: "tee", reference_line_item_id: "l1" },
          ],
        },
      });
      const calculation = { sentAt: calcSentAt, status: calc.status };
      if (calc.status !== 200) return [calculation];
      const sentAt = Date.now();
      const recorded = await post(agent, `${url}/tax/transactions`, account.testSecret, {
        calculation_id: calc.body.id,
        reference_order_id: `w${worker}-${index}`,
        transaction_processed_at: Math.floor(Date.now() / 1000),
      });
      return [
        calculation,
        {
          sentAt,
          status: recorded.status,
          ...(recorded.status === 200 ? { readBack: `/tax/transactions/${recorded.body.id}` } : {}),
        },
      ];
    },
    account.testSecret,
    { path: "/tax/products", token: account.testSecret, bodies: [productBody("slow-1"), productBody("slow-2")] },
  );
});

it("the gateway's own start-up (distributed mode): SIGTERM under keep-alive writes drains the same way", {
  timeout: 90_000,
}, async () => {
  levy = await createEmbeddedProcess({}, "services/gateway/dist/main.js");
  await levy.start();
  const { restUrl, adminToken } = levy;
  await sigtermUnderKeepAliveLoad(
    levy,
    async (agent, worker, index) => {
      const sentAt = Date.now();
      const created = await post(agent, `${restUrl}/admin/v1/accounts`, adminToken, { name: `w${worker}-${index}` });
      return [
        {
          sentAt,
          status: created.status,
          ...(created.status === 201 ? { readBack: `/admin/v1/accounts/${created.body.account.id}` } : {}),
        },
      ];
    },
    adminToken,
    {
      path: "/admin/v1/accounts",
      token: adminToken,
      bodies: [JSON.stringify({ name: "slow-1" }), JSON.stringify({ name: "slow-2" })],
    },
  );
});
