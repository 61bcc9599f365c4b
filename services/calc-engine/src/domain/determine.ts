// Determination of one line: which rule each jurisdiction applies to the line's
// category, the exact tax, and each jurisdiction's share. Pure: no I/O.
import type { RateBook } from "../rates/rate-book.js";
import type { FeePeriod, TaxabilityRule } from "../rates/rate-data-schema.js";
import { RATE_SCALE, type LineTax, type TaxComponent, rateUnits, taxExclusive, taxInclusive } from "./tax-math.js";

/** A jurisdiction that applies at the address, with its rates on the transaction day. */
export interface AppliedJurisdiction {
  readonly id: string;
  readonly name: string;
  readonly type: string;
  readonly taxType: string;
  readonly authorityName: string;
  readonly displayName: string;
  readonly rates: Readonly<Record<string, number>>;
  readonly fees: readonly FeePeriod[];
}

/** Why every jurisdiction charges nothing on this line, when that is decided above the rules. */
export interface LineOverride {
  readonly rateType: "exempt" | "reverse_charge";
  readonly note: string;
}

export interface LineInput {
  /** The taxable amount of the whole line (for platform calculations: unit price × quantity). */
  readonly amount: number;
  readonly quantity: number;
  readonly category: string;
  readonly taxIncluded: boolean;
}

export interface JurisdictionResult {
  readonly jurisdiction: AppliedJurisdiction;
  /** The rate as applied to the line's price (a partial rule's fraction folded in). */
  readonly taxRate: number;
  readonly rateType: string;
  readonly taxDue: number;
  readonly note: string;
}

export interface LineResult {
  readonly tax: LineTax;
  readonly jurisdictions: readonly JurisdictionResult[];
}

interface Treatment {
  readonly component: TaxComponent;
  readonly displayRate: number;
  readonly rateType: string;
  readonly note: string;
}

function treatmentOf(rule: TaxabilityRule | undefined, rates: Readonly<Record<string, number>>, quantity: number): Treatment {
  const standard = rates.standard ?? 0;
  const full = (rate: number, rateType: string, note = ""): Treatment => ({
    component: { rate: rateUnits(rate), fraction: RATE_SCALE, exemptAmount: 0n },
    displayRate: rate,
    rateType,
    note,
  });
  if (!rule) return full(standard, "standard");
  const note = rule.note ?? "";
  switch (rule.treatment) {
    case "taxable":
      return full(standard, "standard", note);
    case "exempt":
      return full(0, "exempt", note);
    case "zero_rated":
      return full(0, "zero_rated", note);
    case "reduced": {
      const rate = rates[rule.rate_key!];
      return rate === undefined ? full(standard, "standard", note) : full(rate, rule.rate_key!, note);
    }
    case "fixed_rate":
      return full(rule.rate!, "reduced", note);
    case "partial": {
      const fraction = rule.taxable_fraction!;
      return {
        component: { rate: rateUnits(standard), fraction: rateUnits(fraction), exemptAmount: 0n },
        displayRate: Number((standard * fraction).toFixed(7)),
        rateType: "partial",
        note,
      };
    }
    case "exempt_portion":
      return {
        component: { rate: rateUnits(standard), fraction: RATE_SCALE, exemptAmount: BigInt(rule.exempt_amount_per_unit!) * BigInt(quantity) },
        displayRate: standard,
        rateType: "exempt_portion",
        note,
      };
  }
}

export interface DetermineOptions {
  readonly day: string;
  readonly currency: string;
  readonly override?: LineOverride;
}

export function determineLine(
  book: RateBook,
  jurisdictions: readonly AppliedJurisdiction[],
  line: LineInput,
  options: DetermineOptions,
): LineResult {
  if (options.override) {
    const override = options.override;
    const tax = line.taxIncluded ? taxInclusive(line.amount, []) : taxExclusive(line.amount, []);
    return {
      tax,
      jurisdictions: jurisdictions.map((jurisdiction) => ({ jurisdiction, taxRate: 0, rateType: override.rateType, taxDue: 0, note: override.note })),
    };
  }
  // Thresholds (e.g. New York's $110 clothing rule) are about the price before tax.
  const fullRate = jurisdictions.reduce((sum, j) => sum + (j.rates.standard ?? 0), 0);
  const netLine = line.taxIncluded ? line.amount / (1 + fullRate) : line.amount;
  const unitPrice = line.quantity > 0 ? netLine / line.quantity : netLine;
  const treatments = jurisdictions.map((jurisdiction) =>
    treatmentOf(
      book.ruleFor({ jurisdictionId: jurisdiction.id, category: line.category, day: options.day, unitPrice, currency: options.currency }),
      jurisdiction.rates,
      line.quantity,
    ),
  );
  const components = treatments.map((treatment) => treatment.component);
  const tax = line.taxIncluded ? taxInclusive(line.amount, components) : taxExclusive(line.amount, components);
  return {
    tax,
    jurisdictions: jurisdictions.map((jurisdiction, index) => ({
      jurisdiction,
      taxRate: treatments[index]!.displayRate,
      rateType: treatments[index]!.rateType,
      taxDue: tax.shares[index]!,
      note: treatments[index]!.note,
    })),
  };
}
