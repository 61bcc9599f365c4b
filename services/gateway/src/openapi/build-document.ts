// The OpenAPI 3.1 document of the REST API, generated from the route table and the public
// contract's zod schemas (JSON Schema 2020-12, OpenAPI 3.1's dialect). Request bodies are
// described as callers send them (defaults optional), responses as Levy answers them
// (no field beyond the listed ones). Served at GET /openapi.json; never written by hand.
import { textLimits } from "@levy/kit";
import { z } from "zod";
import { apiVersions, currentApiVersion, usesFlatErrors } from "../domain/api-versions.js";
import { type Components, createComponents } from "./components.js";
import { errorStatuses, type RouteSpec } from "./route-spec.js";

type JsonSchema = Record<string, unknown>;

/** The first version whose errors carry the flat shape. */
const flatErrorsFrom = apiVersions.find(usesFlatErrors);

function jsonSchema(schema: z.ZodType, io: "input" | "output"): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    target: "draft-2020-12",
    io,
    unrepresentable: "any",
  }) as JsonSchema;
  return rest;
}

const errorResponse = (status: number) => ({
  description: `error (HTTP ${status}); the shape follows X-API-Version`,
  content: {
    "application/json": {
      schema: { anyOf: [{ $ref: "#/components/schemas/FlatError" }, { $ref: "#/components/schemas/NestedError" }] },
    },
  },
});

const securityOf: Record<RouteSpec["auth"], unknown[]> = {
  "api-key": [{ apiKey: [] }],
  "admin-token": [{ adminToken: [] }],
  "signed-link": [],
  none: [],
};

function parameters(route: RouteSpec): unknown[] {
  const path = Object.entries(route.pathParams ?? {}).map(([name, description]) => ({
    name,
    in: "path",
    required: true,
    description,
    schema: { type: "string" },
  }));
  const querySchema = route.query ? jsonSchema(route.query, "input") : { properties: {} };
  const required = new Set((querySchema.required as string[] | undefined) ?? []);
  const query = Object.entries((querySchema.properties ?? {}) as Record<string, JsonSchema>).map(([name, schema]) => ({
    name,
    in: "query",
    required: required.has(name),
    ...(typeof schema.description === "string" ? { description: schema.description } : {}),
    schema,
  }));
  const version = {
    name: "X-API-Version",
    in: "header",
    required: route.requiredVersions !== undefined,
    description: route.requiredVersions
      ? `required: ${route.requiredVersions.join(" or ")}`
      : "the account's pinned version when absent",
    schema: { type: "string", enum: [...(route.requiredVersions ?? apiVersions)] },
  };
  const idempotency =
    route.auth === "api-key" && route.method === "post"
      ? [
          {
            name: "Idempotency-Key",
            in: "header",
            required: false,
            schema: { type: "string", maxLength: textLimits.identifier },
          },
        ]
      : [];
  return [...path, ...query, version, ...idempotency];
}

function operationId(route: RouteSpec): string {
  return `${route.method}${route.path.replaceAll(/[^A-Za-z0-9]+(.)?/g, (_all, next: string | undefined) => next?.toUpperCase() ?? "")}`;
}

function operation(route: RouteSpec, components: Components) {
  const id = operationId(route);
  const responses: Record<string, unknown> = {};
  for (const [status, response] of Object.entries(route.responses)) {
    responses[status] =
      "schema" in response
        ? {
            description: response.description,
            content: { "application/json": { schema: components.response(response.schema, `${id}${status}`) } },
          }
        : {
            description: response.description,
            content: Object.fromEntries(response.mediaTypes.map((type) => [type, { schema: {} }])),
          };
  }
  for (const status of errorStatuses(route))
    responses[String(status)] = { $ref: `#/components/responses/Error${status}` };
  return {
    summary: route.summary,
    operationId: id,
    tags: [route.tag],
    security: securityOf[route.auth],
    parameters: parameters(route),
    ...(route.body
      ? {
          requestBody: {
            required: true,
            content: { "application/json": { schema: components.body(route.body, `${id}Body`) } },
          },
        }
      : {}),
    responses,
  };
}

export function buildOpenApiDocument(routes: readonly RouteSpec[]): Record<string, unknown> {
  const components = createComponents();
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    paths[route.path] ??= {};
    paths[route.path]![route.method] = operation(route, components);
  }
  const errors = [...new Set(routes.flatMap(errorStatuses))].sort((a, b) => a - b);
  return {
    openapi: "3.1.0",
    info: {
      title: "Levy REST API",
      version: currentApiVersion,
      "x-api-versions": apiVersions,
      "x-flat-errors-from": flatErrorsFrom,
      description:
        "Sales tax, VAT and GST calculation. Amounts are integers in the currency's minor unit. Errors: nested {error: {error_code, error_message, error_meta?}} always; from X-API-Version 2026-01-01 also flat {code, type, message}.",
    },
    jsonSchemaDialect: "https://json-schema.org/draft/2020-12/schema",
    servers: [{ url: "/" }],
    security: [{ apiKey: [] }],
    paths,
    components: {
      securitySchemes: {
        apiKey: {
          type: "http",
          scheme: "bearer",
          description: "Authorization: Bearer sk_test_... (test mode) or sk_prod_... (live mode)",
        },
        adminToken: {
          type: "http",
          scheme: "bearer",
          description: "Authorization: Bearer <ADMIN_TOKEN>, the operator API",
        },
      },
      responses: Object.fromEntries(errors.map((status) => [`Error${status}`, errorResponse(status)])),
      schemas: components.schemas(),
    },
  };
}
