#!/usr/bin/env node
// `npm run levy -- <command>`: a thin client of the admin API that prints JSON.
//   accounts create --name NAME [--api-version 2026-03-01]
//   keys create --account ACCOUNT_ID --kind secret|publishable --mode test|live
//   keys revoke KEY_ID
// LEVY_URL (default http://127.0.0.1:8080) and ADMIN_TOKEN come from the environment.
import { parseArgs } from "node:util";

const usage = `usage:
  levy accounts create --name NAME [--api-version VERSION]
  levy keys create --account ACCOUNT_ID --kind secret|publishable --mode test|live
  levy keys revoke KEY_ID
environment: LEVY_URL (default http://127.0.0.1:8080), ADMIN_TOKEN (required)`;

function fail(message: string): never {
  process.stderr.write(`${message}\n${usage}\n`);
  process.exit(2);
}

async function call(method: string, path: string, body?: unknown): Promise<void> {
  const baseUrl = process.env.LEVY_URL ?? "http://127.0.0.1:8080";
  const token = process.env.ADMIN_TOKEN ?? fail("ADMIN_TOKEN is not set");
  const response = await fetch(new URL(path, baseUrl), {
    method,
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  }).catch((error: unknown) => fail(`cannot reach ${baseUrl}: ${(error as Error).message}`));
  const text = await response.text();
  process.stdout.write(`${text}\n`);
  if (!response.ok) process.exit(1);
}

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    name: { type: "string" },
    "api-version": { type: "string" },
    account: { type: "string" },
    kind: { type: "string" },
    mode: { type: "string" },
  },
});

const [resource, action, target] = positionals;
if (resource === "accounts" && action === "create") {
  await call("POST", "/admin/v1/accounts", {
    name: values.name ?? fail("--name is required"),
    ...(values["api-version"] ? { api_version: values["api-version"] } : {}),
  });
} else if (resource === "keys" && action === "create") {
  const account = values.account ?? fail("--account is required");
  await call("POST", `/admin/v1/accounts/${encodeURIComponent(account)}/keys`, {
    kind: values.kind ?? fail("--kind is required"),
    mode: values.mode ?? fail("--mode is required"),
  });
} else if (resource === "keys" && action === "revoke") {
  await call("DELETE", `/admin/v1/keys/${encodeURIComponent(target ?? fail("KEY_ID is required"))}`);
} else {
  fail(`unknown command: ${positionals.join(" ") || "(none)"}`);
}
