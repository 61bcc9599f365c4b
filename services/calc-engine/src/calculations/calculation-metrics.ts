// levy_calculations_total{country,tax_type,outcome}: one count per calculation (not per
// line), labelled with what the engine decided for the order as a whole:
//   taxed           some tax is due
//   exempt          the customer is exempt, or an exemption certificate covers the order
//   reverse_charge  intra-EU B2B: the customer accounts for the VAT
//   not_collected   nothing due (no taxing jurisdiction, zero rate, exempt or zero-rated goods)
//   error           the calculation failed (invalid input, an upstream down, ...)
// country is the ISO code of the customer's country ("unknown" when there is none) and
// tax_type the country-level jurisdiction's tax (SALES, USE, VAT, GST; "none" without).
import type { Calculation } from "@levy/proto/levy/calc_engine/v1/calc_engine_pb.js";
import { Counter, type Registry } from "prom-client";

export interface CalculationMetrics {
  /** Runs one calculation and counts its outcome. */
  observe(run: () => Promise<Calculation>): Promise<Calculation>;
}

const countryCode = /^[A-Z]{2}$/;
const taxTypes = new Set(["SALES", "USE", "VAT", "GST"]);

function labelsOf(calculation: Calculation): { country: string; tax_type: string; outcome: string } {
  const entries = [...calculation.lineItems, ...calculation.feeLineItems].flatMap((line) => line.taxJurisdictions);
  const national = entries.find((entry) => entry.taxAuthorityType === "COUNTRY") ?? entries[0];
  const country = calculation.addressUsed?.addressCountry ?? "";
  const taxType = national?.taxType ?? "";
  const reason = calculation.exemptionReason;
  const outcome =
    reason === "reverse_charge"
      ? "reverse_charge"
      : reason !== ""
        ? "exempt"
        : (calculation.totals?.taxAmount ?? 0n) > 0n || (calculation.feeTotals?.taxAmount ?? 0n) > 0n
          ? "taxed"
          : "not_collected";
  return {
    country: countryCode.test(country) ? country : "unknown",
    tax_type: taxTypes.has(taxType) ? taxType : "none",
    outcome,
  };
}

export function createCalculationMetrics(registry: Registry): CalculationMetrics {
  const calculations = new Counter({
    name: "levy_calculations_total",
    help: "Calculations, by customer country, tax type and outcome (taxed, exempt, reverse_charge, not_collected, error)",
    labelNames: ["country", "tax_type", "outcome"] as const,
    registers: [registry],
  });
  return {
    async observe(run) {
      let calculation: Calculation;
      try {
        calculation = await run();
      } catch (error) {
        calculations.inc({ country: "unknown", tax_type: "none", outcome: "error" });
        throw error;
      }
      calculations.inc(labelsOf(calculation));
      return calculation;
    },
  };
}
