// `npm run start:distributed`'s script as a user runs it: without MONGODB_URI and
// KAFKA_BROKERS it gets FerretDB and Kafka from deploy/test-infra/start.sh (here it finds
// the ones the integration project started and reuses them, so it must leave them
// running), starts every service, prints the addresses and a generated admin token that
// works, and stops every process on SIGINT.
import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
// @ts-expect-error: plain ESM script without type declarations
import { freePort } from "../../deploy/distributed/cluster.mjs";
import { repoRoot } from "../helm/chart-tools.js";
import { createApi } from "../support/api.js";
import { isAlive as alive, isListening as listening } from "../support/processes.js";

const infraEnv = path.join(process.env.LEVY_CACHE ?? path.join(repoRoot, ".cache"), "run", "infra.env");
describe("npm run start:distributed (deploy/distributed/start.mjs)", () => {
  let child: ChildProcess | undefined;
  afterAll(async () => {
    if (child && child.exitCode === null) {
      child.kill("SIGTERM");
      await once(child, "exit");
    }
  });

  it("starts every service against the given FerretDB and Kafka, prints a working admin token, and stops on Ctrl-C", {
    timeout: 120_000,
  }, async () => {
    const [port, mcpPort] = [await freePort(), await freePort()];
    const env: Record<string, string | undefined> = {
      ...process.env,
      PORT: String(port),
      MCP_PORT: String(mcpPort),
      LOG_LEVEL: "warn",
      MONGODB_DB_PREFIX: `s${Date.now().toString(36)}`,
      KAFKA_NAMESPACE: `s${Date.now().toString(36)}`,
    };
    // The suite's own FerretDB and Kafka are handed over, so the script never runs
    // start.sh or stop.sh on servers the other suites share (its own start of them is
    // the same start.sh that test/setup/infra.ts runs).
    for (const name of ["ADMIN_TOKEN", "API_KEY_PEPPER"]) delete env[name];
    child = spawn(process.execPath, [path.join(repoRoot, "deploy/distributed/start.mjs")], {
      env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout!.on("data", (chunk) => (output += chunk));
    child.stderr!.on("data", (chunk) => (output += chunk));
    for (
      const deadline = Date.now() + 90_000;
      !output.includes("Ctrl-C stops every service") && Date.now() < deadline && child.exitCode === null;
    ) {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(output).toContain("Ctrl-C stops every service");
    expect(output).toContain(`REST API     http://127.0.0.1:${port}`);
    expect(output).toContain(`MCP bridge   http://127.0.0.1:${mcpPort}/mcp`);
    const token = /ADMIN_TOKEN {2}(adm_\S+)/.exec(output)?.[1];
    expect(token).toBeDefined();

    const created = await createApi(`http://127.0.0.1:${port}`)("/admin/v1/accounts", {
      body: { name: "Start script" },
      headers: { authorization: `Bearer ${token}` },
    });
    expect(created.status).toBe(201);
    expect((await fetch(`http://127.0.0.1:${mcpPort}/ping`)).status).toBe(200);

    const exited = once(child, "exit");
    child.kill("SIGINT");
    const [code] = await exited;
    expect(code).toBe(0);
    expect([await listening(port), await listening(mcpPort)]).toEqual([false, false]);
    // The servers it was given are left running.
    const pids = Object.fromEntries(
      readFileSync(infraEnv, "utf8")
        .split("\n")
        .filter(Boolean)
        .map((line) => line.split("=")),
    );
    expect([alive(Number(pids.KAFKA_PID)), alive(Number(pids.FERRETDB_PID))]).toEqual([true, true]);
  });
});
