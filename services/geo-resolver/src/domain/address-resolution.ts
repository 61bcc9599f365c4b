// What resolving an address yields, the status vocabulary, and the errors that tell a
// contradiction (never silently corrected) from an address that cannot be placed.
import { LevyError } from "@levy/kit";
import type { Jurisdiction } from "./jurisdiction.js";
import type { AddressInput } from "./normalize-address.js";

export type ResolutionPrecision = "STREET" | "POSTAL_PLUS" | "POSTAL" | "PROVINCE" | "COUNTRY" | "APPROXIMATED";

/**
 * POSTAL_ONLY: the postal code decided (address lines are not geocoded).
 * POSTAL_AND_CITY: a ZIP with several places, the city named one of them.
 * POSTAL_CITY_UNKNOWN: the city is no place Levy knows in the ZIP; the ZIP's default place
 * was used (precision APPROXIMATED).
 * POSTAL_UNKNOWN: a well-formed US ZIP missing from the data; resolved from the province.
 * PROVINCE_ONLY / COUNTRY_ONLY: nothing finer was given (or, abroad, needed).
 * SPECIAL_TERRITORY: a place with its own VAT status (outside the EU VAT area, or inside
 * another country's VAT area). MILITARY: an APO/FPO/DPO address (AA, AE, AP).
 * APPROXIMATED: an IP location completed by heuristics. ZERO_RATE: an IP that did not
 * resolve far enough, answered with zero rates (modes zero and best_effort).
 */
export type ResolutionStatus =
  | "POSTAL_ONLY"
  | "POSTAL_AND_CITY"
  | "POSTAL_CITY_UNKNOWN"
  | "POSTAL_UNKNOWN"
  | "PROVINCE_ONLY"
  | "COUNTRY_ONLY"
  | "SPECIAL_TERRITORY"
  | "MILITARY"
  | "APPROXIMATED"
  | "ZERO_RATE";

export interface AddressResolution {
  readonly address_used: AddressInput;
  readonly jurisdictions: readonly Jurisdiction[];
  readonly resolution_precision: ResolutionPrecision;
  readonly address_resolution_status: ResolutionStatus;
  /** A ZIP in several of the state's counties, none chosen by the address: its main county was taken. */
  readonly county_ambiguous?: boolean;
}

/** The address contradicts itself (ZIP of another state, postal code of another province). */
export function contradiction(field: string, message: string): LevyError {
  return new LevyError("invalid_address", message, { field, reason: "contradiction" });
}

/** The address is well-formed but cannot be placed (unknown ZIP and no province). */
export function unresolvable(field: string, message: string): LevyError {
  return new LevyError("invalid_address", message, { field, reason: "unresolvable" });
}

export function isUnresolvable(error: unknown): boolean {
  return error instanceof LevyError && error.code === "invalid_address" && error.meta?.reason === "unresolvable";
}
