// X-API-Version handling: an unknown value is always a 400; when absent, the account's
// pinned version applies, except on endpoints that require the header.
import type { NextFunction, Request, Response } from "express";
import { LevyError } from "@levy/kit";
import { type ApiVersion, apiVersions, isApiVersion, versionAtLeast } from "../domain/api-versions.js";
import { stateOf } from "./request-state.js";

export const API_VERSION_HEADER = "x-api-version";

/** Validates the header if present; runs before authentication so errors use it. */
export function parseApiVersionHeader(request: Request, response: Response, next: NextFunction): void {
  const raw = request.header(API_VERSION_HEADER);
  if (raw === undefined) {
    next();
    return;
  }
  const value = raw.trim();
  if (!isApiVersion(value)) {
    next(
      new LevyError(
        "invalid_api_version",
        `X-API-Version "${value.slice(0, 40)}" is not one of ${apiVersions.join(", ")}`,
        {
          field: "X-API-Version",
        },
      ),
    );
    return;
  }
  stateOf(response).headerVersion = value;
  next();
}

export interface VersionRequirement {
  /** The header must be present with one of these values. */
  readonly oneOf: readonly ApiVersion[];
}

/** For endpoints whose spec marks the header as required. */
export function requireApiVersion(requirement: VersionRequirement) {
  return (_request: Request, response: Response, next: NextFunction): void => {
    const version = stateOf(response).headerVersion;
    if (!version) {
      next(
        new LevyError(
          "missing_api_version",
          `the X-API-Version header is required here (${requirement.oneOf.join(" or ")})`,
          {
            field: "X-API-Version",
          },
        ),
      );
      return;
    }
    if (!requirement.oneOf.includes(version)) {
      next(
        new LevyError(
          "unsupported_api_version",
          `this endpoint needs X-API-Version ${requirement.oneOf.join(" or ")}, got ${version}`,
          {
            field: "X-API-Version",
          },
        ),
      );
      return;
    }
    next();
  };
}

export function versionsFrom(minimum: ApiVersion): ApiVersion[] {
  return apiVersions.filter((version) => versionAtLeast(version, minimum));
}
