// GET /openapi.json: the OpenAPI 3.1 document of the REST API, without a key, valid by an
// OpenAPI validator library; the same document the response-validation hook of
// test/support/api.ts checks every REST answer of the suites against.
import { Validator } from "@seriousme/openapi-schema-validator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount, createApi } from "../support/api.js";
import { assertDocumentedResponse } from "../support/openapi-contract.js";
import type { SystemUnderTest } from "../support/system.js";

export function describeOpenApi(mode: string, start: () => Promise<SystemUnderTest>): void {
  describe(`the OpenAPI document (${mode})`, () => {
    let system: SystemUnderTest;
    beforeAll(async () => {
      system = await start();
    }, 120_000);
    afterAll(async () => {
      await system?.stop();
    });

    it("is served at GET /openapi.json without a key and validates as OpenAPI 3.1", async () => {
      const response = await createApi(system.restUrl)("/openapi.json");
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toMatch(/^application\/json/);
      expect(response.body.openapi).toBe("3.1.0");
      const validator = new Validator();
      const result = await validator.validate(response.body);
      expect(result.errors ?? []).toEqual([]);
      expect(result.valid).toBe(true);
      expect(Object.keys(response.body.paths)).toContain("/tax/calculations");
    });

    it("is what the REST client's hook checks answers against: an undocumented field or status fails", async () => {
      const keys = await createAccount(system.restUrl, system.adminToken);
      const api = createApi(system.restUrl);
      const created = await api("/tax/customers", { key: keys.testSecret, body: { name: "Ada" } });
      expect(created.status).toBe(200);
      const observed = {
        method: "GET",
        path: `/tax/customers/${created.body.id}`,
        status: 200,
        contentType: "application/json; charset=utf-8",
        body: created.body,
      };
      await expect(assertDocumentedResponse(system.restUrl, observed)).resolves.toBeUndefined();
      await expect(
        assertDocumentedResponse(system.restUrl, { ...observed, body: { ...created.body, nickname: "A" } }),
      ).rejects.toThrow(/does not match the OpenAPI document/);
      await expect(
        assertDocumentedResponse(system.restUrl, { ...observed, body: { ...created.body, created_at: "today" } }),
      ).rejects.toThrow(/does not match the OpenAPI document/);
      await expect(assertDocumentedResponse(system.restUrl, { ...observed, status: 202 })).rejects.toThrow(
        /status 202 is not documented/,
      );
      await expect(
        assertDocumentedResponse(system.restUrl, { ...observed, path: "/tax/nowhere", status: 200 }),
      ).rejects.toThrow(/no such route/);
      const old = await api("/tax/customers/cust_missing", { key: keys.testSecret, version: "2024-09-01" });
      expect(old.status).toBe(404);
      const missing = { ...observed, path: "/tax/customers/cust_missing", status: 404, body: old.body };
      await expect(
        assertDocumentedResponse(system.restUrl, { ...missing, apiVersion: "2024-09-01" }),
      ).resolves.toBeUndefined();
      const flat = { code: 404, type: "CUSTOMER_NOT_FOUND", message: "no customer", error: old.body.error };
      await expect(
        assertDocumentedResponse(system.restUrl, { ...missing, apiVersion: "2024-09-01", body: flat }),
      ).rejects.toThrow(/errors are NestedError/);
      await expect(assertDocumentedResponse(system.restUrl, { ...missing, apiVersion: "2026-01-01" })).rejects.toThrow(
        /errors are FlatError/,
      );
    });
  });
}
