// What can be checked of the container image without a Docker engine: the Dockerfile
// is on Node 24 LTS, builds once for all services (one shared stage with `npm ci` and
// the build, SERVICE read only by the runtime stage), starts files that exist after
// `npm run build` for every service, and the build context (.dockerignore) keeps out
// dependencies, build output, caches, local data, git and tests but keeps the sources.
// The build stage's commands themselves run in test/helm/image-build.test.ts.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot } from "./chart-tools.js";
import { serviceNames } from "./code-topology.js";
import { baseImage, parseDockerfile } from "./dockerfile.js";
import { dockerignoreExcludes } from "./dockerignore.js";

const dockerfile = readFileSync(path.join(repoRoot, "deploy", "Dockerfile"), "utf8");
const ignore = readFileSync(path.join(repoRoot, ".dockerignore"), "utf8");
const parsed = parseDockerfile(dockerfile);
const stageNamed = (name: string) => parsed.stages.find((stage) => stage.name === name)!;
const runs = (name: string) =>
  stageNamed(name)
    .instructions.filter((instruction) => instruction.keyword === "RUN")
    .map((run) => run.args);
const commonSh = readFileSync(path.join(repoRoot, "deploy", "test-infra", "common.sh"), "utf8");

describe("deploy/Dockerfile stages", () => {
  it("builds every stage on Node 24 LTS, the same minor as the tests' Node 24", () => {
    const node24 = commonSh.match(/^NODE24_VERSION="(24\.\d+)\.\d+"$/m)![1]!;
    for (const stage of parsed.stages) {
      expect(baseImage(parsed, stage), stage.name ?? stage.from).toMatch(/^node:24\.\d+-[a-z]+(-slim)?$/);
      expect(baseImage(parsed, stage)).toBe(`node:${node24}-bookworm-slim`);
    }
  });

  it("has one build stage, shared by every service, and one runtime stage", () => {
    expect(parsed.stages.map((stage) => stage.name)).toEqual(["build", "runtime"]);
    const build = stageNamed("build");
    // An ARG SERVICE here would make each image's build layers differ (a build per service).
    expect(build.instructions.filter((instruction) => instruction.keyword === "ARG")).toEqual([]);
    for (const instruction of build.instructions) expect(instruction.args).not.toMatch(/SERVICE/);
    expect(build.instructions.filter((instruction) => instruction.keyword === "COPY").map((copy) => copy.args)).toEqual(
      [". ."],
    );
  });

  it("installs exactly the lockfile with npm ci, once, builds once and assembles every service", () => {
    expect(runs("build")).toEqual([
      "npm ci --no-audit --no-fund && npm run build",
      "deploy/container/assemble.sh .image",
    ]);
    expect(dockerfile).not.toMatch(/npm (install|i) /);
    expect(runs("runtime").join("\n")).not.toMatch(/npm|tsc/);
    expect(readFileSync(path.join(repoRoot, "package.json"), "utf8")).toMatch(/"build": "npm run generate && tsc -b"/);
  });

  it("lets SERVICE select only what the runtime stage copies from the build", () => {
    const runtime = stageNamed("runtime");
    expect(runtime.instructions.filter((instruction) => instruction.keyword === "ARG").map((arg) => arg.args)).toEqual([
      "SERVICE",
    ]);
    const copies = runtime.instructions
      .filter((instruction) => instruction.keyword === "COPY")
      .map((copy) => copy.args);
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the Dockerfile's own ${SERVICE}, not a template
    expect(copies).toEqual(["--from=build --chown=root:root /src/.image/${SERVICE}/ ./"]);
  });
});

describe("deploy/Dockerfile", () => {
  it("starts node services/$LEVY_SERVICE/dist/main.js, which the build produces for every service", () => {
    expect(dockerfile).toMatch(
      /^CMD \["\/bin\/sh", "-c", "exec node \\"services\/\$LEVY_SERVICE\/dist\/main.js\\""\]$/m,
    );
    expect(dockerfile).toMatch(/LEVY_SERVICE=\$\{SERVICE\}/);
    for (const service of serviceNames) {
      expect(existsSync(path.join(repoRoot, "services", service, "dist", "main.js")), service).toBe(true);
    }
  });

  it("assembles each service by its workspace name and ships its health check's imports", () => {
    const assemble = readFileSync(path.join(repoRoot, "deploy", "container", "assemble.sh"), "utf8");
    expect(assemble).toContain('npm ls --omit=dev --all --parseable --workspace "@levy/$service"');
    for (const service of serviceNames) {
      const manifest = JSON.parse(readFileSync(path.join(repoRoot, "services", service, "package.json"), "utf8"));
      expect(manifest.name).toBe(`@levy/${service}`);
    }
    expect(dockerfile).toMatch(/^HEALTHCHECK .*\n\s+CMD \["node", "\/app\/deploy\/container\/healthcheck.mjs"\]/m);
    const healthcheck = readFileSync(path.join(repoRoot, "deploy", "container", "healthcheck.mjs"), "utf8");
    const imported = healthcheck.match(/from "(\.\.\/\.\.\/libs\/kit\/dist\/[a-z-]+\.js)"/)![1]!;
    expect(existsSync(path.join(repoRoot, "deploy", "container", imported))).toBe(true);
  });

  it("runs as an unprivileged user", () => {
    expect(stageNamed("runtime").instructions.filter((instruction) => instruction.keyword === "USER")).toEqual([
      { keyword: "USER", args: "node" },
    ]);
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
