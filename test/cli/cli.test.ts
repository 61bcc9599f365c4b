// `levy` (services/gateway/dist/cli.js) through the process boundary, against an
// embedded system: every command has --help, the account and key commands print the
// admin API's JSON, and the exit code says what happened (0 ok, 1 API error, 2 usage).
import { execFile } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmbeddedSystem, type SystemUnderTest } from "../support/system.js";

const cli = path.resolve(import.meta.dirname, "../../services/gateway/dist/cli.js");
const commands = ["accounts create", "accounts list", "accounts get", "keys create", "keys list", "keys revoke"];

interface Run {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

function levy(args: string[], env: Record<string, string | undefined> = {}): Promise<Run> {
  return new Promise((resolve) => {
    const { ADMIN_TOKEN: _token, LEVY_URL: _url, ...inherited } = process.env;
    execFile(process.execPath, [cli, ...args], { env: { ...inherited, ...env } }, (error, stdout, stderr) => {
      resolve({ code: error ? Number(error.code) : 0, stdout, stderr });
    });
  });
}

describe("levy CLI --help and usage errors (no server needed)", () => {
  it.each([["--help"], ["-h"], ["help"]])("`levy %s` lists every command and exits 0", async (flag) => {
    const run = await levy([flag]);
    expect(run).toMatchObject({ code: 0, stderr: "" });
    for (const command of commands) expect(run.stdout).toContain(`levy ${command}`);
    expect(run.stdout).toContain("ADMIN_TOKEN");
  });

  it.each(commands)("`levy %s --help` describes that command and exits 0", async (command) => {
    const run = await levy([...command.split(" "), "--help"]);
    expect(run).toMatchObject({ code: 0, stderr: "" });
    expect(run.stdout).toContain(`levy ${command}`);
    for (const other of commands.filter((name) => name !== command)) expect(run.stdout).not.toContain(`levy ${other} `);
  });

  it.each(["accounts", "keys"])("`levy %s --help` lists that resource's commands", async (resource) => {
    const run = await levy([resource, "--help"]);
    expect(run.code).toBe(0);
    for (const command of commands) expect(run.stdout.includes(`levy ${command}`)).toBe(command.startsWith(resource));
  });

  it.each([
    [[], "no command"],
    [["accounts"], "no action"],
    [["frobnicate"], "unknown command"],
    [["accounts", "delete"], "unknown action"],
    [["accounts", "list", "--colour"], "unknown option"],
    [["accounts", "create"], "missing --name"],
    [["accounts", "get"], "missing ACCOUNT_ID"],
    [["accounts", "get", "acct_1", "acct_2"], "extra argument"],
    [["keys", "list"], "missing --account"],
    [["keys", "create", "--account", "acct_1", "--kind", "secret"], "missing --mode"],
    [["keys", "revoke"], "missing KEY_ID"],
    [["accounts", "list", "--limit", "ten"], "--limit not a number"],
  ])("`levy %j` is a usage error (exit 2): %s", async (args) => {
    const run = await levy(args, { ADMIN_TOKEN: "unused", LEVY_URL: "http://127.0.0.1:9" });
    expect(run.code).toBe(2);
    expect(run.stdout).toBe("");
    expect(run.stderr).toMatch(/usage:/);
    expect(run.stderr).not.toMatch(/TypeError|at .*\.js:\d+/);
  });

  it("without ADMIN_TOKEN says so (exit 2)", async () => {
    const run = await levy(["accounts", "list"], { LEVY_URL: "http://127.0.0.1:9" });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("ADMIN_TOKEN");
  });

  it("an unreachable server is an API error (exit 1), not a usage error", async () => {
    const run = await levy(["accounts", "list"], { ADMIN_TOKEN: "x".repeat(32), LEVY_URL: "http://127.0.0.1:9" });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("cannot reach http://127.0.0.1:9");
  });
});

describe("levy CLI against an embedded system", () => {
  let system: SystemUnderTest;
  let env: Record<string, string>;
  const json = (run: Run) => JSON.parse(run.stdout);

  beforeAll(async () => {
    system = await startEmbeddedSystem();
    env = { LEVY_URL: system.restUrl, ADMIN_TOKEN: system.adminToken };
  });
  afterAll(async () => {
    await system?.stop();
  });

  it("creates, lists and gets accounts", async () => {
    const created = await levy(["accounts", "create", "--name", "Acme CLI"], env);
    expect(created.code).toBe(0);
    const { account, keys } = json(created);
    expect(account).toMatchObject({ object: "account", name: "Acme CLI" });
    expect(keys).toHaveLength(4);

    const listed = await levy(["accounts", "list", "--limit", "100"], env);
    expect(listed.code).toBe(0);
    expect(json(listed).data.map((item: { id: string }) => item.id)).toContain(account.id);

    const fetched = await levy(["accounts", "get", account.id], env);
    expect(fetched.code).toBe(0);
    expect(json(fetched)).toEqual(account);
  });

  it("lists an account's keys without secrets and shows revocation", async () => {
    const { account, keys } = json(await levy(["accounts", "create", "--name", "Keys CLI"], env));
    const extra = json(
      await levy(["keys", "create", "--account", account.id, "--kind", "secret", "--mode", "live"], env),
    );
    expect(extra.secret).toMatch(/^sk_/);
    expect((await levy(["keys", "revoke", extra.id], env)).code).toBe(0);

    const listed = await levy(["keys", "list", "--account", account.id], env);
    expect(listed.code).toBe(0);
    const data = json(listed).data as Array<Record<string, unknown>>;
    expect(data.map((key) => key.id).sort()).toEqual([...keys.map((key: { id: string }) => key.id), extra.id].sort());
    expect(data.find((key) => key.id === extra.id)).toMatchObject({
      kind: "secret",
      mode: "live",
      revoked: true,
      created_at: expect.any(Number),
    });
    for (const secret of [...keys.map((key: { secret: string }) => key.secret), extra.secret])
      expect(listed.stdout).not.toContain(secret);

    const paged = json(await levy(["keys", "list", "--account", account.id, "--limit", "2"], env));
    expect(paged.data).toHaveLength(2);
    const next = json(
      await levy(["keys", "list", "--account", account.id, "--limit", "2", "--cursor", paged.next_cursor], env),
    );
    expect(next.data[0].id).not.toBe(paged.data[0].id);
  });

  it("exits 1 with the API's error on stdout when the API refuses", async () => {
    const missing = await levy(["accounts", "get", "acct_doesnotexist"], env);
    expect(missing.code).toBe(1);
    expect(json(missing).error.error_code).toBe("account_not_found");
    const noKeys = await levy(["keys", "list", "--account", "acct_doesnotexist"], env);
    expect(noKeys.code).toBe(1);
    const wrongToken = await levy(["accounts", "list"], { ...env, ADMIN_TOKEN: "not-the-admin-token-at-all" });
    expect(wrongToken.code).toBe(1);
    expect(json(wrongToken).error.error_code).toBe("admin_unauthorized");
  });
});
