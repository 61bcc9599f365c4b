// Reading other processes' CPU from /proc (Linux): a process tree is found from its root,
// and a busy child's CPU time is seen from outside, as the distributed bench reads the
// services, FerretDB and Kafka.
import { spawn } from "node:child_process";
import { once } from "node:events";
import { describe, expect, it } from "vitest";
// @ts-expect-error: plain ESM script without type declarations
import { clockTicksPerSecond, processTree, readGroupsCpuMicros } from "../../bench/process-cpu.mjs";

describe("CPU of other processes from /proc", () => {
  it("finds a child in the tree and reads the CPU it used; a vanished process counts 0", async () => {
    // The child spins until it has used 300 ms of CPU of its own, then waits to be read.
    const child = spawn(
      process.execPath,
      [
        "-e",
        "const s=process.cpuUsage();while(process.cpuUsage(s).user<300000){}console.log('done');setInterval(()=>{},1000)",
      ],
      { stdio: ["ignore", "pipe", "inherit"] },
    );
    try {
      await once(child.stdout, "data");
      expect(processTree(process.pid)).toContain(child.pid);
      expect(clockTicksPerSecond()).toBeGreaterThan(0);
      const micros = readGroupsCpuMicros({ spinner: [child.pid], gone: [2 ** 22 + 1] });
      expect(micros.spinner).toBeGreaterThanOrEqual(250_000);
      expect(micros.gone).toBe(0);
    } finally {
      child.kill();
    }
  });
});
