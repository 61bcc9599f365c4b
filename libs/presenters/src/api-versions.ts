// X-API-Version: four known versions. An endpoint may require the header (merchants,
// platform calculations) and may need a minimum version (certificates: 2026-03-01).
export const apiVersions = ["2024-09-01", "2025-05-12", "2026-01-01", "2026-03-01"] as const;
export type ApiVersion = (typeof apiVersions)[number];
export const currentApiVersion: ApiVersion = "2026-03-01";

export function isApiVersion(value: string): value is ApiVersion {
  return (apiVersions as readonly string[]).includes(value);
}

/** Versions are ISO dates, so string order is release order. */
export function versionAtLeast(version: ApiVersion, minimum: ApiVersion): boolean {
  return version >= minimum;
}

/** From 2026-01-01 errors carry the flat {code, type, message} shape as well. */
export function usesFlatErrors(version: ApiVersion): boolean {
  return versionAtLeast(version, "2026-01-01");
}
