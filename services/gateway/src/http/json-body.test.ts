// The plain-case reader must end every request as express.json did: the same body, or
// the same error as the gateway's error handler reads it. Both run behind real HTTP.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { gzipSync } from "node:zlib";
import express, { type NextFunction, type Request, type Response } from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isLevyError, maxJsonNesting } from "@levy/kit";
import { checkRawBody, jsonBody, limitInBytes } from "./json-body.js";

/** What the gateway's error handler reads of a body error: the LevyError, else the body-parser `type`. */
function describeError(error: unknown) {
  if (isLevyError(error)) return { levy: { code: error.code, message: error.message } };
  return { type: (error as { type?: unknown }).type ?? "untyped" };
}

/** The reader as it was: express.json with the gateway's options. */
const expressJson = (limit: string) => express.json({ limit, strict: true, type: () => true, verify: checkRawBody });

function start(reader: express.RequestHandler): Promise<http.Server> {
  const app = express();
  app.use(reader);
  app.post("/", (request, response) => {
    response.json({ body: request.body === undefined ? "<undefined>" : request.body });
  });
  app.use((error: unknown, _request: Request, response: Response, _next: NextFunction) => {
    response.status(299).json(describeError(error));
  });
  return new Promise((resolve) => {
    const server = app.listen(0, "127.0.0.1", () => resolve(server));
  });
}

interface RawRequest {
  readonly name: string;
  readonly headers: Record<string, string>;
  readonly chunks: readonly Buffer[];
}

function send(server: http.Server, raw: RawRequest): Promise<{ status: number; body: string }> {
  const { port } = server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const request = http.request(
      { host: "127.0.0.1", port, method: "POST", path: "/", headers: raw.headers },
      (response) => {
        let body = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (body += chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, body }));
      },
    );
    request.on("error", reject);
    for (const chunk of raw.chunks) request.write(chunk);
    request.end();
  });
}

const sized = (
  name: string,
  body: Buffer | string,
  headers: Record<string, string> = { "content-type": "application/json" },
  split = false,
): RawRequest => {
  const bytes = Buffer.isBuffer(body) ? body : Buffer.from(body, "utf8");
  const chunks =
    split && bytes.length > 1 ? [bytes.subarray(0, bytes.length >> 1), bytes.subarray(bytes.length >> 1)] : [bytes];
  return { name, headers: { ...headers, "content-length": String(bytes.length) }, chunks };
};

const object = JSON.stringify({
  customer: { address: { address_country: "US" } },
  order_details: { line_items: [{ amount: 1 }] },
});
const cases: RawRequest[] = [
  sized("an object", object),
  sized("an object in two chunks", object, undefined, true),
  sized("no content type", object, {}),
  sized("charset utf-8", object, { "content-type": "application/json; charset=utf-8" }),
  sized("charset UTF-8 quoted", object, { "content-type": 'application/json;charset="UTF-8"' }),
  sized("text/plain", object, { "content-type": "text/plain" }),
  sized("charset latin1", object, { "content-type": "application/json; charset=latin1" }),
  sized("charset utf-16", object, { "content-type": "application/json; charset=utf-16" }),
  sized("a byte order mark", `\ufeff${object}`),
  sized("leading whitespace", ` \n\t${object}`),
  sized("an array", "[1,2]"),
  sized("a number", "123"),
  sized("a string", '"x"'),
  sized("null", "null"),
  sized("empty", ""),
  sized("only whitespace", "   "),
  sized("truncated", "{"),
  sized("trailing garbage", `${object} x`),
  sized("invalid UTF-8 in a string", Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d])),
  sized("a lone surrogate escape", '{"a":"\\ud800"}'),
  sized("nested too deep", `${"[".repeat(maxJsonNesting + 1)}${"]".repeat(maxJsonNesting + 1)}`),
  sized("nested to the limit", `${"[".repeat(maxJsonNesting)}${"]".repeat(maxJsonNesting)}`),
  sized("over the limit", `{"a":"${"x".repeat(2048)}"}`),
  sized("at the limit", `{"a":"${"x".repeat(2048 - 8)}"}`),
  sized("gzip", gzipSync(object), { "content-type": "application/json", "content-encoding": "gzip" }),
  sized("identity encoding", object, { "content-type": "application/json", "content-encoding": "identity" }),
  {
    name: "chunked",
    headers: { "content-type": "application/json", "transfer-encoding": "chunked" },
    chunks: [Buffer.from(object)],
  },
];

describe("the JSON body reader", () => {
  let before: http.Server;
  let after: http.Server;
  beforeAll(async () => {
    expect(limitInBytes("2kb")).toBe(2048);
    before = await start(expressJson("2kb"));
    after = await start(jsonBody("2kb"));
  });
  afterAll(() => {
    before.close();
    after.close();
  });

  it.each(cases.map((raw) => [raw.name, raw] as const))("%s: ends as express.json ended it", async (_name, raw) => {
    const [expected, actual] = [await send(before, raw), await send(after, raw)];
    expect(actual).toStrictEqual(expected);
  });
});
