// The gateway's res.json: what express's res.json + res.send do for a JSON answer, less
// what the API never uses. No ETag (express hashed every body for it, and no client
// sends If-None-Match to an API of fresh tax answers), so no freshness check either, and
// no settings lookups or Content-Type parsing per response.
import type { Express, Response } from "express";

const jsonContentType = "application/json; charset=utf-8";

function sendJson(this: Response, body: unknown): Response {
  const text = JSON.stringify(body) ?? "";
  // 204, 304 and 205 carry no body (as express's res.send strips it).
  const bodiless = this.statusCode === 204 || this.statusCode === 304 || this.statusCode === 205;
  if (!bodiless) {
    if (!this.getHeader("Content-Type")) this.setHeader("Content-Type", jsonContentType);
    this.setHeader("Content-Length", Buffer.byteLength(text));
  }
  if (this.req.method === "HEAD" || bodiless) this.end();
  else this.end(text);
  return this;
}

/** Every response of `app` answers JSON this way (app.response is the prototype of its responses). */
export function useLeanJsonResponses(app: Express): void {
  app.set("etag", false);
  app.response.json = sendJson as Express["response"]["json"];
}
