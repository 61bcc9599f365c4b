// The gateway's front door through the public interface: errors read before the key
// is known still follow the request's API version, inputs newer than the version are
// refused, the key is checked before the body is read, bodies nest only so deep, and
// one request carries one Authorization header (REST and MCP).
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount, createApi, type AccountKeys, type ApiResponse } from "../support/api.js";
import type { SystemUnderTest } from "../support/system.js";

/** Sends headers as given: an array value goes out as that many header lines. */
function rawRequest(url: string, headers: Record<string, string | string[]>, body: string): Promise<ApiResponse> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      { method: "POST", headers: { "content-type": "application/json", ...headers } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => {
          const text = Buffer.concat(chunks).toString("utf8");
          let parsed: unknown = text;
          try {
            parsed = JSON.parse(text);
          } catch {
            // left as text: an assertion on JSON fails on it
          }
          resolve({
            status: response.statusCode ?? 0,
            headers: new Headers(response.headers as Record<string, string>),
            body: parsed,
          });
        });
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}

const nested = (depth: number) => `{"name": ${"[".repeat(depth)}${"]".repeat(depth)}}`;
const usdOrder = {
  customer_currency_code: "USD",
  line_items: [{ amount: 1000, product_category: "GENERAL_MERCHANDISE" }],
};
const usAddress = {
  address_line_1: "1 Main St",
  address_city: "Detroit",
  address_province: "MI",
  address_postal_code: "48226",
  address_country: "US",
};

export function describeFrontDoor(mode: string, startSystem: () => Promise<SystemUnderTest>): void {
  describe(`the gateway's front door (${mode})`, () => {
    let system: SystemUnderTest;
    let api: ReturnType<typeof createApi>;
    let account: AccountKeys;
    let pinnedOld: AccountKeys;

    beforeAll(async () => {
      system = await startSystem();
      api = createApi(system.restUrl);
      account = await createAccount(system.restUrl, system.adminToken, "Front door");
      pinnedOld = await createAccount(system.restUrl, system.adminToken, "Pinned 2024-09-01");
      const pin = await api(`/admin/v1/accounts/${pinnedOld.accountId}`, {
        body: { api_version: "2024-09-01" },
        headers: { authorization: `Bearer ${system.adminToken}` },
      });
      expect(pin.status).toBe(200);
    });
    afterAll(() => system?.stop());

    it("answers JSON with its type and length and no ETag, so a conditional GET gets the answer again (issue 17)", async () => {
      const list = await api("/tax/customers?limit=10", { key: account.testSecret });
      expect(list.status).toBe(200);
      expect(list.headers.get("content-type")).toBe("application/json; charset=utf-8");
      expect(Number(list.headers.get("content-length"))).toBe(Buffer.byteLength(JSON.stringify(list.body)));
      expect(list.headers.get("etag")).toBeNull();
      const again = await api("/tax/customers?limit=10", {
        key: account.testSecret,
        headers: { "if-none-match": "*" },
      });
      expect(again.status).toBe(200);
      expect(again.body).toEqual(list.body);
    });

    describe("body errors use the shape of the request's version", () => {
      const malformed = '{"email": ';
      const huge = JSON.stringify({ name: "x".repeat(2_000_000) });
      const nestedOnly = (response: ApiResponse, status: number, code: string) => {
        expect(response.status).toBe(status);
        expect(response.body).toEqual({ error: { error_code: code, error_message: expect.any(String) } });
      };

      it("X-API-Version 2024-09-01: invalid_json and payload_too_large are nested only", async () => {
        nestedOnly(
          await api("/tax/customers", { key: account.testSecret, version: "2024-09-01", rawBody: malformed }),
          400,
          "invalid_json",
        );
        nestedOnly(
          await api("/tax/customers", { key: account.testSecret, version: "2024-09-01", rawBody: huge }),
          413,
          "payload_too_large",
        );
      });

      it("an account pinned to 2024-09-01, no header: nested only as well", async () => {
        nestedOnly(await api("/tax/customers", { key: pinnedOld.testSecret, rawBody: malformed }), 400, "invalid_json");
        nestedOnly(await api("/tax/customers", { key: pinnedOld.testSecret, rawBody: huge }), 413, "payload_too_large");
      });

      it("from 2026-01-01 the flat fields are there too", async () => {
        const response = await api("/tax/customers", {
          key: pinnedOld.testSecret,
          version: "2026-01-01",
          rawBody: malformed,
        });
        expect(response.status).toBe(400);
        expect(response.body).toMatchObject({ code: 400, type: "INVALID_JSON", error: { error_code: "invalid_json" } });
      });
    });

    describe("2025-05-12 inputs under 2024-09-01", () => {
      const calculate = (version: string, customer: Record<string, unknown>, order: Record<string, unknown> = {}) =>
        api("/tax/calculations", {
          key: account.testSecret,
          version,
          body: { customer: { address: usAddress, ...customer }, order_details: { ...usdOrder, ...order } },
        });
      const cases: Array<[string, Record<string, unknown>, Record<string, unknown>, string]> = [
        ["customer.type", { type: "CONSUMER" }, {}, "customer.type"],
        ["automatic_tax", {}, { automatic_tax: "auto" }, "order_details.automatic_tax"],
        ["a currency other than USD", {}, { customer_currency_code: "EUR" }, "order_details.customer_currency_code"],
      ];

      it.each(cases)(
        "%s is a 400 naming the field under 2024-09-01 and accepted from 2025-05-12",
        async (_name, customer, order, field) => {
          const old = await calculate("2024-09-01", customer, order);
          expect(old.status).toBe(400);
          expect(old.body.error).toMatchObject({ error_code: "invalid_field", error_meta: { field } });
          expect(old.body.error.error_message).toContain("2025-05-12");
          expect((await calculate("2025-05-12", customer, order)).status).toBe(200);
        },
      );

      it("the account's pinned 2024-09-01 gates the same way", async () => {
        const response = await api("/tax/calculations", {
          key: pinnedOld.testSecret,
          body: { customer: { address: usAddress }, order_details: { ...usdOrder, customer_currency_code: "eur" } },
        });
        expect(response.status).toBe(400);
        expect(response.body.error.error_meta.field).toBe("order_details.customer_currency_code");
      });

      it("a plain USD calculation still works under 2024-09-01", async () => {
        expect((await calculate("2024-09-01", {}, {})).status).toBe(200);
        expect((await calculate("2024-09-01", {}, { customer_currency_code: "usd" })).status).toBe(200);
      });
    });

    describe("the key is checked before the body is read", () => {
      it("no key: 401 even when the body is malformed, too large or nested too deep", async () => {
        for (const rawBody of ['{"email": ', JSON.stringify({ name: "x".repeat(2_000_000) }), nested(100_000)]) {
          const response = await api("/tax/customers", { rawBody });
          expect(response.status).toBe(401);
          expect(response.body.error.error_code).toBe("missing_api_key");
        }
      });

      it("an unknown key: 401 without reading the body", async () => {
        const response = await api("/tax/customers", {
          key: "sk_test_unknownunknownunknown",
          rawBody: `${nested(100_000)}}`,
        });
        expect(response.status).toBe(401);
      });

      it("the admin API: 401 without the admin token, whatever the body", async () => {
        const response = await api("/admin/v1/accounts", { rawBody: `${nested(100_000)}}` });
        expect(response.status).toBe(401);
        expect(response.body.error.error_code).toBe("admin_unauthorized");
      });
    });

    describe("nesting depth", () => {
      it("a body nested deeper than 32 levels is a 400 that says so, with a valid key", async () => {
        for (const depth of [32, 100_000]) {
          const response = await api("/tax/customers", { key: account.testSecret, rawBody: nested(depth) });
          expect(response.status).toBe(400);
          expect(response.body.error.error_code).toBe("invalid_request");
          expect(response.body.error.error_message).toMatch(/nest.*32/);
        }
      });

      it("32 levels are read as usual, and brackets inside strings do not count", async () => {
        const deepButAllowed = await api("/tax/customers", { key: account.testSecret, rawBody: nested(31) });
        expect(deepButAllowed.status).toBe(400);
        expect(deepButAllowed.body.error.error_code).toBe("invalid_field");
        const name = `[{\\"${"[".repeat(50)}`;
        const created = await api("/tax/customers", {
          key: account.testSecret,
          rawBody: `{"email": "brackets@example.com", "name": "${name}"}`,
        });
        expect(created.status).toBe(200);
        expect(created.body.name).toBe(`[{"${"[".repeat(50)}`);
      });

      it("the admin API bounds depth too", async () => {
        const response = await api("/admin/v1/accounts", {
          headers: { authorization: `Bearer ${system.adminToken}` },
          rawBody: nested(40),
        });
        expect(response.status).toBe(400);
        expect(response.body.error.error_message).toMatch(/nest/);
      });
    });

    describe("duplicate Authorization headers", () => {
      const body = JSON.stringify({ email: "dup@example.com", name: "Dup" });

      it("REST: two Authorization headers are a 400, even when both hold the same valid key", async () => {
        const other = await createAccount(system.restUrl, system.adminToken, "Other");
        for (const values of [
          [`Bearer ${account.testSecret}`, `Bearer ${other.testSecret}`],
          [`Bearer ${account.testSecret}`, `Bearer ${account.testSecret}`],
          [`Bearer ${account.testSecret}`, ""],
        ]) {
          const response = await rawRequest(`${system.restUrl}/tax/customers`, { authorization: values }, body);
          expect(response.status).toBe(400);
          expect(response.body.error).toMatchObject({
            error_code: "invalid_request",
            error_meta: { field: "Authorization" },
          });
        }
        const admin = await rawRequest(
          `${system.restUrl}/admin/v1/accounts`,
          { authorization: [`Bearer ${system.adminToken}`, "Bearer x"] },
          JSON.stringify({ name: "x" }),
        );
        expect(admin.status).toBe(400);
      });

      it("REST: one header still works", async () => {
        const single = JSON.stringify({ email: "single@example.com", name: "Single" });
        const response = await rawRequest(
          `${system.restUrl}/tax/customers`,
          { authorization: `Bearer ${account.testSecret}` },
          single,
        );
        expect(response.status).toBe(200);
      });

      it("MCP: two Authorization headers are a 400 JSON-RPC error", async () => {
        const ping = JSON.stringify({ jsonrpc: "2.0", id: 7, method: "ping" });
        const headers = { accept: "application/json, text/event-stream" };
        const response = await rawRequest(
          `${system.mcpUrl}/mcp`,
          { ...headers, authorization: [`Bearer ${account.testSecret}`, `Bearer ${account.liveSecret}`] },
          ping,
        );
        expect(response.status).toBe(400);
        // Refused from the headers alone, before the body (and its id) is read.
        expect(response.body).toMatchObject({ jsonrpc: "2.0", id: null, error: { code: -32600 } });
        expect(response.body.error.message).toMatch(/one Authorization header/);
        const single = await rawRequest(
          `${system.mcpUrl}/mcp`,
          { ...headers, authorization: `Bearer ${account.testSecret}` },
          ping,
        );
        expect(single.status).toBe(200);
      });
    });
  });
}
