// The `levy` CLI's commands: each names its options, its positional arguments and the
// admin API request it makes. Kept apart from cli.ts (argument parsing, exit codes) so
// adding a command is one entry here.
import type { ParseArgsConfig } from "node:util";
import { importRates, rateStatus } from "./cli-rates.js";

type Values = Record<string, string | undefined>;

export interface AdminRequest {
  readonly method: "GET" | "POST" | "DELETE";
  readonly path: string;
  readonly body?: unknown;
}

export interface Command {
  /** "accounts list": the words that select the command. */
  readonly name: string;
  /** Arguments after the name, as shown in the usage line. */
  readonly synopsis: string;
  readonly summary: string;
  readonly options: NonNullable<ParseArgsConfig["options"]>;
  readonly required: readonly string[];
  /** Names of the positional arguments, all required. */
  readonly positionals: readonly string[];
  /** The admin API request the command makes, or… */
  request?(values: Values, positionals: readonly string[]): AdminRequest;
  /** …what it does locally (rate tables), returning the exit code. */
  run?(values: Values, positionals: readonly string[]): Promise<number>;
}

const text = { type: "string" } as const;
const id = (value: string) => encodeURIComponent(value);
const pageQuery = (values: Values) => {
  const query = new URLSearchParams();
  if (values.limit !== undefined) query.set("limit", values.limit);
  if (values.cursor !== undefined) query.set("cursor", values.cursor);
  return query.size ? `?${query}` : "";
};

export const commands: readonly Command[] = [
  {
    name: "accounts create",
    synopsis: "--name NAME [--api-version VERSION]",
    summary: "Creates an account and prints it with its four keys (their secrets are shown only now).",
    options: { name: text, "api-version": text },
    required: ["name"],
    positionals: [],
    request: (values) => ({
      method: "POST",
      path: "/admin/v1/accounts",
      body: { name: values.name, ...(values["api-version"] ? { api_version: values["api-version"] } : {}) },
    }),
  },
  {
    name: "accounts list",
    synopsis: "[--limit N] [--cursor CURSOR]",
    summary: "Lists accounts, oldest first; --cursor takes the next_cursor of the previous page.",
    options: { limit: text, cursor: text },
    required: [],
    positionals: [],
    request: (values) => ({ method: "GET", path: `/admin/v1/accounts${pageQuery(values)}` }),
  },
  {
    name: "accounts get",
    synopsis: "ACCOUNT_ID",
    summary: "Prints one account.",
    options: {},
    required: [],
    positionals: ["ACCOUNT_ID"],
    request: (_values, [accountId]) => ({ method: "GET", path: `/admin/v1/accounts/${id(accountId!)}` }),
  },
  {
    name: "keys create",
    synopsis: "--account ACCOUNT_ID --kind secret|publishable --mode test|live",
    summary: "Issues one more key for an account and prints it with its secret (shown only now).",
    options: { account: text, kind: text, mode: text },
    required: ["account", "kind", "mode"],
    positionals: [],
    request: (values) => ({
      method: "POST",
      path: `/admin/v1/accounts/${id(values.account!)}/keys`,
      body: { kind: values.kind, mode: values.mode },
    }),
  },
  {
    name: "keys list",
    synopsis: "--account ACCOUNT_ID [--limit N] [--cursor CURSOR]",
    summary: "Lists an account's keys: id, kind, mode, created_at, revoked (never a secret).",
    options: { account: text, limit: text, cursor: text },
    required: ["account"],
    positionals: [],
    request: (values) => ({
      method: "GET",
      path: `/admin/v1/accounts/${id(values.account!)}/keys${pageQuery(values)}`,
    }),
  },
  {
    name: "keys revoke",
    synopsis: "KEY_ID",
    summary: "Revokes a key; requests with it fail from the next one on.",
    options: {},
    required: [],
    positionals: ["KEY_ID"],
    request: (_values, [keyId]) => ({ method: "DELETE", path: `/admin/v1/keys/${id(keyId!)}` }),
  },
  {
    name: "rates import",
    synopsis: "DIR [--into PATH] [--dry-run] [--horizon-days N]",
    summary:
      "Validates the TAXRATES_ZIP5_<ST><YYYYMM>.csv tables in DIR, prints per table the rows added, changed and removed against the tables installed, then copies them into US_ZIP_RATES_PATH (or --into), which calc-engine re-reads; nothing is copied when a table is invalid (exit 1) or with --dry-run. Runs where that directory is; no ADMIN_TOKEN.",
    options: { into: text, "dry-run": { type: "boolean" }, "horizon-days": text },
    required: [],
    positionals: ["DIR"],
    run: importRates,
  },
  {
    name: "rates status",
    synopsis: "[--path PATH] [--horizon-days N]",
    summary:
      "Shows the tables installed in US_ZIP_RATES_PATH (or --path): state, month, the window each is in force, and whether it is stale (past the horizon, US_ZIP_RATES_HORIZON_DAYS, default 45 days after its month, with no newer table).",
    options: { path: text, "horizon-days": text },
    required: [],
    positionals: [],
    run: (values) => rateStatus(values),
  },
];

export const environmentHelp = `environment:
  LEVY_URL     the gateway's REST address (default http://127.0.0.1:8080)
  ADMIN_TOKEN  the admin token the gateway was started with (required by the API commands)
  US_ZIP_RATES_PATH, US_ZIP_RATES_HORIZON_DAYS  calc-engine's rate table settings (rates commands)
exit codes: 0 ok, 1 API error (the API's JSON answer is printed), 2 usage error`;

export function usageLine(command: Command): string {
  return `  levy ${command.name} ${command.synopsis}`.trimEnd();
}

/** Usage of the given commands (all when none), with the environment and exit codes. */
export function usage(selected: readonly Command[] = commands, withSummaries = false): string {
  const lines = selected.flatMap((command) =>
    withSummaries ? [usageLine(command), `      ${command.summary}`] : [usageLine(command)],
  );
  return `usage:\n${lines.join("\n")}\n${environmentHelp}\n`;
}
