import { create } from "@bufbuild/protobuf";
import { CalculationSchema } from "@levy/proto/levy/calc_engine/v1/calc_engine_pb.js";
import { describe, expect, it } from "vitest";
import { createRecentCalculations } from "./recent-calculations.js";

const calculation = (id: string, expiresAt = 2_000_000_000) =>
  create(CalculationSchema, { id, expiresAt: BigInt(expiresAt) });

describe("recent calculations", () => {
  it("keeps the newest up to its capacity, the oldest going first", () => {
    const recent = createRecentCalculations({ capacity: 2, maxAgeMs: 60_000 });
    for (const id of ["calc_1", "calc_2", "calc_3"]) recent.remember(id, calculation(id));
    expect(recent.recall("calc_1")).toBeUndefined();
    expect(recent.recall("calc_2")?.id).toBe("calc_2");
    expect(recent.recall("calc_3")?.id).toBe("calc_3");
  });

  it("forgets a calculation older than its age limit", () => {
    let now = 1_000;
    const recent = createRecentCalculations({ capacity: 10, maxAgeMs: 60_000, now: () => now });
    recent.remember("calc_1", calculation("calc_1"));
    now += 60_000;
    expect(recent.recall("calc_1")?.id).toBe("calc_1");
    now += 1;
    expect(recent.recall("calc_1")).toBeUndefined();
  });

  it("drops the copies of calculations the purge deletes", () => {
    const recent = createRecentCalculations({ capacity: 10, maxAgeMs: 60_000 });
    recent.remember("calc_old", calculation("calc_old", 1_000));
    recent.remember("calc_new", calculation("calc_new", 3_000));
    recent.dropExpiredBefore(2_000);
    expect(recent.recall("calc_old")).toBeUndefined();
    expect(recent.recall("calc_new")?.id).toBe("calc_new");
  });
});
