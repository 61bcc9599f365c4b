// Null for an optional argument means "not given". Hosts in strict mode (all properties
// listed as required, optional ones typed as nullable) send null for every argument the
// model leaves out; the tools' zod schemas take an absent value, so the registry drops
// those nulls before parsing and advertises null as accepted in tools/list.
import type { z } from "zod";

type JsonSchema = Record<string, unknown>;

function isOptional(field: z.ZodType): boolean {
  return field.safeParse(undefined).success;
}

/** The arguments without the top-level nulls of optional arguments; others are left to the schema. */
export function dropOptionalNulls(schema: z.ZodObject, args: unknown): unknown {
  if (typeof args !== "object" || args === null || Array.isArray(args)) return args;
  const shape = schema.shape as Record<string, z.ZodType>;
  const kept = Object.entries(args).filter(
    ([name, value]) => !(value === null && shape[name] !== undefined && isOptional(shape[name])),
  );
  return Object.fromEntries(kept);
}

/** The input JSON Schema with each optional property also accepting null. */
export function allowNullForOptional(inputSchema: JsonSchema): JsonSchema {
  const properties = (inputSchema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((inputSchema.required ?? []) as string[]);
  const widened = Object.fromEntries(
    Object.entries(properties).map(([name, property]) => {
      if (required.has(name)) return [name, property];
      const { description, default: fallback, ...rest } = property;
      const nullable: JsonSchema = { anyOf: [rest, { type: "null" }] };
      if (description !== undefined) nullable.description = `${String(description)} (null: not given)`;
      if (fallback !== undefined) nullable.default = fallback;
      return [name, nullable];
    }),
  );
  return { ...inputSchema, properties: widened };
}
