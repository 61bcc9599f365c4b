// Reads and validates the rate data once at start-up. A bad file stops the service
// with every problem listed: overlapping or gapped periods, rates outside [0, 1),
// rules naming unknown jurisdictions, categories or rate keys.
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { isTaxCategory } from "@levy/kit";
import {
  type JurisdictionData,
  type RateDataFile,
  type TaxabilityRule,
  rateDataFileSchema,
} from "./rate-data-schema.js";

export interface RateData {
  readonly jurisdictions: ReadonlyMap<string, JurisdictionData>;
  readonly rules: readonly TaxabilityRule[];
}

export class RateDataError extends Error {
  override readonly name = "RateDataError";
  constructor(readonly problems: readonly string[]) {
    super(
      `rate data is invalid:\n  ${problems.slice(0, 50).join("\n  ")}${problems.length > 50 ? `\n  … and ${problems.length - 50} more` : ""}`,
    );
  }
}

interface Period {
  readonly effective_from: string;
  readonly effective_to: string | null;
}

/** Problems with a list of periods: each well-ordered, none overlapping, no gaps between them. */
export function periodProblems(periods: readonly Period[], where: string, allowGaps: boolean): string[] {
  const problems: string[] = [];
  const sorted = [...periods].sort((a, b) => a.effective_from.localeCompare(b.effective_from));
  for (const [index, period] of sorted.entries()) {
    if (period.effective_to !== null && period.effective_to <= period.effective_from) {
      problems.push(
        `${where}: period from ${period.effective_from} ends on or before it starts (${period.effective_to})`,
      );
    }
    const next = sorted[index + 1];
    if (!next) continue;
    if (period.effective_to === null || period.effective_to > next.effective_from) {
      problems.push(`${where}: period from ${period.effective_from} overlaps the one from ${next.effective_from}`);
    } else if (!allowGaps && period.effective_to < next.effective_from) {
      problems.push(`${where}: gap between ${period.effective_to} and ${next.effective_from}`);
    }
  }
  return problems;
}

export function validateRateData(
  files: ReadonlyArray<{ readonly name: string; readonly data: RateDataFile }>,
): RateData {
  const problems: string[] = [];
  const jurisdictions = new Map<string, JurisdictionData>();
  const rules: TaxabilityRule[] = [];
  for (const { name, data } of files) {
    for (const jurisdiction of data.jurisdictions) {
      const where = `${name}: ${jurisdiction.id}`;
      if (jurisdictions.has(jurisdiction.id)) problems.push(`${where}: defined twice`);
      jurisdictions.set(jurisdiction.id, jurisdiction);
      problems.push(...periodProblems(jurisdiction.rates, `${where} rates`, false));
      const feesByName = groupBy(jurisdiction.fees ?? [], (fee) => fee.name);
      for (const [feeName, fees] of feesByName) problems.push(...periodProblems(fees, `${where} fee ${feeName}`, true));
      if (jurisdiction.applies_with && !(jurisdiction.type === "DISTRICT" || isStateSurtax(jurisdiction)))
        problems.push(`${where}: applies_with is for districts and a state's own state-wide surtaxes only`);
      for (const cap of jurisdiction.unit_price_cap ?? []) {
        if (cap.above !== undefined && (cap.applies_to !== "self" || cap.above >= cap.amount))
          problems.push(`${where}: unit_price_cap.above must be below amount, on the jurisdiction's own tax`);
      }
      if (jurisdiction.local_data_complete && (jurisdiction.type !== "STATE" || jurisdiction.local_taxes === false)) {
        problems.push(`${where}: local_data_complete is for states with local taxes only`);
      }
      for (const id of jurisdiction.local_data_complete?.except ?? []) {
        if (!id.startsWith(`${jurisdiction.id}-`))
          problems.push(`${where}: local_data_complete.except names ${id}, outside the state`);
      }
    }
    rules.push(...data.rules);
  }
  for (const jurisdiction of jurisdictions.values()) {
    for (const id of [...(jurisdiction.supersedes ?? []), ...(jurisdiction.applies_with ?? [])]) {
      if (!jurisdictions.has(id)) problems.push(`${jurisdiction.id}: refers to unknown jurisdiction ${id}`);
    }
  }
  const ruleGroups = groupBy(rules, (rule) => `${rule.jurisdiction} ${rule.category} ${rule.unit_price_below ?? ""}`);
  for (const [key, group] of ruleGroups) problems.push(...periodProblems(group, `rules ${key}`, true));
  for (const rule of rules) {
    const where = `rule ${rule.jurisdiction} ${rule.category} from ${rule.effective_from}`;
    const jurisdiction = jurisdictions.get(rule.jurisdiction);
    // "US-UT-COUNTY" names every county of Utah (rules apply by id prefix), including
    // those Levy holds no rates for, such as a local tax an imported ZIP table brings in.
    const localLevel = /^(US-[A-Z]{2})-(COUNTY|CITY|DIST)$/.exec(rule.jurisdiction);
    if (!jurisdiction && !(localLevel && jurisdictions.has(localLevel[1]!)))
      problems.push(`${where}: unknown jurisdiction`);
    if (localLevel && rule.rate_key !== undefined)
      problems.push(`${where}: a rule for every local tax has no rate_key`);
    if (!isTaxCategory(rule.category)) problems.push(`${where}: unknown category`);
    if (jurisdiction && rule.rate_key !== undefined) {
      const inForce = jurisdiction.rates.filter((period) => overlaps(period, rule));
      if (!inForce.some((period) => rule.rate_key! in period.rates))
        problems.push(`${where}: no rate "${rule.rate_key}" in the jurisdiction's periods`);
    }
  }
  if (problems.length > 0) throw new RateDataError(problems);
  return { jurisdictions, rules };
}

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const group = groups.get(k);
    if (group) group.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}

function overlaps(a: Period, b: Period): boolean {
  return (
    (a.effective_to === null || a.effective_to > b.effective_from) &&
    (b.effective_to === null || b.effective_to > a.effective_from)
  );
}

/** Every *.json file of a directory, parsed and validated together. */
export function loadRateDataDir(directory: string): RateData {
  const problems: string[] = [];
  const files: Array<{ name: string; data: RateDataFile }> = [];
  for (const name of readdirSync(directory)
    .filter((file) => file.endsWith(".json"))
    .sort()) {
    let raw: unknown;
    try {
      raw = JSON.parse(readFileSync(join(directory, name), "utf8"));
    } catch (error) {
      problems.push(`${name}: not valid JSON (${(error as Error).message})`);
      continue;
    }
    const parsed = rateDataFileSchema.safeParse(raw);
    if (!parsed.success) {
      for (const issue of parsed.error.issues.slice(0, 20))
        problems.push(`${name}: ${issue.path.join(".")}: ${issue.message}`);
      continue;
    }
    files.push({ name, data: parsed.data });
  }
  if (problems.length > 0) throw new RateDataError(problems);
  return validateRateData(files);
}

/**
 * A state-level tax charged next to the state's own (Tennessee's single article tax): a
 * STATE entry whose id extends its state's and that applies with that state only.
 */
function isStateSurtax(jurisdiction: JurisdictionData): boolean {
  const withs = jurisdiction.applies_with ?? [];
  return jurisdiction.type === "STATE" && withs.length === 1 && jurisdiction.id.startsWith(`${withs[0]}-`);
}
