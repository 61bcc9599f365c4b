// The foundation's promises, checked through the public interface. Runs unchanged
// against embedded mode and distributed mode.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount, createApi, type AccountKeys } from "../support/api.js";
import { grpcHealthCheck } from "../support/grpc-health.js";
import type { SystemUnderTest } from "../support/system.js";

const services = ["gateway", "calc-engine", "geo-resolver", "ledger", "catalog", "certificates", "mcp-bridge"] as const;

export function describeFoundation(mode: string, startSystem: () => Promise<SystemUnderTest>): void {
  describe(`foundation (${mode})`, () => {
    let system: SystemUnderTest;
    let api: ReturnType<typeof createApi>;
    let account: AccountKeys;
    const admin = () => ({ authorization: `Bearer ${system.adminToken}` });

    beforeAll(async () => {
      system = await startSystem();
      api = createApi(system.restUrl);
      account = await createAccount(system.restUrl, system.adminToken);
    });
    afterAll(async () => {
      await system?.stop();
    });

    it("answers /healthz and /readyz on the REST port", async () => {
      expect((await api("/healthz")).body).toEqual({ status: "ok" });
      expect((await api("/readyz")).status).toBe(200);
    });

    it("creates an account with four keys, one per kind and mode", async () => {
      const response = await api("/admin/v1/accounts", { body: { name: "Four keys" }, headers: admin() });
      expect(response.status).toBe(201);
      expect(response.body.account.id).toMatch(/^acct_/);
      const prefixes = response.body.keys.map((key: { secret: string }) => key.secret.slice(0, 8)).sort();
      expect(prefixes).toEqual(["pk_prod_", "pk_test_", "sk_prod_", "sk_test_"]);
    });

    it("refuses the admin API without the admin token", async () => {
      const response = await api("/admin/v1/accounts", {
        body: { name: "x" },
        headers: { authorization: "Bearer nope" },
      });
      expect(response.status).toBe(401);
      expect(response.body.error.error_code).toBe("admin_unauthorized");
    });

    it("accepts the test secret key on an authenticated endpoint", async () => {
      const response = await api("/tax/customers", { key: account.testSecret });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ object: "list", data: [] });
    });

    it.each([
      ["a missing key", null, "missing_api_key"],
      ["a malformed key", "sk_test_short", "invalid_api_key_format"],
      ["an unknown key", `sk_test_${"A".repeat(32)}`, "api_key_not_found"],
    ])("answers %s with 401 JSON", async (_name, key, code) => {
      const response = await api("/tax/customers", { key });
      expect(response.status).toBe(401);
      expect(response.body).toMatchObject({ code: 401, type: code.toUpperCase(), error: { error_code: code } });
    });

    it("refuses a publishable key on a secret-key endpoint", async () => {
      const response = await api("/tax/customers", { key: account.testPublishable });
      expect(response.status).toBe(401);
      expect(response.body.error.error_code).toBe("secret_key_required");
    });

    it("refuses a revoked key on the very next request", async () => {
      const keys = await createAccount(system.restUrl, system.adminToken, "Revocation");
      expect((await api("/tax/customers", { key: keys.testSecret })).status).toBe(200);
      const revoked = await api(`/admin/v1/keys/${keys.keyIds[keys.testSecret]}`, {
        method: "DELETE",
        headers: admin(),
      });
      expect(revoked.status).toBe(200);
      const response = await api("/tax/customers", { key: keys.testSecret });
      expect(response.status).toBe(401);
      expect(response.body.error.error_code).toBe("api_key_revoked");
    });

    it("issues a single extra key through the admin API", async () => {
      const response = await api(`/admin/v1/accounts/${account.accountId}/keys`, {
        body: { kind: "secret", mode: "live" },
        headers: admin(),
      });
      expect(response.status).toBe(201);
      expect(response.body.secret).toMatch(/^sk_prod_[A-Za-z0-9]{32}$/);
      expect((await api("/tax/customers", { key: response.body.secret })).status).toBe(200);
    });

    it("uses the nested error shape only for versions before 2026-01-01", async () => {
      const old = await api("/tax/customers", { key: null, version: "2024-09-01" });
      expect(old.body).toEqual({ error: { error_code: "missing_api_key", error_message: expect.any(String) } });
      const current = await api("/tax/customers", { key: null, version: "2026-03-01" });
      expect(current.body).toMatchObject({ code: 401, type: "MISSING_API_KEY", message: expect.any(String) });
    });

    it("rejects an unknown X-API-Version with 400", async () => {
      const response = await api("/tax/customers", { key: account.testSecret, version: "2025-01-01" });
      expect(response.status).toBe(400);
      expect(response.body.error).toMatchObject({
        error_code: "invalid_api_version",
        error_meta: { field: "X-API-Version" },
      });
    });

    it("answers malformed JSON, oversized bodies and unknown routes with JSON errors", async () => {
      const malformed = await api("/tax/customers", { key: account.testSecret, rawBody: '{"email": ' });
      expect(malformed.status).toBe(400);
      expect(malformed.body.error.error_code).toBe("invalid_json");
      const huge = await api("/tax/customers", {
        key: account.testSecret,
        rawBody: JSON.stringify({ name: "x".repeat(2_000_000) }),
      });
      expect(huge.status).toBe(413);
      expect(huge.body.error.error_code).toBe("payload_too_large");
      const unknown = await api("/tax/nothing-here", { key: account.testSecret });
      expect(unknown.status).toBe(404);
      expect(unknown.body.error.error_code).toBe("route_not_found");
    });

    it("keeps test and live data and accounts apart", async () => {
      const created = await api("/tax/customers", {
        key: account.testSecret,
        body: { email: "segregated@example.com", name: "Seg" },
      });
      expect(created.status).toBe(200);
      expect(created.body.testmode).toBe(true);
      const other = await createAccount(system.restUrl, system.adminToken, "Other");
      for (const key of [account.liveSecret, other.testSecret]) {
        expect((await api(`/tax/customers/${created.body.id}`, { key })).status).toBe(404);
        const list = await api("/tax/customers", { key });
        expect(list.body.data.map((c: { id: string }) => c.id)).not.toContain(created.body.id);
      }
      expect((await api(`/tax/customers/${created.body.id}`, { key: account.testSecret })).body.email).toBe(
        "segregated@example.com",
      );
    });

    it("reads a record written before the owning service restarted", async () => {
      const created = await api("/tax/customers", {
        key: account.testSecret,
        body: { reference_customer_id: "restart-1", name: "Before restart" },
      });
      expect(created.status).toBe(200);
      await system.restart("catalog", "SIGKILL");
      const read = await api("/tax/customers/restart-1", { key: account.testSecret });
      expect(read.status).toBe(200);
      expect(read.body).toMatchObject({ id: created.body.id, name: "Before restart" });
    });

    it("serves Prometheus metrics on every service", async () => {
      expect((await api("/tax/customers", { key: account.testSecret })).status).toBe(200);
      for (const service of services) {
        const response = await fetch(`http://127.0.0.1:${system.opsPorts[service]}/metrics`);
        expect(response.status).toBe(200);
        expect(response.headers.get("content-type")).toContain("text/plain");
        const text = await response.text();
        expect(text).toContain(`process_cpu_user_seconds_total{service="${service}"}`);
      }
      const gatewayMetrics = await (await fetch(`${system.restUrl}/metrics`)).text();
      expect(gatewayMetrics).toMatch(/levy_http_requests_total\{[^}]*route="\/tax\/customers"/);
      const catalogMetrics = await (await fetch(`http://127.0.0.1:${system.opsPorts.catalog}/metrics`)).text();
      expect(catalogMetrics).toMatch(
        /levy_rpc_server_requests_total\{[^}]*method="levy.catalog.v1.CatalogService\/ListCustomers"/,
      );
    });

    it("answers gRPC health checks from a @grpc/grpc-js client on every service", async () => {
      for (const service of services) {
        expect(await grpcHealthCheck(system.grpcPorts[service])).toBe("SERVING");
      }
      expect(await grpcHealthCheck(system.grpcPorts.catalog, "levy.catalog.v1.CatalogService")).toBe("SERVING");
      await expect(grpcHealthCheck(system.grpcPorts.catalog, "no.such.Service")).rejects.toThrow(/NOT_FOUND|5/);
    });
  });
}
