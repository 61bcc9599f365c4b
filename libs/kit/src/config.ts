// Typed configuration read once from the environment. Each service lists its settings
// (variable, schema, one-line description, default only where a default is safe);
// loadConfig reports every bad or missing variable at once and the process exits.
import { z } from "zod";

export interface Setting<T> {
  readonly env: string;
  readonly description: string;
  readonly schema: z.ZodType<T>;
}

export function setting<T>(env: string, description: string, schema: z.ZodType<T>): Setting<T> {
  return { env, description, schema };
}

export type ConfigOf<D extends Record<string, Setting<unknown>>> = {
  readonly [K in keyof D]: D[K] extends Setting<infer T> ? T : never;
};

export class ConfigError extends Error {
  override readonly name = "ConfigError";
  constructor(readonly problems: readonly string[]) {
    super(`invalid configuration:\n  ${problems.join("\n  ")}`);
  }
}

export function loadConfig<D extends Record<string, Setting<unknown>>>(
  definitions: D,
  env: Readonly<Record<string, string | undefined>> = process.env,
): ConfigOf<D> {
  const result: Record<string, unknown> = {};
  const problems: string[] = [];
  for (const [key, def] of Object.entries(definitions)) {
    const raw = env[def.env];
    const parsed = def.schema.safeParse(raw === "" ? undefined : raw);
    if (parsed.success) {
      result[key] = parsed.data;
    } else {
      const reason = parsed.error.issues.map((issue) => issue.message).join("; ");
      const shown = raw === undefined ? "unset" : `"${raw.length > 40 ? `${raw.slice(0, 40)}…` : raw}"`;
      problems.push(`${def.env} (${def.description}): ${reason}; got ${shown}`);
    }
  }
  if (problems.length > 0) throw new ConfigError(problems);
  return result as ConfigOf<D>;
}

/** Schemas shared by several services. */
export const configSchemas = {
  port: (fallback: number) => z.coerce.number().int().min(0).max(65_535).default(fallback),
  host: (fallback: string) => z.string().min(1).default(fallback),
  url: () => z.url({ protocol: /^https?$/ }),
  optionalUrl: () => z.url().optional(),
  logLevel: () => z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  storageKind: () => z.enum(["embedded", "mongo"]).default("embedded"),
  eventsKind: () => z.enum(["in-process", "kafka"]).default("in-process"),
  brokers: () =>
    z
      .string()
      .transform((value) =>
        value
          .split(",")
          .map((broker) => broker.trim())
          .filter((broker) => broker.length > 0),
      )
      .pipe(z.array(z.string().regex(/^[^:\s]+:\d+$/, "expected host:port")).min(1)),
  /** Comma-separated host names (test-only loopback allow-lists). */
  hostNames: () =>
    z
      .string()
      .transform((value) =>
        value
          .split(",")
          .map((name) => name.trim().toLowerCase())
          .filter((name) => name.length > 0),
      )
      .pipe(z.array(z.string().regex(/^[a-z0-9.-]+$/, "expected host names"))),
  /** Fixed DNS answers, name=address,... (test-only). */
  hostAnswers: () =>
    z
      .string()
      .transform((value) =>
        value
          .split(",")
          .map((pair) => pair.trim())
          .filter((pair) => pair.length > 0),
      )
      .pipe(z.array(z.string().regex(/^[a-z0-9.-]+=[0-9a-fA-F:.]+$/, "expected name=address pairs")))
      .transform((pairs) => new Map(pairs.map((pair) => pair.split("=") as [string, string]))),
  boolean: (fallback: boolean) =>
    z
      .enum(["true", "false", "1", "0"])
      .default(fallback ? "true" : "false")
      .transform((value) => value === "true" || value === "1"),
  positiveInt: (fallback: number) => z.coerce.number().int().positive().default(fallback),
};
