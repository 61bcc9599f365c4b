// An https webhook receiver on loopback for the webhook suites, as a customer would write
// one: it verifies Levy-Signature with the documented algorithm (README "Webhooks"),
// de-duplicates by event id, and can be told to fail a path's next N deliveries.
// Its certificate (a CA made for the run) names docs.test, which the gateway resolves to
// 127.0.0.1 only through its test-only WEBHOOK_TEST_* settings.
import { createHmac, timingSafeEqual } from "node:crypto";
import { once } from "node:events";
import { mkdtempSync } from "node:fs";
import https from "node:https";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { makeCertificates } from "../../certificates/support/document-server.js";

export interface ReceivedDelivery {
  readonly path: string;
  readonly event: any;
  readonly verified: boolean;
}

export interface WebhookReceiver {
  readonly caFile: string;
  readonly port: number;
  /** https://docs.test:<port><pathname> */
  url(pathname: string): string;
  /** The signing secret to verify deliveries to `pathname` with. */
  trust(pathname: string, secret: string): void;
  /** Deliveries to `pathname` are answered 307 to `target` (Levy must not follow). */
  redirect(pathname: string, target: string): void;
  /** The next `count` deliveries to `pathname` are answered 500. */
  failNext(pathname: string, count: number): void;
  /** Every delivery to `pathname`, duplicates included. */
  received(pathname: string): ReceivedDelivery[];
  /** The events accepted at `pathname`, once per event id (the de-duplication a receiver does). */
  uniqueEvents(pathname: string): any[];
  close(): Promise<void>;
}

/** The documented check: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>, within 300 s. */
export function verifySignature(
  header: string | undefined,
  rawBody: string,
  secret: string,
  toleranceS = 300,
): boolean {
  const parts = Object.fromEntries((header ?? "").split(",").map((part) => part.split("=", 2) as [string, string]));
  const timestamp = Number(parts.t);
  if (!Number.isInteger(timestamp) || !parts.v1) return false;
  if (Math.abs(Date.now() / 1000 - timestamp) > toleranceS) return false;
  const expected = createHmac("sha256", secret).update(`${timestamp}.${rawBody}`).digest();
  const given = Buffer.from(parts.v1, "hex");
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const { key, cert, caFile } = makeCertificates(mkdtempSync(path.join(os.tmpdir(), "levy-hooks-")));
  const secrets = new Map<string, string>();
  const failures = new Map<string, number>();
  const redirects = new Map<string, string>();
  const deliveries: ReceivedDelivery[] = [];
  const server = https.createServer({ key, cert }, (request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const pathname = new URL(request.url ?? "/", "https://docs.test").pathname;
      const raw = Buffer.concat(chunks).toString("utf8");
      const secret = secrets.get(pathname);
      const verified =
        secret !== undefined && verifySignature(request.headers["levy-signature"] as string | undefined, raw, secret);
      let event: unknown = null;
      try {
        event = JSON.parse(raw);
      } catch {
        // recorded as null: the test asserting on it fails
      }
      deliveries.push({ path: pathname, event, verified });
      const target = redirects.get(pathname);
      if (target) {
        response.writeHead(307, { location: target }).end();
        return;
      }
      const failing = failures.get(pathname) ?? 0;
      if (failing > 0) {
        failures.set(pathname, failing - 1);
        response.writeHead(500).end("try again");
        return;
      }
      response.writeHead(verified ? 200 : 400).end(verified ? "ok" : "bad signature");
    });
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const port = (server.address() as AddressInfo).port;
  const received = (pathname: string) => deliveries.filter((delivery) => delivery.path === pathname);
  return {
    caFile,
    port,
    url: (pathname) => `https://docs.test:${port}${pathname}`,
    trust: (pathname, secret) => void secrets.set(pathname, secret),
    redirect: (pathname, target) => void redirects.set(pathname, target),
    failNext: (pathname, count) => void failures.set(pathname, count),
    received,
    uniqueEvents: (pathname) => {
      const seen = new Map<string, unknown>();
      for (const delivery of received(pathname))
        if (delivery.verified && !seen.has(delivery.event.id)) seen.set(delivery.event.id, delivery.event);
      return [...seen.values()];
    },
    close: async () => {
      server.closeAllConnections();
      server.close();
      await once(server, "close").catch(() => undefined);
    },
  };
}

/** The settings that let the gateway deliver to this receiver (NODE_ENV=test only), with short retry delays. */
export function webhookReceiverEnv(receiver: WebhookReceiver): Record<string, string> {
  return {
    NODE_ENV: "test",
    WEBHOOK_TEST_LOOPBACK_HOSTS: "docs.test",
    WEBHOOK_TEST_HOSTS: "docs.test=127.0.0.1,private.test=10.0.0.7,intranet.test=fd00::5",
    WEBHOOK_TEST_CA_FILE: receiver.caFile,
    WEBHOOK_RETRY_BASE_MS: "400",
    WEBHOOK_TIMEOUT_MS: "3000",
  };
}
