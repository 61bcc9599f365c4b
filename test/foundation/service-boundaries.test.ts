// The linter's service-boundary rule, tried on probe files: a service may import libs and
// the proto contracts, never another service's package or source. Run against a copy of
// biome.json in a scratch tree so that the probes never touch the repository.
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const biome = path.join(root, "node_modules/.bin/biome");
const scratch = mkdtempSync(path.join(tmpdir(), "levy-boundaries-"));
const config = JSON.parse(readFileSync(path.join(root, "biome.json"), "utf8"));
writeFileSync(
  path.join(scratch, "biome.json"),
  JSON.stringify({ ...config, $schema: undefined, vcs: { enabled: false } }),
);
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function lint(file: string, source: string): { ok: boolean; output: string } {
  const target = path.join(scratch, file);
  mkdirSync(path.dirname(target), { recursive: true });
  writeFileSync(target, `${source}\nconsole.log(probe);\n`);
  try {
    const output = execFileSync(biome, ["lint", file], { cwd: scratch, encoding: "utf8", stdio: "pipe" });
    return { ok: true, output };
  } catch (error) {
    const failed = error as { stdout: string; stderr: string };
    return { ok: false, output: failed.stdout + failed.stderr };
  }
}

describe("service boundaries (biome noRestrictedImports)", () => {
  it.each([
    ["a package", 'import { probe } from "@levy/gateway";'],
    ["a package subpath", 'import { probe } from "@levy/ledger/dist/app.js";'],
    ["relative source", 'import { probe } from "../../gateway/src/app.js";'],
  ])("refuses a service importing another service through %s", (_kind, source) => {
    const result = lint("services/calc-engine/src/probe.ts", source);
    expect(result.ok).toBe(false);
    expect(result.output).toContain("noRestrictedImports");
  });

  it.each([
    ["a shared library", 'import { probe } from "@levy/kit";'],
    ["a proto contract", 'import { probe } from "@levy/proto/levy/gateway/v1/gateway_pb.js";'],
    ["its own source", 'import { probe } from "../domain/probe.js";'],
  ])("allows a service importing %s", (_kind, source) => {
    const result = lint("services/calc-engine/src/probe.ts", source);
    expect(result, result.output).toMatchObject({ ok: true });
  });
});
