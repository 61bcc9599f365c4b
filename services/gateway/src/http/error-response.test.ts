import { describe, expect, it } from "vitest";
import { LevyError, errorCodes } from "@levy/kit";
import { errorBody } from "./error-response.js";
import { httpStatusByCode } from "./http-status.js";

describe("error responses", () => {
  it("gives every error code an HTTP status", () => {
    for (const code of Object.keys(errorCodes))
      expect(httpStatusByCode[code as keyof typeof errorCodes]).toBeGreaterThanOrEqual(400);
  });

  it("uses the flat and the nested shape from 2026-01-01", () => {
    const error = new LevyError("duplicate_customer", "taken", {
      id: "cust_1",
      email: "a@b.c",
      reference_customer_id: "r",
    });
    expect(errorBody(error, "2026-01-01")).toEqual({
      status: 409,
      body: {
        code: 409,
        type: "DUPLICATE_CUSTOMER",
        message: "taken",
        error: {
          error_code: "duplicate_customer",
          error_message: "taken",
          error_meta: { id: "cust_1", email: "a@b.c", reference_customer_id: "r" },
        },
      },
    });
  });

  it("uses only the nested shape before 2026-01-01 and leaves out empty meta", () => {
    expect(errorBody(new LevyError("customer_not_found", "no such customer"), "2025-05-12").body).toEqual({
      error: { error_code: "customer_not_found", error_message: "no such customer" },
    });
  });

  it("shows an empty meta value as null, as the record shows an absent field", () => {
    const { body } = errorBody(
      new LevyError("duplicate_customer", "taken", { id: "cust_1", email: "", reference_customer_id: "r" }),
      "2026-03-01",
    );
    expect(body.error).toMatchObject({ error_meta: { id: "cust_1", email: null, reference_customer_id: "r" } });
  });

  it("keeps the Retry-After hint out of error_meta", () => {
    const { body } = errorBody(
      new LevyError("upstream_unavailable", "down", { retry_after_seconds: "5" }),
      "2026-03-01",
    );
    expect(body.error).toEqual({ error_code: "upstream_unavailable", error_message: "down" });
  });
});
