// Determination of one line: which rule each jurisdiction applies to the line's
// category, the exact tax, and each jurisdiction's share. Pure: no I/O.
import type { RateBook, UnitPrice } from "../rates/rate-book.js";
import type { FeePeriod, TaxabilityRule } from "../rates/rate-data-schema.js";
import {
  RATE_SCALE,
  type LineTax,
  type TaxComponent,
  fixedBase,
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
  /** Only this much of each unit's price is taxed (minor units of `currency`). */
  readonly unitPriceCap?: { readonly amount: bigint; readonly currency: string };
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
  const components = treatments.map((treatment, index) =>
    cappedPerUnit(treatment.component, jurisdictions[index]!.unitPriceCap, unitPrice, line.quantity, options.currency),
  );
  const tax = line.taxIncluded ? taxInclusive(line.amount, components) : taxExclusive(line.amount, components);
  return {
    tax,
    jurisdictions: jurisdictions.map((jurisdiction, index) => ({
      jurisdiction,
      taxRate: treatments[index]!.displayRate,
      rateType: treatments[index]!.rateType,
      taxDue: tax.shares[index]!,
      note:
        components[index] === treatments[index]!.component
          ? treatments[index]!.note
          : joinNotes(treatments[index]!.note, capNote(jurisdictions[index]!.unitPriceCap!)),
    })),
  };
}

/**
 * A jurisdiction that taxes only the first `cap` of each unit's price: when the unit is
 * dearer, its base is the cap times the quantity, whatever the price. Only a component
 * that taxes the whole price is capped (an exempt or partly taxed line is left as it is).
 */
function cappedPerUnit(
  component: TaxComponent,
  cap: AppliedJurisdiction["unitPriceCap"],
  unitPrice: UnitPrice,
  quantity: bigint,
  currency: string,
): TaxComponent {
  if (!cap || cap.currency !== currency || component.rate === 0n) return component;
  if (component.fraction !== RATE_SCALE || component.exemptAmount !== 0n) return component;
  if (unitPrice.numerator <= cap.amount * unitPrice.denominator) return component;
  return fixedBase(component.rate, cap.amount * (quantity > 0n ? quantity : 1n));
}

function capNote(cap: NonNullable<AppliedJurisdiction["unitPriceCap"]>): string {
  const whole = cap.amount / 100n;
  const cents = (cap.amount % 100n).toString().padStart(2, "0");
  return `taxed on the first ${whole}.${cents} ${cap.currency} of each unit's price`;
}

function joinNotes(first: string, second: string): string {
  return first ? `${first}; ${second}` : second;
}
