// SIGTERM/SIGINT handling for a process: the first signal starts a graceful stop, a
// second one (or a stop that hangs past the deadline) exits at once.
import type { Logger } from "./logger.js";

export function stopOnSignals(stop: () => Promise<void>, logger: Logger, deadlineMs = 25_000): void {
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) {
      logger.warn({ signal }, "second signal, exiting now");
      process.exit(1);
    }
    stopping = true;
    logger.info({ signal }, "shutting down");
    setTimeout(() => {
      logger.error("graceful shutdown took too long, exiting");
      process.exit(1);
    }, deadlineMs).unref();
    stop().then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error({ err: error }, "shutdown failed");
        process.exit(1);
      },
    );
  };
  process.on("SIGTERM", onSignal);
  process.on("SIGINT", onSignal);
}

/** Prints a start-up failure (bad config, port in use) plainly and exits non-zero. */
export function exitOnStartupError(error: unknown, service: string): never {
  const message = error instanceof Error ? error.message : String(error);
  process.stderr.write(`${service}: failed to start: ${message}\n`);
  process.exit(1);
}
