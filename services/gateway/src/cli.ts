#!/usr/bin/env node
// `npm run levy -- <command>`: a thin client of the admin API that prints its JSON.
// `levy --help` lists the commands (cli-commands.ts); the `rates` commands work on local
// files instead (cli-rates.ts). Exit codes: 0 ok, 1 the API refused or could not be
// reached (or a rate table is invalid), 2 usage (unknown command or option, missing
// argument, no ADMIN_TOKEN).
import { parseArgs } from "node:util";
import { type AdminRequest, type Command, commands, usage } from "./cli-commands.js";

type Values = Record<string, string | undefined>;

class UsageError extends Error {
  constructor(
    message: string,
    readonly shown: readonly Command[] = commands,
  ) {
    super(message);
  }
}

const helpFlags = new Set(["--help", "-h"]);

function parseCommand(
  args: readonly string[],
): { command: Command; values: Values; positionals: string[] } | { help: readonly Command[] } {
  const [resource, action] = args;
  if (resource === undefined) throw new UsageError("no command given");
  if (resource === "help" || helpFlags.has(resource)) return { help: commands };
  const ofResource = commands.filter((command) => command.name.startsWith(`${resource} `));
  if (ofResource.length === 0) throw new UsageError(`unknown command: ${resource}`);
  if (action === undefined || helpFlags.has(action)) {
    if (action !== undefined) return { help: ofResource };
    throw new UsageError(`${resource}: which action?`, ofResource);
  }
  const command = ofResource.find((candidate) => candidate.name === `${resource} ${action}`);
  if (!command) throw new UsageError(`unknown command: ${resource} ${action}`, ofResource);
  const rest = args.slice(2);
  if (rest.some((arg) => helpFlags.has(arg))) return { help: [command] };

  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({ args: [...rest], options: command.options, allowPositionals: true, strict: true });
  } catch (error) {
    // parseArgs throws a TypeError with a readable message for unknown or malformed options.
    throw new UsageError((error as Error).message, [command]);
  }
  const values = parsed.values as Record<string, string | undefined>;
  for (const option of command.required) {
    if (values[option] === undefined) throw new UsageError(`--${option} is required`, [command]);
  }
  if (values.limit !== undefined && !/^\d+$/.test(values.limit))
    throw new UsageError("--limit takes a whole number", [command]);
  if (values["horizon-days"] !== undefined && !/^\d+$/.test(values["horizon-days"]))
    throw new UsageError("--horizon-days takes a whole number", [command]);
  if (parsed.positionals.length !== command.positionals.length) {
    const expected = command.positionals.join(" ") || "no arguments";
    throw new UsageError(`${command.name} takes ${expected} (got ${parsed.positionals.length})`, [command]);
  }
  return { command, values, positionals: parsed.positionals };
}

/** Sends the request, prints the answer; true when the API accepted it. */
async function send(request: AdminRequest): Promise<boolean> {
  const baseUrl = process.env.LEVY_URL ?? "http://127.0.0.1:8080";
  const token = process.env.ADMIN_TOKEN;
  if (!token) throw new UsageError("ADMIN_TOKEN is not set (the admin token the gateway was started with)");
  let response: Response;
  try {
    response = await fetch(new URL(request.path, baseUrl), {
      method: request.method,
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) }),
    });
  } catch (error) {
    process.stderr.write(`cannot reach ${baseUrl}: ${(error as Error).message}\n`);
    return false;
  }
  process.stdout.write(`${await response.text()}\n`);
  return response.ok;
}

async function main(args: readonly string[]): Promise<number> {
  try {
    const parsed = parseCommand(args);
    if ("help" in parsed) {
      process.stdout.write(usage(parsed.help, true));
      return 0;
    }
    const { command, values, positionals } = parsed;
    if (command.run) return await command.run(values, positionals);
    return (await send(command.request!(values, positionals))) ? 0 : 1;
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`levy: ${error.message}\n${usage(error.shown)}`);
    return 2;
  }
}

process.exitCode = await main(process.argv.slice(2));
