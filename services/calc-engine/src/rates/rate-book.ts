// Fast lookups over the loaded rate data: a jurisdiction's rates on a day, the
// taxability rule for a category (most specific jurisdiction first), the districts an
// address brings in, and the fees in force.
import type { AppliedJurisdiction } from "../domain/determine.js";
import type { RateData } from "./load-rate-data.js";
import type { FeePeriod, JurisdictionData, RatePeriod, TaxabilityRule } from "./rate-data-schema.js";

function inForce(period: { effective_from: string; effective_to: string | null }, day: string): boolean {
  return period.effective_from <= day && (period.effective_to === null || day < period.effective_to);
}

const localTypes: ReadonlySet<string> = new Set(["COUNTY", "CITY", "DISTRICT"]);

/** "US-NY-COUNTY-KINGS" → ["US-NY-COUNTY-KINGS", "US-NY-COUNTY", "US-NY", "US"]. */
function idChain(id: string): string[] {
  const chain = [id];
  for (let cut = id.lastIndexOf("-"); cut > 0; cut = id.lastIndexOf("-", cut - 1)) chain.push(id.slice(0, cut));
  return chain;
}

/** An exact price: numerator / denominator minor units (no float decides a threshold). */
export interface UnitPrice {
  readonly numerator: bigint;
  readonly denominator: bigint;
}

function isBelow(price: UnitPrice, threshold: number): boolean {
  return price.numerator < BigInt(threshold) * price.denominator;
}

export interface RuleQuery {
  readonly jurisdictionId: string;
  readonly category: string;
  readonly day: string;
  /** Net unit price in minor units of `currency`, for thresholds. */
  readonly unitPrice: UnitPrice;
  readonly currency: string;
}

export class RateBook {
  private readonly rulesByCategory = new Map<string, Map<string, TaxabilityRule[]>>();
  private readonly districtsByTrigger = new Map<string, JurisdictionData[]>();

  constructor(private readonly data: RateData) {
    for (const rule of data.rules) {
      let byJurisdiction = this.rulesByCategory.get(rule.category);
      if (!byJurisdiction) {
        byJurisdiction = new Map();
        this.rulesByCategory.set(rule.category, byJurisdiction);
      }
      const list = byJurisdiction.get(rule.jurisdiction) ?? [];
      list.push(rule);
      byJurisdiction.set(rule.jurisdiction, list);
    }
    for (const jurisdiction of data.jurisdictions.values()) {
      for (const trigger of jurisdiction.applies_with ?? []) {
        const list = this.districtsByTrigger.get(trigger) ?? [];
        list.push(jurisdiction);
        this.districtsByTrigger.set(trigger, list);
      }
    }
  }

  get size(): number {
    return this.data.jurisdictions.size;
  }

  jurisdiction(id: string): JurisdictionData | undefined {
    return this.data.jurisdictions.get(id);
  }

  ratesOn(jurisdiction: JurisdictionData, day: string): RatePeriod | undefined {
    return jurisdiction.rates.find((period) => inForce(period, day));
  }

  /** The jurisdiction as it applies on the day, or undefined when it has no rates then. */
  applied(data: JurisdictionData, day: string): AppliedJurisdiction | undefined {
    const period = this.ratesOn(data, day);
    if (!period) return undefined;
    return {
      id: data.id,
      name: data.name,
      type: data.type,
      taxType: data.tax_type,
      authorityName: data.authority_name,
      displayName: data.display_name ?? data.name,
      rates: period.rates,
      fees: this.feesOn(data, day),
      ...this.unitPriceCapOn(data, day),
    };
  }

  /** The per-unit cap on the jurisdiction's tax on the day: its own, or its state's for local taxes. */
  private unitPriceCapOn(data: JurisdictionData, day: string): Pick<AppliedJurisdiction, "unitPriceCap"> {
    const inForceCap = (owner: JurisdictionData | undefined, appliesTo: "self" | "local") =>
      owner?.unit_price_cap?.find(
        (cap) => cap.applies_to === appliesTo && cap.from <= day && (cap.to === null || day < cap.to),
      );
    const state = localTypes.has(data.type) ? this.jurisdiction(data.id.split("-").slice(0, 2).join("-")) : undefined;
    const cap = inForceCap(data, "self") ?? inForceCap(state, "local");
    return cap
      ? { unitPriceCap: { amount: BigInt(cap.amount), above: BigInt(cap.above ?? 0), currency: cap.currency } }
      : {};
  }

  feesOn(jurisdiction: JurisdictionData, day: string): FeePeriod[] {
    return (jurisdiction.fees ?? []).filter((fee) => inForce(fee, day));
  }

  /** Districts whose applies_with names one of the ids, each once, in data order. */
  districtsFor(ids: Iterable<string>): JurisdictionData[] {
    const found = new Map<string, JurisdictionData>();
    for (const id of ids)
      for (const district of this.districtsByTrigger.get(id) ?? []) found.set(district.id, district);
    return [...found.values()];
  }

  /**
   * The rule that decides how the category is taxed in the jurisdiction, or undefined
   * (taxable at the standard rate). A rule with a price threshold applies only below it
   * and only in its own currency (Levy never converts currencies).
   */
  ruleFor(query: RuleQuery): TaxabilityRule | undefined {
    const byJurisdiction = this.rulesByCategory.get(query.category);
    if (!byJurisdiction) return undefined;
    for (const id of idChain(query.jurisdictionId)) {
      const rules = byJurisdiction.get(id);
      if (!rules) continue;
      const own = id === query.jurisdictionId;
      let fallback: TaxabilityRule | undefined;
      for (const rule of rules) {
        if (!inForce(rule, query.day) || (!own && rule.applies_to === "self")) continue;
        if (rule.unit_price_below === undefined) {
          fallback ??= rule;
          continue;
        }
        if (rule.currency === query.currency && isBelow(query.unitPrice, rule.unit_price_below)) return rule;
      }
      if (fallback) return fallback;
    }
    return undefined;
  }
}
