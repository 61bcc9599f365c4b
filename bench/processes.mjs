// Child processes of the harness: the bare server, the system under test and the load
// generator each run in a process of their own, controlled over IPC.
import { fork } from "node:child_process";
import { once } from "node:events";
import { createWriteStream } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));

/** Forks `script` and waits for its {type: "ready"} message; output goes to `logFile`. */
export async function startChild(script, { env = process.env, execArgv = [], logFile, readyTimeoutMs = 120_000 } = {}) {
  const child = fork(path.join(here, script), [], { env, execArgv, stdio: ["ignore", "pipe", "pipe", "ipc"] });
  const log = createWriteStream(logFile ?? "/dev/null", { flags: "a" });
  child.stdout.pipe(log);
  child.stderr.pipe(log);
  const ready = await new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`${script} was not ready within ${readyTimeoutMs} ms (see ${logFile})`)),
      readyTimeoutMs,
    );
    child.on("message", function onMessage(message) {
      if (message.type !== "ready" && message.type !== "failed") return;
      clearTimeout(timer);
      child.off("message", onMessage);
      if (message.type === "failed") reject(new Error(`${script} failed to start: ${message.message}`));
      else resolve(message);
    });
    child.once("exit", (code) =>
      reject(new Error(`${script} exited with code ${code} before it was ready (see ${logFile})`)),
    );
  });
  return {
    ...ready,
    child,
    /** Sends a request and waits for the answer of the same type. */
    ask: (type) =>
      new Promise((resolve) => {
        child.on("message", function onMessage(message) {
          if (message.type !== type) return;
          child.off("message", onMessage);
          resolve(message);
        });
        child.send({ type });
      }),
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = once(child, "exit");
      child.send({ type: "stop" });
      const timer = setTimeout(() => child.kill("SIGKILL"), 30_000);
      await exited;
      clearTimeout(timer);
      log.end();
    },
  };
}

/** Runs one autocannon job in a fresh load-generator process; resolves with {result, ids}. */
export async function runLoad(job) {
  const child = fork(path.join(here, "load-worker.mjs"), [], { stdio: ["ignore", "inherit", "inherit", "ipc"] });
  try {
    const [message] = await Promise.race([
      once(child, "message"),
      once(child, "exit").then(([code]) => {
        throw new Error(`load generator exited with code ${code}`);
      }),
      new Promise((resolve) => child.send(job, resolve)).then(() => new Promise(() => {})),
    ]);
    if (message.type === "failed") throw new Error(`load generator failed: ${message.message}`);
    return message;
  } finally {
    child.kill();
  }
}
