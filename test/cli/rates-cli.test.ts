// `levy rates import DIR` and `levy rates status` through the process boundary (issue 18
// item 4): validation with exit 1 and nothing installed, the changes reported per table,
// the installed tables' windows and staleness, and a running system answering from a
// table imported after it started. The tables are small synthetic ones with made-up rows.
import { execFile } from "node:child_process";
import { mkdtemp, readdir, rm, writeFile, mkdir } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount, createApi } from "../support/api.js";
import { eventually } from "../support/eventually.js";
import { type SystemUnderTest, startEmbeddedSystem } from "../support/system.js";
import { calculateAt } from "../support/us-calculation.js";

const cli = path.resolve(import.meta.dirname, "../../services/gateway/dist/cli.js");
const header =
  "State,ZipCode,TaxRegionName,EstimatedCombinedRate,StateRate,EstimatedCountyRate,EstimatedCityRate,EstimatedSpecialRate,RiskLevel";
const now = new Date();
const thisMonth = `${now.getUTCFullYear()}${String(now.getUTCMonth() + 1).padStart(2, "0")}`;

interface Run {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

function levy(args: string[], env: Record<string, string> = {}): Promise<Run> {
  return new Promise((resolve) => {
    const {
      ADMIN_TOKEN: _t,
      LEVY_URL: _u,
      US_ZIP_RATES_PATH: _p,
      US_ZIP_RATES_HORIZON_DAYS: _h,
      ...inherited
    } = process.env;
    execFile(process.execPath, [cli, ...args], { env: { ...inherited, ...env } }, (error, stdout, stderr) => {
      resolve({ code: error ? Number(error.code) : 0, stdout, stderr });
    });
  });
}

let scratch: string;
beforeAll(async () => {
  scratch = await mkdtemp(path.join(os.tmpdir(), "levy-rates-cli-"));
});
afterAll(() => rm(scratch, { recursive: true, force: true }));

/** A directory of tables: file name → rows. */
async function tableDir(name: string, tables: Record<string, string[]>): Promise<string> {
  const dir = path.join(scratch, name);
  await mkdir(dir, { recursive: true });
  for (const [file, rows] of Object.entries(tables))
    await writeFile(path.join(dir, file), `${header}\n${rows.join("\n")}\n`);
  return dir;
}

describe("levy rates: usage", () => {
  it("`levy rates --help` lists import and status; each has --help (exit 0)", async () => {
    const run = await levy(["rates", "--help"]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("levy rates import DIR");
    expect(run.stdout).toContain("levy rates status");
    expect((await levy(["rates", "import", "--help"])).code).toBe(0);
    expect((await levy(["rates", "status", "--help"])).code).toBe(0);
  });

  it.each([[["rates", "import"]], [["rates", "import", "a", "b"]], [["rates", "status", "--horizon-days", "soon"]]])(
    "`levy %j` is a usage error (exit 2)",
    async (args) => {
      const run = await levy(args, { US_ZIP_RATES_PATH: scratch });
      expect(run.code).toBe(2);
      expect(run.stderr).toMatch(/usage:/);
    },
  );
});

describe("levy rates import and status", () => {
  it("refuses invalid tables with every problem (exit 1) and installs nothing", async () => {
    const into = path.join(scratch, "refused-target");
    const dir = await tableDir("invalid", {
      "rates.csv": ["CO,80202,DENVER,0.091500,0.029000,0.000000,0.051500,0.011000,0"],
      "TAXRATES_ZIP5_CO202603.csv": [
        "CO,80202,DENVER,0.091500,0.029000,0.000000,0.051500,0.011000,0",
        "CO,80202,DENVER,0.091500,0.029000,0.000000,0.051500,0.011000,0",
        "CO,80203,DENVER,1.200000,0.029000,0.000000,0.051500,0.011000,0",
        "CO,80204,DENVER,0.091500,0.029000",
      ],
    });
    const run = await levy(["rates", "import", dir, "--into", into]);
    expect(run.code).toBe(1);
    const problems = JSON.parse(run.stdout).problems.join("\n");
    expect(problems).toMatch(/rates\.csv: file name/);
    expect(problems).toMatch(/ZIP 80202 repeated/);
    expect(problems).toMatch(/:4: a rate is not a decimal fraction/);
    expect(problems).toMatch(/:5: expected 9 fields/);
    await expect(readdir(into)).rejects.toThrow();
  });

  it("installs valid tables, reports rows added, changed and removed per table, and shows them in status", async () => {
    const into = path.join(scratch, "installed");
    const first = await tableDir("first", {
      "TAXRATES_ZIP5_CO202601.csv": ["CO,80202,DENVER,0.090000,0.029000,0.000000,0.050000,0.011000,0"],
      "TAXRATES_ZIP5_CO202603.csv": [
        "CO,80202,DENVER,0.091500,0.029000,0.000000,0.051500,0.011000,0",
        "CO,80204,DENVER,0.091500,0.029000,0.000000,0.051500,0.011000,0",
      ],
    });
    const installed = await levy(["rates", "import", first], { US_ZIP_RATES_PATH: into });
    expect(installed.code).toBe(0);
    expect(JSON.parse(installed.stdout).tables).toEqual([
      { state: "CO", month: "2026-01", rows: 1, added: 1, changed: 0, removed: 0, replaces: null },
      { state: "CO", month: "2026-03", rows: 2, added: 2, changed: 0, removed: 0, replaces: null },
    ]);
    expect(await readdir(into)).toEqual(["TAXRATES_ZIP5_CO202601.csv", "TAXRATES_ZIP5_CO202603.csv"]);

    const second = await tableDir("second", {
      "TAXRATES_ZIP5_CO202603.csv": [
        "CO,80202,DENVER,0.090000,0.029000,0.000000,0.050000,0.011000,0",
        "CO,80203,DENVER,0.091500,0.029000,0.000000,0.051500,0.011000,0",
      ],
      [`TAXRATES_ZIP5_NY${thisMonth}.csv`]: ["NY,10001,NEW YORK CITY,0.088750,0.040000,0.000000,0.045000,0.003750,0"],
    });
    const dryRun = await levy(["rates", "import", second, "--dry-run"], { US_ZIP_RATES_PATH: into });
    expect(dryRun.code).toBe(0);
    expect(await readdir(into)).toEqual(["TAXRATES_ZIP5_CO202601.csv", "TAXRATES_ZIP5_CO202603.csv"]);
    const replaced = await levy(["rates", "import", second], { US_ZIP_RATES_PATH: into });
    expect(replaced.code).toBe(0);
    expect(JSON.parse(replaced.stdout).tables).toEqual([
      { state: "CO", month: "2026-03", rows: 2, added: 1, changed: 1, removed: 1, replaces: "2026-03" },
      {
        state: "NY",
        month: `${thisMonth.slice(0, 4)}-${thisMonth.slice(4)}`,
        rows: 1,
        added: 1,
        changed: 0,
        removed: 0,
        replaces: null,
      },
    ]);

    const status = await levy(["rates", "status"], { US_ZIP_RATES_PATH: into });
    expect(status.code).toBe(0);
    const shown = JSON.parse(status.stdout);
    expect(shown.horizon_days).toBe(45);
    expect(shown.tables[0]).toMatchObject({ month: "2026-01", effective_to: "2026-03-01", stale: false });
    expect(shown.tables[1]).toEqual({
      state: "CO",
      month: "2026-03",
      effective_from: "2026-03-01",
      effective_to: null,
      stale_from: "2026-05-16",
      stale: true,
      rows: 2,
    });
    expect(shown.tables[2]).toMatchObject({ state: "NY", stale: false, rows: 1 });
    expect(shown.stale_states).toEqual(["CO"]);
    // The horizon is a setting: a year's horizon makes March's table fresh again (until 2027-04-01).
    expect(
      JSON.parse((await levy(["rates", "status", "--horizon-days", "365"], { US_ZIP_RATES_PATH: into })).stdout)
        .stale_states,
    ).toEqual([]);
  });
});

describe("levy rates import into a running system", () => {
  let system: SystemUnderTest;
  let into: string;

  beforeAll(async () => {
    into = path.join(scratch, "live");
    await mkdir(into);
    system = await startEmbeddedSystem({ US_ZIP_RATES_PATH: into, US_ZIP_RATES_RELOAD_MS: "100" });
  });
  afterAll(() => system?.stop());

  it("answers from a table imported after start-up, without a restart", async () => {
    const api = createApi(system.restUrl);
    const key = (await createAccount(system.restUrl, system.adminToken, "Rates CLI")).testSecret;
    const place = { state: "NY", zip: "10001", city: "New York" };
    const before = await calculateAt(api, key, place, 1_000_000);
    expect(before.rate_table).toBeUndefined();

    // A made-up 9 % combined rate, so the answer shows the table decided.
    const dir = await tableDir("live-source", {
      [`TAXRATES_ZIP5_NY${thisMonth}.csv`]: ["NY,10001,NEW YORK CITY,0.090000,0.040000,0.000000,0.045000,0.005000,0"],
    });
    expect((await levy(["rates", "import", dir], { US_ZIP_RATES_PATH: into })).code).toBe(0);
    const after = await eventually(
      () => calculateAt(api, key, place, 1_000_000),
      (body) => body.rate_table !== undefined,
    );
    expect(after.total_tax_amount).toBe(90_000);
    expect(after.rate_table.stale).toBe(false);
  });
});
