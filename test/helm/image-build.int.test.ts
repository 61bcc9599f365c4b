// deploy/Dockerfile's build stage, run without Docker (deploy/container/build-outside-docker.sh):
// `npm ci` from the lockfile and `npm run build` in a copy of the build context, the
// per-service trees assembled once, then the runtime stage's copy for one service and
// that service started from it on Node 24 (the image's runtime). About 3 minutes on two
// cores, most of it npm ci and tsc -b; in the integration project because npm ci may
// need the npm registry. All seven: `deploy/container/build-outside-docker.sh`.
import { execFile } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot } from "./chart-tools.js";

/** Runs a script without blocking the worker (vitest's RPC times out on a blocked event loop). */
function run(file: string, args: string[], env: NodeJS.ProcessEnv = process.env) {
  return new Promise<{ status: number; stdout: string; stderr: string }>((resolve) => {
    execFile(file, args, { env, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      resolve({ status: error ? Number(error.code ?? 1) : 0, stdout, stderr });
    });
  });
}

describe("deploy/Dockerfile build stage outside Docker", () => {
  it(
    "builds once, assembles every service and starts calc-engine from its image tree on Node 24",
    async () => {
      const node24 = await run(path.join(repoRoot, "deploy/test-infra/node24.sh"), ["--provision"]);
      expect(node24.status, node24.stderr).toBe(0);
      const build = await run(path.join(repoRoot, "deploy/container/build-outside-docker.sh"), ["calc-engine"], {
        ...process.env,
        LEVY_NODE: node24.stdout.trim(),
      });
      expect(build.status, build.stderr.slice(-4000)).toBe(0);
      for (const service of [
        "gateway",
        "calc-engine",
        "geo-resolver",
        "ledger",
        "catalog",
        "certificates",
        "mcp-bridge",
      ]) {
        expect(build.stdout + build.stderr).toMatch(new RegExp(`assemble.sh: ${service}: \\d+ packages`));
      }
      expect(build.stdout).toMatch(/check-start: calc-engine \(node v24\.\d+\.\d+\) started, healthy, stopped cleanly/);
    },
    15 * 60_000,
  );
});
