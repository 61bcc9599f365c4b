// GET /openapi.json: the OpenAPI 3.1 document of the REST API, without a key, valid by an
// OpenAPI validator library; the same document the response-validation hook of
// test/support/api.ts checks every REST answer of the suites against.
import { Validator } from "@seriousme/openapi-schema-validator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApi } from "../support/api.js";
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
  });
}
