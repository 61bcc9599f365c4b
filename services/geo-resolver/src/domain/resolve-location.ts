// Decides where the customer is from an address and/or an IP address. The address is
// tried first and wins when it resolves; only an address that cannot be placed (reason
// "unresolvable") falls back to the IP. The IP is resolved under one of the public API's
// modes: strict, zero, approximate, best_effort.
import { isIP } from "node:net";
import { LevyError, invalidField, type ErrorCode } from "@levy/kit";
import { provinceOfPostalCode } from "../data/ca-provinces.js";
import { usRegionFrom } from "../data/us-states.js";
import { isReservedIp } from "../ip/reserved-ranges.js";
import type { IpLocation } from "../ip/ip-database.js";
import { isUnresolvable, type AddressResolution } from "./address-resolution.js";
import { countryName, type AddressInput } from "./normalize-address.js";
import type { AddressResolver } from "./resolve-address.js";
import { canadianProvinceOf, ipSubdivisionCode, withoutCountryPrefix } from "./subdivision-code.js";

export const ipResolutionModes = ["strict", "zero", "approximate", "best_effort"] as const;
export type IpResolutionMode = (typeof ipResolutionModes)[number];

export interface IpInput {
  readonly value: string;
  readonly resolution: string;
}

export interface LocationRequest {
  readonly address?: AddressInput | undefined;
  readonly ip?: IpInput | undefined;
}

export interface LocationResolution extends AddressResolution {
  readonly location_source: "address" | "ip";
  readonly zero_rate: boolean;
}

type Insufficient = "IP_RESOLUTION_FAILED" | "IP_RESOLUTION_INSUFFICIENT_US" | "IP_RESOLUTION_INSUFFICIENT_CA";

const insufficientMessages: Readonly<Record<Insufficient, string>> = {
  IP_RESOLUTION_FAILED: "the IP address does not resolve to a country",
  IP_RESOLUTION_INSUFFICIENT_US: "the IP address resolves to the United States but not to a known ZIP code",
  IP_RESOLUTION_INSUFFICIENT_CA: "the IP address resolves to Canada but not to a province",
};

const emptyAddress: AddressInput = {
  address_line_1: "",
  address_line_2: "",
  address_city: "",
  address_province: "",
  address_postal_code: "",
  address_country: "",
  address_type: "",
};

interface ValidIp {
  readonly value: string;
  readonly version: 4 | 6;
  readonly mode: IpResolutionMode;
}

function validateIp(ip: IpInput): ValidIp {
  const version = isIP(ip.value.trim());
  if (version === 0)
    throw new LevyError("INVALID_IP_FORMAT", "customer.ip.value must be a valid IPv4 or IPv6 address", {
      field: "customer.ip.value",
    });
  // A zone index ("fe80::1%eth0") names an interface of the sender, not a place.
  const value = ip.value.trim().replace(/%.*$/, "");
  const mode = ip.resolution.trim() === "" ? "strict" : ip.resolution.trim();
  if (!(ipResolutionModes as readonly string[]).includes(mode)) {
    throw invalidField(
      "customer.ip.resolution",
      `customer.ip.resolution must be one of ${ipResolutionModes.join(", ")}`,
    );
  }
  return { value, version: version as 4 | 6, mode: mode as IpResolutionMode };
}

/** The IP database as the resolver needs it (IpDatabase, or a stand-in in tests). */
export interface IpLookup {
  lookup(address: string, version: 4 | 6): IpLocation | null;
}

export class LocationResolver {
  private readonly outcomes = new WeakMap<
    IpLocation,
    Partial<Record<IpResolutionMode, LocationResolution | Insufficient>>
  >();

  constructor(
    private readonly addresses: AddressResolver,
    private readonly ips: IpLookup,
  ) {}

  resolve(request: LocationRequest): LocationResolution {
    if (!request.address && !request.ip) {
      throw new LevyError("missing_field", "address or ip is required", {
        field: "address",
        expected: "object",
        received: "undefined",
      });
    }
    // Both inputs are validated up front: a malformed IP is an error even when the address resolves.
    const ip = request.ip ? validateIp(request.ip) : undefined;
    if (request.address) {
      try {
        return { ...this.addresses.resolve(request.address), location_source: "address", zero_rate: false };
      } catch (error) {
        if (!ip || !isUnresolvable(error)) throw error;
      }
    }
    return this.resolveIp(ip!);
  }

  private resolveIp(ip: ValidIp): LocationResolution {
    const location = isReservedIp(ip.value, ip.version) ? null : this.ips.lookup(ip.value, ip.version);
    const outcome = location ? this.cachedOutcome(location, ip.mode) : this.outcome(null, ip.mode);
    if (typeof outcome === "string") throw ipError(outcome);
    return outcome;
  }

  /**
   * Records are shared by many addresses (a network, a city), and the outcome depends only
   * on the record and the mode: remember it beside the record. Outcomes are never mutated.
   */
  private cachedOutcome(location: IpLocation, mode: IpResolutionMode): LocationResolution | Insufficient {
    let byMode = this.outcomes.get(location);
    if (!byMode) {
      byMode = {};
      this.outcomes.set(location, byMode);
    }
    const outcome = byMode[mode] ?? this.outcome(location, mode);
    byMode[mode] = outcome;
    return outcome;
  }

  private outcome(location: IpLocation | null, mode: IpResolutionMode): LocationResolution | Insufficient {
    const exact = this.sufficient(location);
    if (!("insufficient" in exact)) return exact;
    if (mode === "approximate" || mode === "best_effort") {
      const approximated = location ? this.approximate(location, exact.insufficient) : undefined;
      if (approximated) return approximated;
    }
    if (mode === "zero" || mode === "best_effort") return zeroRate(location);
    return exact.insufficient;
  }

  /** The location the record supports on its own, or why it is not enough. */
  private sufficient(location: IpLocation | null): LocationResolution | { insufficient: Insufficient } {
    if (!location || !countryName(location.country)) return { insufficient: "IP_RESOLUTION_FAILED" };
    if (location.country === "US") {
      const zip = /^\d{5}/.exec(location.postalCode)?.[0];
      if (!zip || this.addresses.zips.slotOf(zip) < 0) return { insufficient: "IP_RESOLUTION_INSUFFICIENT_US" };
      // The ZIP decides the state: a record's state that disagrees is not an error of the customer's.
      return this.fromIp(location, { country: "US", province: "", postal: zip });
    }
    if (location.country === "CA") {
      const province = canadianProvinceOf(location);
      if (!province) return { insufficient: "IP_RESOLUTION_INSUFFICIENT_CA" };
      return this.fromIp(location, { country: "CA", province, postal: "" });
    }
    // The record's ISO code when it has one; else its name, which can still name a special
    // VAT territory ("Canary Islands"). Only a code is reported back (subdivision-code.ts).
    const province = withoutCountryPrefix(location.subdivisionCode) || location.subdivisionName.toUpperCase();
    const resolved =
      this.tryFromIp(location, { country: location.country, province, postal: location.postalCode.toUpperCase() }) ??
      this.tryFromIp(location, { country: location.country, province: "", postal: "" });
    return resolved ?? { insufficient: "IP_RESOLUTION_FAILED" };
  }

  /**
   * US with a state: the state's most populous ZIP. US without a state: nothing (as strict).
   * Canada without a province: the province of the record's postal area, else Ontario, the most populous.
   */
  private approximate(location: IpLocation, reason: Insufficient): LocationResolution | undefined {
    if (reason === "IP_RESOLUTION_INSUFFICIENT_US") {
      const region =
        usRegionFrom(withoutCountryPrefix(location.subdivisionCode)) ?? usRegionFrom(location.subdivisionName);
      const slot = region ? this.addresses.zips.mostPopulousSlot(region.code) : -1;
      if (slot < 0) return undefined;
      return approximated(
        this.addresses.resolveNormalized({
          ...emptyAddress,
          address_country: "US",
          address_postal_code: this.addresses.zips.zip(slot),
        }),
      );
    }
    if (reason === "IP_RESOLUTION_INSUFFICIENT_CA") {
      const province = provinceOfPostalCode(location.postalCode.toUpperCase()) ?? "ON";
      return approximated(
        this.addresses.resolveNormalized({
          ...emptyAddress,
          address_country: "CA",
          address_province: province,
          address_city: location.city,
        }),
      );
    }
    return undefined;
  }

  private tryFromIp(
    location: IpLocation,
    parts: { country: string; province: string; postal: string },
  ): LocationResolution | undefined {
    try {
      return this.fromIp(location, parts);
    } catch (error) {
      if (error instanceof LevyError) return undefined;
      throw error;
    }
  }

  private fromIp(
    location: IpLocation,
    parts: { country: string; province: string; postal: string },
  ): LocationResolution {
    const resolution = this.addresses.resolve({
      ...emptyAddress,
      address_country: parts.country,
      address_province: parts.province,
      address_postal_code: parts.postal,
      address_city: location.city,
    });
    return {
      ...resolution,
      address_used: {
        ...resolution.address_used,
        address_postal_code: location.postalCode,
        address_city: location.city || resolution.address_used.address_city,
      },
      location_source: "ip",
      zero_rate: false,
    };
  }
}

/**
 * The error for an IP that did not resolve far enough. These are expected answers, common
 * under load and never logged with a stack (only non-Levy errors are), so none is captured:
 * capturing one costs more than the whole resolution.
 */
function ipError(code: Insufficient): LevyError {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    return new LevyError(code as ErrorCode, insufficientMessages[code], { field: "customer.ip.value" });
  } finally {
    Error.stackTraceLimit = limit;
  }
}

function approximated(resolution: AddressResolution): LocationResolution {
  return {
    ...resolution,
    resolution_precision: "APPROXIMATED",
    address_resolution_status: "APPROXIMATED",
    location_source: "ip",
    zero_rate: false,
  };
}

/**
 * Zero rates for an IP that did not resolve far enough. The precision says how far it did:
 * PROVINCE when the record names a subdivision, else COUNTRY, the spec's coarsest value
 * (also when not even the country is known: address_country is then "").
 */
function zeroRate(location: IpLocation | null): LocationResolution {
  const province = location ? ipSubdivisionCode(location) : "";
  return {
    address_used: {
      ...emptyAddress,
      address_country: location?.country ?? "",
      address_province: province,
      address_postal_code: location?.postalCode ?? "",
      address_city: location?.city ?? "",
    },
    jurisdictions: [],
    resolution_precision: province === "" ? "COUNTRY" : "PROVINCE",
    address_resolution_status: "ZERO_RATE",
    location_source: "ip",
    zero_rate: true,
  };
}
