// Which upstream errors open a breaker: only those that say the upstream is unhealthy
// (unreachable, dropped, too slow), never one caused by a request's content, whatever
// its Connect code: a breaker opened by one caller's request denies every caller.
import { Code, ConnectError, createRouterTransport } from "@connectrpc/connect";
import { createGrpcTransport } from "@connectrpc/connect-node";
import { LevyError, toConnectError } from "@levy/kit";
import { CalcEngineService } from "@levy/proto/levy/calc_engine/v1/calc_engine_pb.js";
import { describe, expect, it, vi } from "vitest";
import { createGuardedClient, isUpstreamHealthFailure } from "./guarded-client.js";

const options = { timeoutMs: 1000, resetTimeoutMs: 30_000, errorThresholdPercentage: 50, volumeThreshold: 3 };

/** A calc-engine whose GetCalculation throws what the id names, and answers "ok". */
function upstreamThrowing(errors: Record<string, () => unknown>) {
  return createRouterTransport((router) =>
    router.service(CalcEngineService, {
      getCalculation: async (request) => {
        const error = errors[request.calculationId];
        if (error) throw error();
        return {};
      },
    }),
  );
}

const contentErrors: Record<string, () => unknown> = {
  // a calculation that breaks calc-engine (the 10^12 × 10^9 overflow was one)
  internal: () => toConnectError(new RangeError("int64 overflow")),
  thrown: () => new Error("a bug reached by one request"),
  unknown: () => new ConnectError("?", Code.Unknown),
  invalid_argument: () => toConnectError(new LevyError("invalid_field", "bad", { field: "x" })),
  not_found: () => toConnectError(new LevyError("calculation_not_found", "no such calculation")),
  failed_precondition: () => toConnectError(new LevyError("calculation_expired", "expired")),
  already_exists: () => toConnectError(new LevyError("duplicate_reference_order_id", "taken")),
  conflict: () => toConnectError(new LevyError("conflict", "concurrent write")),
  resource_exhausted: () => new ConnectError("too big", Code.ResourceExhausted),
  out_of_range: () => new ConnectError("out of range", Code.OutOfRange),
  permission_denied: () => new ConnectError("no", Code.PermissionDenied),
  unauthenticated: () => new ConnectError("no", Code.Unauthenticated),
  unimplemented: () => new ConnectError("no", Code.Unimplemented),
  data_loss: () => new ConnectError("corrupt input", Code.DataLoss),
};

describe("gateway breakers open on upstream health only", () => {
  it("stays closed through any number of errors caused by a request's content", async () => {
    const guarded = createGuardedClient("calc-engine", CalcEngineService, upstreamThrowing(contentErrors), options);
    for (let round = 0; round < 3; round += 1) {
      for (const id of Object.keys(contentErrors)) {
        await expect(guarded.client.getCalculation({ calculationId: id })).rejects.toBeInstanceOf(LevyError);
      }
    }
    expect(guarded.breaker.opened).toBe(false);
    await expect(guarded.client.getCalculation({ calculationId: "fine" })).resolves.toBeDefined();
  });

  it("opens when the upstream is unavailable, and then fails fast with upstream_unavailable", async () => {
    const outage = () => toConnectError(Object.assign(new Error("database down"), { code: "unavailable" }));
    const guarded = createGuardedClient(
      "calc-engine",
      CalcEngineService,
      upstreamThrowing({ down: () => new ConnectError("down", Code.Unavailable), outage }),
      options,
    );
    for (const id of ["down", "outage", "down"])
      await expect(guarded.client.getCalculation({ calculationId: id })).rejects.toMatchObject({
        code: "upstream_unavailable",
      });
    expect(guarded.breaker.opened).toBe(true);
    await expect(guarded.client.getCalculation({ calculationId: "fine" })).rejects.toMatchObject({
      code: "upstream_unavailable",
      meta: { retry_after_seconds: "30" },
    });
  });

  it("opens on an unreachable upstream (transport error)", async () => {
    const transport = createGrpcTransport({ baseUrl: "http://127.0.0.1:9" });
    const guarded = createGuardedClient("calc-engine", CalcEngineService, transport, options);
    for (let attempt = 0; attempt < 3; attempt += 1)
      await expect(guarded.client.getCalculation({ calculationId: "x" })).rejects.toMatchObject({
        code: "upstream_unavailable",
      });
    expect(guarded.breaker.opened).toBe(true);
  });

  it("counts exactly unavailable, deadline exceeded and a stream dropped by the transport", () => {
    expect(isUpstreamHealthFailure(new ConnectError("", Code.Unavailable))).toBe(true);
    expect(isUpstreamHealthFailure(new ConnectError("", Code.DeadlineExceeded))).toBe(true);
    expect(isUpstreamHealthFailure(new ConnectError("", Code.Aborted))).toBe(true);
    expect(isUpstreamHealthFailure(new ConnectError("", Code.Canceled))).toBe(true);
    expect(isUpstreamHealthFailure(toConnectError(new LevyError("upstream_timeout", "slow")))).toBe(true);
    for (const error of Object.values(contentErrors)) expect(isUpstreamHealthFailure(error())).toBe(false);
  });
});

describe("breakers at rest (issue 17: an idle gateway must not wake)", () => {
  it("arm no interval of their own: one shared clock turns every rolling window", () => {
    const every = vi.spyOn(globalThis, "setInterval");
    try {
      const breakers = ["a", "b", "c"].map(
        (name) => createGuardedClient(name, CalcEngineService, upstreamThrowing({}), options).breaker,
      );
      expect(every.mock.calls.length).toBeLessThanOrEqual(1);
      for (const breaker of breakers) breaker.shutdown();
    } finally {
      every.mockRestore();
    }
  });

  it("still forget failures once they leave the 10 s window", async () => {
    vi.useFakeTimers();
    vi.resetModules(); // a fresh shared clock, armed on the fake timers
    try {
      const fresh = await import("./guarded-client.js");
      const { client, breaker } = fresh.createGuardedClient(
        "window",
        CalcEngineService,
        upstreamThrowing({ down: () => new ConnectError("down", Code.Unavailable) }),
        { ...options, volumeThreshold: 100 },
      );
      await client.getCalculation({ calculationId: "down" }).catch(() => {});
      expect(breaker.stats.failures).toBe(1);
      vi.advanceTimersByTime(11_000);
      expect(breaker.stats.failures).toBe(0);
      breaker.shutdown();
    } finally {
      vi.useRealTimers();
    }
  });
});
