// The labels of levy_calculations_total: one count per calculation, its outcome decided
// from what the engine stored (exemption reason, tax due), bounded country and tax type.
import { create } from "@bufbuild/protobuf";
import { CalculationSchema, type Calculation } from "@levy/proto/levy/calc_engine/v1/calc_engine_pb.js";
import { Registry } from "prom-client";
import { describe, expect, it } from "vitest";
import { createCalculationMetrics } from "./calculation-metrics.js";

const calculation = (
  country: string,
  taxType: string,
  authorityType: string,
  taxAmount: bigint,
  exemptionReason = "",
) =>
  create(CalculationSchema, {
    addressUsed: { addressCountry: country },
    lineItems: [{ taxJurisdictions: [{ taxType, taxAuthorityType: authorityType }], taxAmount }],
    totals: { taxAmount },
    exemptionReason,
  });

describe("createCalculationMetrics", () => {
  it("counts each calculation once by country, tax type and outcome, and failures as error", async () => {
    const registry = new Registry();
    const metrics = createCalculationMetrics(registry);
    const run = (value: Calculation) => metrics.observe(async () => value);
    await run(calculation("US", "SALES", "STATE", 60n));
    await run(calculation("DE", "VAT", "COUNTRY", 0n, "reverse_charge"));
    await run(calculation("US", "SALES", "STATE", 0n, "exemption_certificate"));
    await run(calculation("US", "SALES", "STATE", 0n, "customer_exempt"));
    await run(calculation("HK", "", "", 0n));
    await run(calculation("<script>", "BOGUS", "COUNTRY", 5n));
    await expect(metrics.observe(async () => Promise.reject(new Error("geo-resolver down")))).rejects.toThrow(
      /geo-resolver/,
    );
    const samples = (await registry.getMetricsAsJSON())[0]!.values.map(
      (sample) => `${sample.labels.country} ${sample.labels.tax_type} ${sample.labels.outcome} ${sample.value}`,
    );
    expect(samples.sort()).toEqual([
      "DE VAT reverse_charge 1",
      "HK none not_collected 1",
      "US SALES exempt 2",
      "US SALES taxed 1",
      "unknown none error 1",
      "unknown none taxed 1",
    ]);
  });
});
