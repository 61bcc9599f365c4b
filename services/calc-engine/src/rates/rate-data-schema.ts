// The shape of Levy's rate and taxability data (services/calc-engine/data/*.json).
// Rates and rules are data with effective dates and a cited source; the engine reads
// them, it never branches on a country in code. Dates are ISO calendar days in UTC;
// `effective_to` is exclusive (the first day the entry no longer applies) or null when
// the entry is still in force.
import { z } from "zod";
import { exactRateUnits } from "../domain/tax-math.js";

const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "a date as YYYY-MM-DD");
const source = z.string().min(8, "a citation: the tax authority page or statute");
// Rates are computed exactly as integers in 1e-7 units (domain/tax-math.ts), so a rate
// with more decimals would be rounded: refused when the data is loaded instead.
const fraction = z
  .number()
  .min(0)
  .lt(1)
  .refine((rate) => exactRateUnits(rate) !== null, "a fraction with at most 7 decimals");

export const jurisdictionTypes = ["COUNTRY", "STATE", "COUNTY", "CITY", "DISTRICT"] as const;
export const taxTypes = ["SALES", "USE", "VAT", "GST"] as const;

/** One period of a jurisdiction's rates: `standard` plus any named reduced rates. */
export const ratePeriodSchema = z.strictObject({
  effective_from: isoDay,
  effective_to: isoDay.nullable(),
  /** e.g. { standard: 0.19, reduced: 0.07 }; keys are referenced by rules' rate_key. */
  rates: z
    .record(z.string().regex(/^[a-z_0-9]+$/), fraction)
    .refine((r) => "standard" in r, "rates.standard is required"),
  source,
  note: z.string().optional(),
});

/** A fixed fee charged per order (e.g. Colorado's retail delivery fee), in minor units. */
export const feePeriodSchema = z.strictObject({
  name: z.string().min(1),
  effective_from: isoDay,
  effective_to: isoDay.nullable(),
  amount: z.number().int().positive(),
  currency: z.string().regex(/^[A-Z]{3}$/),
  /** The fee applies only when the order's taxable amount is at least this (minor units). */
  min_taxable_order_amount: z.number().int().nonnegative().optional(),
  source,
});

export const jurisdictionDataSchema = z.strictObject({
  /** Shared with geo-resolver: "DE", "US-PA", "US-PA-CITY-PHILADELPHIA", "CA-ON", "ES-VATX-CANARY_ISLANDS". */
  id: z.string().regex(/^[A-Z]{2}(-[A-Z0-9_]+)*$/),
  name: z.string().min(1),
  type: z.enum(jurisdictionTypes),
  tax_type: z.enum(taxTypes),
  /** The body that administers the tax, e.g. "Bundeszentralamt für Steuern". */
  authority_name: z.string().min(1),
  /** Shown as jurisdiction_name in responses when set, e.g. "British Columbia PST". */
  display_name: z.string().optional(),
  rates: z.array(ratePeriodSchema).min(1),
  fees: z.array(feePeriodSchema).optional(),
  /** Ids this jurisdiction replaces when both apply (Ontario's HST replaces Canada's GST). */
  supersedes: z.array(z.string()).optional(),
  /** Districts only: the jurisdiction ids whose presence brings this district in. */
  applies_with: z.array(z.string()).optional(),
  /**
   * US states: false when the state has no local sales taxes, so that an address
   * without local data is known to be complete. Default true.
   */
  local_taxes: z.boolean().optional(),
  /**
   * US states with local taxes: from this day on, every county, city and district of the
   * state that levies a sales tax is in Levy's data, so an address matching none of them
   * owes none and the answer is FULL. `source` is the publication that lists them all;
   * `except` names the counties or cities where a known local tax is missing from the data
   * (e.g. a transit district whose boundary Levy does not hold): answers there are PARTIAL.
   */
  local_data_complete: z
    .strictObject({
      from: isoDay,
      source,
      except: z.array(z.string().regex(/^US-[A-Z]{2}-(COUNTY|CITY)-[A-Z0-9_]+$/)).optional(),
    })
    .optional(),
  /**
   * Only the first `amount` (minor units of `currency`) of each unit's price is taxed:
   * by this jurisdiction ("self") or, on a state, by its counties, cities and districts
   * ("local"; Florida's surtax applies to the first $5,000 of a single item). The limit
   * is on single items of tangible property (categories marked `tangible`); other lines
   * are taxed on their whole price. With `above` ("self" only), the jurisdiction taxes
   * only the part of each tangible unit's price above `above` and up to `amount`, and no
   * other line (Tennessee's state single article tax, $1,600.01 to $3,200). `to` is exclusive.
   */
  unit_price_cap: z
    .array(
      z.strictObject({
        amount: z.number().int().positive(),
        above: z.number().int().positive().optional(),
        currency: z.string().regex(/^[A-Z]{3}$/),
        applies_to: z.enum(["self", "local"]),
        from: isoDay,
        to: isoDay.nullable(),
        source,
      }),
    )
    .optional(),
  /**
   * Taxes levied at this place that Levy does not calculate (Ceuta's IPSI, New Caledonia's
   * TGC): while one is in force an answer here is PARTIAL, never FULL. `to` is exclusive.
   */
  unmodelled_taxes: z
    .array(z.strictObject({ name: z.string().min(1), from: isoDay, to: isoDay.nullable(), source }))
    .optional(),
  note: z.string().optional(),
});

export const treatments = [
  "taxable",
  "exempt",
  "zero_rated",
  "reduced",
  "fixed_rate",
  "partial",
  "exempt_portion",
] as const;

/**
 * How one product category is taxed in one jurisdiction (and, unless `applies_to` is
 * "self", in every jurisdiction whose id starts with "<jurisdiction>-"). The most
 * specific rule in force wins; without one, the category is taxable at the standard rate.
 */
export const taxabilityRuleSchema = z
  .strictObject({
    jurisdiction: z.string().regex(/^[A-Z]{2}(-[A-Z0-9_]+)*$/),
    category: z.string().regex(/^[A-Z0-9_]+$/),
    effective_from: isoDay,
    effective_to: isoDay.nullable(),
    treatment: z.enum(treatments),
    /** reduced: the named rate of the jurisdiction's rate period to use ("reduced", "super_reduced", …). */
    rate_key: z.string().optional(),
    /** fixed_rate: the rate to use instead of the standard rate. */
    rate: fraction.optional(),
    /** partial: the share of the price that is taxed (Texas taxes 80% of data processing). */
    taxable_fraction: z.number().gt(0).lt(1).optional(),
    /** exempt_portion: the first part of each unit's price that is exempt, minor units of `currency`. */
    exempt_amount_per_unit: z.number().int().positive().optional(),
    /** The rule applies only when the unit price is below this (minor units of `currency`). */
    unit_price_below: z.number().int().positive().optional(),
    currency: z
      .string()
      .regex(/^[A-Z]{3}$/)
      .optional(),
    applies_to: z.enum(["self", "self_and_descendants"]).default("self_and_descendants"),
    source,
    note: z.string().optional(),
  })
  .superRefine((rule, ctx) => {
    const need = (ok: boolean, message: string) => ok || ctx.addIssue({ code: "custom", message });
    need(rule.treatment !== "reduced" || rule.rate_key !== undefined, "reduced needs rate_key");
    need(rule.treatment !== "fixed_rate" || rule.rate !== undefined, "fixed_rate needs rate");
    need(rule.treatment !== "partial" || rule.taxable_fraction !== undefined, "partial needs taxable_fraction");
    need(
      rule.treatment !== "exempt_portion" || rule.exempt_amount_per_unit !== undefined,
      "exempt_portion needs exempt_amount_per_unit",
    );
    need(
      (rule.exempt_amount_per_unit === undefined && rule.unit_price_below === undefined) || rule.currency !== undefined,
      "money thresholds need currency",
    );
  });

/** One data file: jurisdictions and/or rules. */
export const rateDataFileSchema = z.strictObject({
  description: z.string(),
  jurisdictions: z.array(jurisdictionDataSchema).default([]),
  rules: z.array(taxabilityRuleSchema).default([]),
});

export type RatePeriod = z.infer<typeof ratePeriodSchema>;
export type FeePeriod = z.infer<typeof feePeriodSchema>;
export type JurisdictionData = z.infer<typeof jurisdictionDataSchema>;
export type TaxabilityRule = z.infer<typeof taxabilityRuleSchema>;
export type RateDataFile = z.infer<typeof rateDataFileSchema>;
