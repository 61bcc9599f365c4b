// The IP database's age as an operator sees it: a start-up warning when the build is
// older than 30 days, the build time on /metrics, and a newer build written over the
// files (as geoipupdate does) picked up without a restart.
import { mkdtemp, readFile, rename, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PassThrough } from "node:stream";
import { createLogger, type RunningService } from "@levy/kit";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startGeoResolver } from "../app.js";
import { packagedIpDatabasePaths } from "./ip-database.js";

const day = 86_400;
const nowSeconds = () => Math.floor(Date.now() / 1000);

/** A copy of an MMDB file whose metadata says it was built at `epochSeconds`. */
async function withBuildEpoch(source: string, target: string, epochSeconds: number): Promise<void> {
  const bytes = await readFile(source);
  const metadata = bytes.lastIndexOf(Buffer.from("\xab\xcd\xefMaxMind.com", "latin1"));
  const key = bytes.indexOf(Buffer.from("build_epoch"), metadata);
  // uint64 is an extended type: control byte (size in its low bits), then type - 7 = 2.
  const size = bytes[key + 11]! & 0x1f;
  expect(bytes[key + 12]).toBe(2);
  bytes.writeUIntBE(epochSeconds, key + 13, size);
  // Written to a new name and renamed over, as geoipupdate replaces its files.
  await writeFile(`${target}.tmp`, bytes);
  await rename(`${target}.tmp`, target);
}

interface Started {
  readonly service: RunningService;
  readonly lines: () => Array<Record<string, unknown>>;
}

async function start(env: Record<string, string>): Promise<Started> {
  const stream = new PassThrough();
  const captured: string[] = [];
  stream.on("data", (chunk) => captured.push(...String(chunk).split("\n").filter(Boolean)));
  const logger = createLogger({ service: "geo-resolver", level: "info", destination: stream });
  const service = await startGeoResolver({
    env: { GEO_RESOLVER_GRPC_PORT: "0", GEO_RESOLVER_OPS_PORT: "0", DATA_DIR: dataDir, ...env },
    logger,
  });
  return { service, lines: () => captured.map((line) => JSON.parse(line)) };
}

async function buildTimestamps(service: RunningService): Promise<Record<string, number>> {
  const text = await (await fetch(`http://127.0.0.1:${service.opsPort}/metrics`)).text();
  const found: Record<string, number> = {};
  for (const [, labels, value] of text.matchAll(/^levy_geo_ip_database_build_timestamp_seconds\{(.*)\} (\S+)$/gm)) {
    found[/database="(\w+)"/.exec(labels!)![1]!] = Number(value);
  }
  return found;
}

let dataDir: string;
let running: RunningService | undefined;
beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), "geo-ip-age-"));
});
afterEach(async () => {
  await running?.stop();
  running = undefined;
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

describe("IP database age", () => {
  it("warns at start-up and exports the build time when the database is older than 30 days", async () => {
    const packaged = packagedIpDatabasePaths();
    const ipv4 = join(dataDir, "old-ipv4.mmdb");
    const ipv6 = join(dataDir, "old-ipv6.mmdb");
    const built = nowSeconds() - 45 * day;
    await withBuildEpoch(packaged.ipv4, ipv4, built);
    await withBuildEpoch(packaged.ipv6, ipv6, built);
    const { service, lines } = await start({ GEO_RESOLVER_IP_DB_IPV4: ipv4, GEO_RESOLVER_IP_DB_IPV6: ipv6 });
    running = service;
    expect(await buildTimestamps(service)).toEqual({ ipv4: built, ipv6: built });
    const warnings = lines().filter(
      (line) => line.level === "warn" && /IP database is older than 30 days/.test(String(line.msg)),
    );
    expect(warnings.map((line) => [line.database, line.path, line.age_days])).toEqual([
      ["ipv4", ipv4, 45],
      ["ipv6", ipv6, 45],
    ]);
  });

  it("does not warn about a current database, and loads a newer build written over it", async () => {
    const packaged = packagedIpDatabasePaths();
    const ipv4 = join(dataDir, "current-ipv4.mmdb");
    const ipv6 = join(dataDir, "current-ipv6.mmdb");
    const built = nowSeconds() - 3 * day;
    await withBuildEpoch(packaged.ipv4, ipv4, built);
    await withBuildEpoch(packaged.ipv6, ipv6, built);
    const { service, lines } = await start({
      GEO_RESOLVER_IP_DB_IPV4: ipv4,
      GEO_RESOLVER_IP_DB_IPV6: ipv6,
      GEO_RESOLVER_IP_DB_RELOAD_MS: "200",
    });
    running = service;
    expect(await buildTimestamps(service)).toEqual({ ipv4: built, ipv6: built });
    expect(lines().filter((line) => line.level === "warn")).toEqual([]);

    const rebuilt = nowSeconds() - day;
    await withBuildEpoch(packaged.ipv4, ipv4, rebuilt);
    await withBuildEpoch(packaged.ipv6, ipv6, rebuilt);
    const deadline = Date.now() + 20_000;
    while ((await buildTimestamps(service)).ipv4 !== rebuilt && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await buildTimestamps(service)).toEqual({ ipv4: rebuilt, ipv6: rebuilt });
    expect(lines().some((line) => line.msg === "IP database reloaded")).toBe(true);
  }, 60_000);

  it("keeps the database in use when a new file cannot be read", async () => {
    const packaged = packagedIpDatabasePaths();
    const combined = join(dataDir, "broken-later.mmdb");
    const built = nowSeconds() - 2 * day;
    await withBuildEpoch(packaged.ipv6, combined, built);
    const { service, lines } = await start({
      GEO_RESOLVER_IP_DB_IPV4: combined,
      GEO_RESOLVER_IP_DB_IPV6: combined,
      GEO_RESOLVER_IP_DB_RELOAD_MS: "100",
    });
    running = service;
    await writeFile(`${combined}.tmp`, "not a database");
    await rename(`${combined}.tmp`, combined);
    const deadline = Date.now() + 10_000;
    while (!lines().some((line) => line.level === "error") && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 100));
    expect(
      lines()
        .filter((line) => line.level === "error")
        .map((line) => line.msg),
    ).toContain("IP database reload failed; the previous one stays in use");
    expect(await buildTimestamps(service)).toEqual({ ipv4: built, ipv6: built });
  }, 60_000);
});
