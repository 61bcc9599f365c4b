// Request bodies and queries are checked with zod schemas; the first problem becomes a
// public error naming the field: missing_field (with error_meta field/expected/received)
// or invalid_field.
import { LevyError } from "@levy/kit";
import type { z } from "zod";

function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let current = root;
  for (const key of path) {
    if (current === null || typeof current !== "object") return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}

function describe(value: unknown): string {
  if (value === undefined) return "undefined";
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  return typeof value;
}

function fieldName(path: readonly PropertyKey[]): string {
  return (
    path
      .map((key) => (typeof key === "number" ? `[${key}]` : String(key)))
      .join(".")
      .replaceAll(".[", "[") || "body"
  );
}

export function parseInput<S extends z.ZodType>(
  schema: S,
  input: unknown,
  location: "body" | "query" = "body",
): z.output<S> {
  if (
    location === "body" &&
    (input === undefined || input === null || typeof input !== "object" || Array.isArray(input))
  ) {
    throw new LevyError("invalid_request", "the request body must be a JSON object");
  }
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const field = fieldName(issue.path);
  const received = valueAt(input, issue.path);
  if (issue.code === "invalid_type" && received === undefined) {
    throw new LevyError("missing_field", `${field} is required`, {
      field,
      expected: String(issue.expected),
      received: "undefined",
    });
  }
  if (issue.code === "unrecognized_keys") {
    const keys = issue.keys.join(", ");
    throw new LevyError("invalid_field", `unknown field(s) ${keys}${field === "body" ? "" : ` in ${field}`}`, {
      field: issue.keys[0] ?? field,
    });
  }
  throw new LevyError("invalid_field", `${field}: ${issue.message}`, {
    field,
    ...(issue.code === "invalid_type" ? { expected: String(issue.expected), received: describe(received) } : {}),
  });
}
