// Determination of one line: which rule each jurisdiction applies to the line's
// category, the exact tax, and each jurisdiction's share. Pure: no I/O.
import type { RateBook, UnitPrice } from "../rates/rate-book.js";
import type { FeePeriod, TaxabilityRule } from "../rates/rate-data-schema.js";
import {
  RATE_SCALE,
  type LineTax,
  type TaxComponent,
  rateFromUnits,
  rateUnits,
  taxExclusive,
  taxInclusive,
} from "./tax-math.js";

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
  /** The taxable amount of the whole line in minor units (for platform calculations: unit price × quantity). */
  readonly amount: bigint;
  readonly quantity: bigint;
  readonly category: string;
  readonly taxIncluded: boolean;
}

export interface JurisdictionResult {
  readonly jurisdiction: AppliedJurisdiction;
  /** The rate as applied to the line's price (a partial rule's fraction folded in). */
  readonly taxRate: number;
  readonly rateType: string;
  readonly taxDue: bigint;
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

function treatmentOf(
  rule: TaxabilityRule | undefined,
  rates: Readonly<Record<string, number>>,
  quantity: bigint,
): Treatment {
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
        displayRate: rateFromUnits((rateUnits(standard) * rateUnits(fraction) * 2n + RATE_SCALE) / (2n * RATE_SCALE)),
        rateType: "partial",
        note,
      };
    }
    case "exempt_portion":
      return {
        component: {
          rate: rateUnits(standard),
          fraction: RATE_SCALE,
          exemptAmount: BigInt(rule.exempt_amount_per_unit!) * quantity,
        },
        displayRate: standard,
        rateType: "exempt_portion",
        note,
      };
  }
}

/**
 * Thresholds (e.g. New York's $110 clothing rule) are about the unit price before tax:
 * for a tax-inclusive line, the amount divided by one plus the full rate. Kept as an exact
 * fraction: a float said 526955 / 1.08875 / 44 was $109.99…, not $110.
 */
function netUnitPrice(line: LineInput, jurisdictions: readonly AppliedJurisdiction[]): UnitPrice {
  const units = line.quantity > 0n ? line.quantity : 1n;
  if (!line.taxIncluded) return { numerator: line.amount, denominator: units };
  const fullRate = jurisdictions.reduce((sum, j) => sum + rateUnits(j.rates.standard ?? 0), 0n);
  return { numerator: line.amount * RATE_SCALE, denominator: units * (RATE_SCALE + fullRate) };
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
      jurisdictions: jurisdictions.map((jurisdiction) => ({
        jurisdiction,
        taxRate: 0,
        rateType: override.rateType,
        taxDue: 0n,
        note: override.note,
      })),
    };
  }
  const unitPrice = netUnitPrice(line, jurisdictions);
  const treatments = jurisdictions.map((jurisdiction) =>
    treatmentOf(
      book.ruleFor({
        jurisdictionId: jurisdiction.id,
        category: line.category,
        day: options.day,
        unitPrice,
        currency: options.currency,
      }),
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
