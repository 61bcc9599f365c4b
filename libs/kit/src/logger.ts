// JSON-lines logging with pino. The request id is added from async context; secrets
// and personal data are redacted by path in case a caller logs an object carelessly.
import { pino, type DestinationStream, type Logger } from "pino";
import { currentRequestContext } from "./request-context.js";

export type { Logger };

export interface LoggerOptions {
  readonly service: string;
  readonly level: string;
  /** Where lines go; defaults to stdout. Tests pass a stream to capture them. */
  readonly destination?: NodeJS.WritableStream;
}

const redactedPaths = [
  "authorization",
  "*.authorization",
  "headers.authorization",
  "secret",
  "*.secret",
  "apiKey",
  "*.apiKey",
  "adminToken",
  "*.adminToken",
  "email",
  "*.email",
];

export function createLogger(options: LoggerOptions): Logger {
  return pino(
    {
      level: options.level,
      base: { service: options.service },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      redact: { paths: redactedPaths, censor: "[redacted]" },
      mixin: () => {
        const context = currentRequestContext();
        return context ? { request_id: context.requestId } : {};
      },
    },
    (options.destination ?? process.stdout) as DestinationStream,
  );
}
