import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { mkdtemp } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { LevyError } from "@levy/kit";
import { createEmbeddedStore, type Store } from "@levy/storage";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createIdempotencyStore } from "../adapters/idempotency-store.js";
import { canonicalJson, idempotency, requestHash } from "./idempotency.js";
import { stateOf } from "./request-state.js";

describe("Idempotency-Key", () => {
  let store: Store;
  let server: http.Server;
  let base: string;
  let runs = 0;
  let release: (() => void) | null = null;

  beforeAll(async () => {
    store = await createEmbeddedStore({ dir: await mkdtemp(path.join(os.tmpdir(), "idem-test-")) });
    const app = express();
    app.use(express.json());
    app.use((request, response, next) => {
      stateOf(response).auth = { accountId: request.header("x-account") ?? "acct_1", livemode: false } as never;
      next();
    });
    app.use(idempotency(await createIdempotencyStore(store)));
    app.post("/things", async (request, response) => {
      runs += 1;
      if (request.body.slow) await new Promise<void>((resolve) => (release = resolve));
      if (request.body.fail) throw new LevyError("invalid_field", "bad", { field: "fail" });
      if (request.body.crash) throw new Error("boom");
      response.json({ run: runs, echo: request.body });
    });
    app.use((error: unknown, _request: express.Request, response: express.Response, _next: express.NextFunction) => {
      if (error instanceof LevyError)
        response.status(error.code === "invalid_field" ? 400 : 409).json({ code: error.code });
      else response.status(500).json({ code: "internal_error" });
    });
    server = http.createServer(app).listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.close();
    await store.close();
  });

  const post = async (body: unknown, key?: string, account = "acct_1") => {
    const response = await fetch(`${base}/things`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-account": account, ...(key ? { "idempotency-key": key } : {}) },
      body: JSON.stringify(body),
    });
    return {
      status: response.status,
      body: (await response.json()) as Record<string, unknown>,
      replayed: response.headers.get("idempotent-replayed"),
    };
  };

  it("hashes bodies canonically", () => {
    expect(canonicalJson({ b: 1, a: [{ d: 2, c: 3 }] })).toBe('{"a":[{"c":3,"d":2}],"b":1}');
    expect(requestHash("post", "/x", { a: 1, b: 2 })).toBe(requestHash("POST", "/x", { b: 2, a: 1 }));
    expect(requestHash("POST", "/x", { a: 1 })).not.toBe(requestHash("POST", "/y", { a: 1 }));
  });

  it("runs once and replays for the same key and body", async () => {
    const first = await post({ a: 1 }, "key-1");
    const second = await post({ a: 1 }, "key-1");
    expect(second).toEqual({ ...first, replayed: "true" });
    expect(first.replayed).toBeNull();
    const runsBefore = runs;
    await post({ a: 1 }, "key-1");
    expect(runs).toBe(runsBefore);
  });

  it("answers 409 idempotency_conflict for the same key with another body", async () => {
    await post({ a: 1 }, "key-2");
    expect(await post({ a: 2 }, "key-2")).toMatchObject({ status: 409, body: { code: "idempotency_conflict" } });
  });

  it("replays a 4xx but lets a retry after a 5xx run again", async () => {
    const bad = await post({ fail: true }, "key-3");
    expect(bad.status).toBe(400);
    expect(await post({ fail: true }, "key-3")).toMatchObject({ status: 400, replayed: "true" });
    const runsBefore = runs;
    expect((await post({ crash: true }, "key-4")).status).toBe(500);
    expect((await post({ crash: true }, "key-4")).status).toBe(500);
    expect(runs).toBe(runsBefore + 2);
  });

  it("a duplicate while the first is in flight is a 409 conflict", async () => {
    const first = post({ slow: true }, "key-5");
    while (!release) await new Promise((resolve) => setTimeout(resolve, 5));
    expect(await post({ slow: true }, "key-5")).toMatchObject({ status: 409, body: { code: "conflict" } });
    release!();
    release = null;
    expect((await first).status).toBe(200);
  });

  it("keys are per account; no key means no idempotency", async () => {
    const a = await post({ a: 1 }, "key-6", "acct_a");
    const b = await post({ a: 1 }, "key-6", "acct_b");
    expect(b.body.run).not.toBe(a.body.run);
    const runsBefore = runs;
    await post({ a: 1 });
    await post({ a: 1 });
    expect(runs).toBe(runsBefore + 2);
    expect((await post({ a: 1 }, "bad key with spaces")).status).toBe(400);
  });
});
