// Reads a request body as JSON, whatever its Content-Type (the API speaks only JSON).
// Mounted after authentication, so an anonymous caller's body is never parsed. The raw
// bytes are checked first: UTF-8 only, nested at most maxJsonNesting levels.
//
// The plain case (a Content-Length within the limit, no Content-Encoding, no charset or
// UTF-8) is read here directly; body-parser's generic machinery (charset lookup, iconv-lite,
// raw-body's listeners) was 5-8 % of the 1-line calculation's profile (docs/performance.md,
// "The 1-line calculation"). Everything else (compressed, chunked, other charsets, over the
// limit) still goes to express.json, and the plain case ends as express.json ends it: the
// same body, the same errors (json-body.test.ts compares both over raw HTTP).
import type { IncomingMessage } from "node:http";
import express, { type NextFunction, type Request, type RequestHandler, type Response } from "express";
import { LevyError, maxJsonNesting, nestsDeeperThan } from "@levy/kit";

/** Refuses the body before it is parsed; the error handler renders the LevyError. */
export function checkRawBody(_request: unknown, _response: unknown, bytes: Buffer, encoding: string): void {
  if (encoding !== "utf-8") throw new LevyError("invalid_request", "the request body must be UTF-8 JSON");
  if (nestsDeeperThan(bytes, maxJsonNesting)) {
    throw new LevyError(
      "invalid_request",
      `the request body nests arrays and objects more than ${maxJsonNesting} levels deep`,
    );
  }
}

/** "1mb" / "100kb" (the gateway's BODY_LIMIT form) in bytes as body-parser counts them; 0 if another form. */
export function limitInBytes(limit: string): number {
  const match = /^(\d+)(kb|mb)$/.exec(limit);
  return match ? Number(match[1]) * (match[2] === "kb" ? 1024 : 1024 * 1024) : 0;
}

const plainContentType = /^application\/json\s*(?:;\s*charset\s*=\s*(?:utf-8|"utf-8")\s*)?$/i;
const firstNonWhitespace = /^[ \t\n\r]*([^ \t\n\r]|$)/;

/** The error body-parser gives for a body that is not JSON (the error handler reads `type`). */
function parseFailure(message: string): Error {
  return Object.assign(new SyntaxError(message), {
    status: 400,
    statusCode: 400,
    expose: true,
    type: "entity.parse.failed",
  });
}

/** What body-parser's strict JSON parse gives for the decoded text. */
function parseStrict(text: string): unknown {
  if (text.length === 0) return {};
  const first = text[0] === "{" || text[0] === "[" ? text[0] : firstNonWhitespace.exec(text)?.[1];
  if (first !== "{" && first !== "[")
    throw parseFailure(
      first ? `Unexpected token '${first}', "${text.slice(0, 20)}" is not valid JSON` : "Unexpected end of JSON input",
    );
  try {
    return JSON.parse(text);
  } catch (error) {
    throw parseFailure((error as Error).message);
  }
}

/** The body's length when this request is the plain case, else undefined. */
function plainLength(request: IncomingMessage, maxBytes: number): number | undefined {
  const headers = request.headers;
  if (headers["transfer-encoding"] !== undefined) return undefined;
  const encoding = headers["content-encoding"];
  if (encoding !== undefined && encoding.toLowerCase() !== "identity") return undefined;
  const type = headers["content-type"];
  if (type !== undefined && !plainContentType.test(type)) return undefined;
  const length = headers["content-length"];
  if (length === undefined || !/^\d{1,9}$/.test(length)) return undefined;
  const bytes = Number(length);
  return bytes <= maxBytes ? bytes : undefined;
}

function readPlain(request: Request, response: Response, next: NextFunction, length: number): void {
  const chunks: Buffer[] = [];
  let received = 0;
  const onData = (chunk: Buffer) => {
    chunks.push(chunk);
    received += chunk.length;
  };
  const onAborted = () => {
    cleanup();
    next(
      Object.assign(new Error("request aborted"), {
        status: 400,
        statusCode: 400,
        expose: true,
        code: "ECONNABORTED",
        expected: length,
        length,
        received,
        type: "request.aborted",
      }),
    );
  };
  const onEnd = () => {
    cleanup();
    const bytes = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, received);
    try {
      checkRawBody(request, response, bytes, "utf-8");
      // iconv-lite (body-parser's decoder) drops a leading byte order mark.
      const text = bytes.toString("utf8");
      request.body = parseStrict(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
    } catch (error) {
      next(error);
      return;
    }
    next();
  };
  const cleanup = () => {
    request.off("data", onData);
    request.off("end", onEnd);
    request.off("aborted", onAborted);
    request.off("error", onAborted);
  };
  request.on("data", onData);
  request.on("end", onEnd);
  request.on("aborted", onAborted);
  request.on("error", onAborted);
}

/** `limit` is the largest accepted body, e.g. "1mb" (over it: 413 payload_too_large). */
export function jsonBody(limit: string): RequestHandler {
  const generic = express.json({ limit, strict: true, type: () => true, verify: checkRawBody });
  const maxBytes = limitInBytes(limit);
  return (request, response, next) => {
    // on-finished's isFinished, which body-parser asks first: such a request goes to it.
    const finished =
      (request as IncomingMessage & { upgrade?: boolean }).upgrade === true ||
      !request.socket?.writable ||
      (request.complete && !request.readable);
    const length = finished ? undefined : plainLength(request, maxBytes);
    if (length === undefined || length === 0) {
      generic(request, response, next);
      return;
    }
    readPlain(request, response, next, length);
  };
}
