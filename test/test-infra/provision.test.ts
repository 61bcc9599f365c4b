// deploy/test-infra/provision.sh for a newcomer: before building anything it names every
// missing tool at once, with the Debian package, and long steps report progress.
import { spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, symlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";

const infra = path.resolve(import.meta.dirname, "../../deploy/test-infra");

/** A PATH holding only the given commands (links to the real ones) plus fake ones. */
function pathWith(real: string[], fake: Record<string, string> = {}): string {
  const bin = mkdtempSync(path.join(os.tmpdir(), "levy-path-"));
  for (const command of real) {
    const found = spawnSync("bash", ["-c", `command -v ${command}`], { encoding: "utf8" }).stdout.trim();
    if (!found) throw new Error(`${command} is not on this machine's PATH`);
    symlinkSync(found, path.join(bin, command));
  }
  for (const [command, script] of Object.entries(fake)) {
    writeFileSync(path.join(bin, command), `#!/bin/sh\n${script}\n`);
    chmodSync(path.join(bin, command), 0o755);
  }
  return bin;
}

const shellBasics = ["bash", "dirname", "sed", "sort", "tr", "cat"];

function provision(binPath: string, ...components: string[]) {
  const cache = path.join(mkdtempSync(path.join(os.tmpdir(), "levy-cache-")), "cache");
  const result = spawnSync(path.join(binPath, "bash"), [path.join(infra, "provision.sh"), ...components], {
    env: { PATH: binPath, LEVY_CACHE: cache },
    encoding: "utf8",
  });
  return { ...result, cache };
}

describe("provision.sh prerequisites", () => {
  it("lists every missing tool in one message, with its Debian package, before building anything", () => {
    const run = provision(pathWith(shellBasics));
    expect(run.status).toBe(1);
    const missing = [...run.stderr.matchAll(/^ {2}(\S+): for /gm)].map((match) => match[1]);
    expect(missing.sort()).toEqual([
      "flock",
      "go",
      "java",
      "mvn",
      "node",
      "npm",
      "openssl",
      "patch",
      "python3",
      "setsid",
      "sha256sum",
    ]);
    expect(run.stderr).toContain("nothing was built");
    expect(run.stderr).toMatch(/sudo apt-get install .*default-jre-headless.*maven/);
    expect(run.stderr).toContain("golang-go");
    expect(existsSync(run.cache)).toBe(false);
  });

  it("asks only for what the requested components need", () => {
    const run = provision(pathWith(shellBasics), "kafka");
    const missing = [...run.stderr.matchAll(/^ {2}(\S+): for /gm)].map((match) => match[1]);
    expect(missing).toContain("mvn");
    expect(missing).not.toContain("go");
    expect(missing).not.toContain("patch");
  });

  it("refuses a Java older than 17 by its version", () => {
    const tools = ["node", "npm", "flock", "setsid", "sha256sum", "openssl"];
    const run = provision(
      pathWith([...shellBasics, ...tools], { java: "echo 'openjdk version \"11.0.2\" 2019-01-15' >&2", mvn: "exit 0" }),
      "kafka",
    );
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("java is version 11; Kafka here needs 17 or later");
    expect(existsSync(run.cache)).toBe(false);
  });
});

describe("watch_progress (common.sh)", () => {
  it("reports a long step's elapsed time while it runs and when it ends, and passes on its exit status", () => {
    const script = `source ${JSON.stringify(path.join(infra, "common.sh"))}
      sleep 2.5 & watch_progress $! "slow step"
      (sleep 1; exit 3) & watch_progress $! "failing step" || echo "status $?"`;
    const run = spawnSync("bash", ["-c", script], { env: { ...process.env, PROGRESS_EVERY: "1" }, encoding: "utf8" });
    // Which whole seconds bash's SECONDS shows depends on the machine's load: the figures
    // are read, not predicted (a loaded fresh-clone CI run did not print the 1 and 2 once expected).
    const elapsed = [...run.stderr.matchAll(/\[test-infra\] slow step: still working, (\d+) s elapsed\n/g)].map(
      (match) => Number(match[1]),
    );
    expect(elapsed.length).toBeGreaterThanOrEqual(1);
    expect(elapsed[0]).toBeGreaterThanOrEqual(1);
    for (let i = 1; i < elapsed.length; i += 1) expect(elapsed[i]).toBeGreaterThan(elapsed[i - 1]!);
    const done = /\[test-infra\] slow step: done in (\d+) s/.exec(run.stderr);
    expect(Number(done?.[1])).toBeGreaterThanOrEqual(elapsed.at(-1)!);
    expect(run.stderr).not.toContain("failing step: done");
    expect(run.stdout).toBe("status 3\n");
  });
});
