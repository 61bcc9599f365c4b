// What can be checked of the container image without a Docker engine: the Dockerfile
// starts files that exist after `npm run build` for every service, installs each
// service by its real workspace name, and the build context (.dockerignore) keeps out
// dependencies, build output, caches, local data, git and tests but keeps the sources.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot } from "./chart-tools.js";
import { serviceNames } from "./code-topology.js";
import { dockerignoreExcludes } from "./dockerignore.js";

const dockerfile = readFileSync(path.join(repoRoot, "deploy", "Dockerfile"), "utf8");
const ignore = readFileSync(path.join(repoRoot, ".dockerignore"), "utf8");

describe("deploy/Dockerfile", () => {
  it("starts node services/$LEVY_SERVICE/dist/main.js, which the build produces for every service", () => {
    expect(dockerfile).toMatch(/^CMD \["\/bin\/sh", "-c", "exec node \\"services\/\$LEVY_SERVICE\/dist\/main.js\\""\]$/m);
    expect(dockerfile).toMatch(/LEVY_SERVICE=\$\{SERVICE\}/);
    for (const service of serviceNames) {
      expect(existsSync(path.join(repoRoot, "services", service, "dist", "main.js")), service).toBe(true);
    }
  });

  it("installs each service by its workspace name and ships its health check's imports", () => {
    expect(dockerfile).toContain('npm install --omit=dev --workspace "@levy/$SERVICE"');
    for (const service of serviceNames) {
      const manifest = JSON.parse(readFileSync(path.join(repoRoot, "services", service, "package.json"), "utf8"));
      expect(manifest.name).toBe(`@levy/${service}`);
    }
    expect(dockerfile).toMatch(/^HEALTHCHECK .*\n\s+CMD \["node", "\/app\/deploy\/container\/healthcheck.mjs"\]/m);
    const healthcheck = readFileSync(path.join(repoRoot, "deploy", "container", "healthcheck.mjs"), "utf8");
    const imported = healthcheck.match(/from "(\.\.\/\.\.\/libs\/kit\/dist\/[a-z-]+\.js)"/)![1]!;
    expect(existsSync(path.join(repoRoot, "deploy", "container", imported))).toBe(true);
  });

  it("runs as an unprivileged user and copies the runtime files it names", () => {
    expect(dockerfile).toMatch(/^USER node$/m);
    const runtime = dockerfile.slice(dockerfile.indexOf("AS runtime"));
    expect(runtime).not.toMatch(/npm install(?! --omit=dev)/);
    for (const copied of ["proto/gen", "libs/*/dist", "services/$SERVICE/dist", "deploy/container/healthcheck.mjs"]) expect(dockerfile).toContain(copied);
  });
});

describe(".dockerignore", () => {
  it.each([
    "node_modules/zod/index.js",
    "services/gateway/node_modules/x.js",
    ".cache/tools/bin/helm",
    ".data/gateway/api-key-pepper",
    "services/ledger/dist/main.js",
    "libs/kit/dist/index.js",
    "proto/gen/levy/ledger/v1/ledger_pb.js",
    ".git/HEAD",
    "test/helm/chart.test.ts",
    "libs/kit/src/health.test.ts",
    "services/catalog/src/domain/customers.int.test.ts",
    "helm/levy/values.yaml",
  ])("keeps %s out of the build context", (file) => {
    expect(dockerignoreExcludes(ignore, file)).toBe(true);
  });

  it.each([
    "package.json",
    "package-lock.json",
    "tsconfig.base.json",
    "proto/levy/ledger/v1/ledger.proto",
    "proto/buf.gen.yaml",
    "libs/kit/src/health.ts",
    "services/calc-engine/data/intl-vat.json",
    "services/gateway/src/app.ts",
    "deploy/container/healthcheck.mjs",
    "deploy/embedded/src/main.ts",
  ])("keeps %s in the build context", (file) => {
    expect(dockerignoreExcludes(ignore, file)).toBe(false);
  });
});
