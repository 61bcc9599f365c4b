// Determination of one line: which rule each jurisdiction applies to the line's
// category, the exact tax, and each jurisdiction's share. Pure: no I/O.
import { isTangibleCategory } from "@levy/kit";
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
  /**
   * Only the part of each tangible unit's price above `above` (0n: from the first cent)
   * and up to `amount` is taxed (minor units of `currency`); with `above`, no other line.
   */
  readonly unitPriceCap?: { readonly amount: bigint; readonly above: bigint; readonly currency: string };
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
  // A tax on a slice of the price only (above a floor) is left out of the estimate.
  const fullRate = jurisdictions.reduce(
    (sum, j) => (j.unitPriceCap?.above ? sum : sum + rateUnits(j.rates.standard ?? 0)),
    0n,
  );
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
  const tangible = isTangibleCategory(line.category);
  const components = treatments.map((treatment, index) =>
    limitedPerUnit(treatment.component, jurisdictions[index]!.unitPriceCap, {
      unitPrice,
      quantity: line.quantity,
      currency: options.currency,
      tangible,
    }),
  );
  const tax = line.taxIncluded
    ? taxInclusive(line.amount, components.map(orNothing))
    : taxExclusive(line.amount, components.map(orNothing));
  const results = jurisdictions.map((jurisdiction, index) => ({
    jurisdiction,
    taxRate: treatments[index]!.displayRate,
    rateType: treatments[index]!.rateType,
    taxDue: tax.shares[index]!,
    note:
      components[index] === treatments[index]!.component
        ? treatments[index]!.note
        : joinNotes(treatments[index]!.note, capNote(jurisdiction.unitPriceCap!)),
  }));
  // A tax on single articles in a price band (Tennessee's) is not part of other lines' answers.
  return { tax, jurisdictions: results.filter((_, index) => components[index] !== null) };
}

const nothing: TaxComponent = { rate: 0n, fraction: 0n, exemptAmount: 0n };
const orNothing = (component: TaxComponent | null): TaxComponent => component ?? nothing;

interface UnitOfLine {
  readonly unitPrice: UnitPrice;
  readonly quantity: bigint;
  readonly currency: string;
  readonly tangible: boolean;
}

/**
 * A jurisdiction that taxes only part of each unit's price: up to `cap.amount` (above
 * which its base is fixed, whatever the price) and, with `cap.above`, only what exceeds
 * that. Limits are on tangible units only: other lines are taxed on their whole price, or,
 * by a jurisdiction with a floor, not at all (null). Only a component that taxes the whole
 * price is limited (an exempt or partly taxed line is left as it is).
 */
function limitedPerUnit(
  component: TaxComponent,
  cap: AppliedJurisdiction["unitPriceCap"],
  { unitPrice, quantity, currency, tangible }: UnitOfLine,
): TaxComponent | null {
  if (!cap || cap.currency !== currency) return component;
  const band = cap.above > 0n;
  if (!tangible) return band ? null : component;
  if (component.rate === 0n || component.fraction !== RATE_SCALE || component.exemptAmount !== 0n) return component;
  const units = quantity > 0n ? quantity : 1n;
  const priceAbove = (amount: bigint) => unitPrice.numerator > amount * unitPrice.denominator;
  if (band && !priceAbove(cap.above)) return null;
  if (priceAbove(cap.amount)) return fixedBase(component.rate, (cap.amount - cap.above) * units);
  return band ? { ...component, exemptAmount: cap.above * units } : component;
}

function capNote(cap: NonNullable<AppliedJurisdiction["unitPriceCap"]>): string {
  const money = (amount: bigint) => `${amount / 100n}.${(amount % 100n).toString().padStart(2, "0")}`;
  return cap.above > 0n
    ? `taxed on the part of each unit's price above ${money(cap.above)} and up to ${money(cap.amount)} ${cap.currency}`
    : `taxed on the first ${money(cap.amount)} ${cap.currency} of each unit's price`;
}

function joinNotes(first: string, second: string): string {
  return first ? `${first}; ${second}` : second;
}
