// The fixed-rate run must offer its rate evenly (open loop): one request every 1/rate s,
// whatever the connections. autocannon's `overallRate` lets every connection send its
// share of a second back to back at the start of each second, so the "150/s" run was a
// burst of 16 concurrent requests every second and its p99 measured the burst's queue.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
// @ts-expect-error: plain ESM script without type declarations
import { runLoad } from "../../bench/processes.mjs";
// @ts-expect-error: plain ESM script without type declarations
import { summariseRun } from "../../bench/report.mjs";

const serviceMs = 20;
let server: http.Server;
let url: string;
let inFlight = 0;
let mostInFlight = 0;
let served = 0;

beforeAll(async () => {
  server = http.createServer((request, response) => {
    inFlight += 1;
    mostInFlight = Math.max(mostInFlight, inFlight);
    request.resume();
    request.on("end", () =>
      setTimeout(() => {
        inFlight -= 1;
        served += 1;
        response.setHeader("content-type", "application/json");
        response.end('{"ok":true}');
      }, serviceMs),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("fixed-rate load (bench)", () => {
  it("spreads 100/s over 16 connections evenly: about rate × service time in flight, not 16", async () => {
    const { result } = await runLoad({
      url,
      method: "POST",
      path: "/",
      body: { n: 1 },
      connections: 16,
      duration: 2,
      overallRate: 100,
    });
    const figures = summariseRun(result);
    expect(figures.total).toBeGreaterThanOrEqual(180);
    expect(figures.total).toBeLessThanOrEqual(205);
    expect(served).toBeGreaterThanOrEqual(figures.total);
    expect(figures.errors + figures.non2xx).toBe(0);
    // 100/s × 20 ms = 2 in flight on average; a burst per second puts all 16 in flight
    // (the margin is for a loaded machine, where a late timer sends the overdue requests at once).
    expect(mostInFlight, `most in flight`).toBeLessThanOrEqual(12);
    expect(figures.p50).toBeGreaterThanOrEqual(serviceMs - 1);
  });
});
