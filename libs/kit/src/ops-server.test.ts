// /readyz with warnings: a warning (e.g. a stale rate table) is listed but never makes the
// service unready; a failing check still does.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Registry } from "prom-client";
import { createReadiness } from "./health.js";
import { type OpsServer, createOpsEndpoints, startOpsServer } from "./ops-server.js";

describe("/readyz warnings", () => {
  const readiness = createReadiness([]);
  let warnings: string[] = [];
  let databaseUp = true;
  readiness.addWarning("rate_tables", () => warnings);
  readiness.addCheck("storage", async () => {
    if (!databaseUp) throw new Error("down");
  });
  let server: OpsServer;
  const readyz = async () => {
    const response = await fetch(`http://127.0.0.1:${server.port}/readyz`);
    return { status: response.status, body: await response.json() };
  };

  beforeAll(async () => {
    server = await startOpsServer("127.0.0.1", 0, createOpsEndpoints(readiness, new Registry()));
  });
  afterAll(() => server.stop());

  it("says ready without a warnings field when there is none", async () => {
    expect(await readyz()).toEqual({ status: 200, body: { status: "ready" } });
  });

  it("stays ready and lists each warning with its source", async () => {
    warnings = ["CO rate table of 2026-03 is stale since 2026-05-16"];
    expect(await readyz()).toEqual({
      status: 200,
      body: { status: "ready", warnings: [{ check: "rate_tables", message: warnings[0] }] },
    });
  });

  it("is not ready when a check fails, warnings or not", async () => {
    databaseUp = false;
    const answer = await readyz();
    expect(answer.status).toBe(503);
    expect(answer.body).toMatchObject({ status: "not_ready", failing: ["storage"] });
    expect(answer.body.warnings).toHaveLength(1);
  });
});
