// Certificate status at read time: `expiring` and `expired` follow from the dates, so
// nothing has to run at midnight. Only an active certificate lapses; needs_info and
// invalid ones keep their status (they were never in force).
import type { StoredCertificateStatus } from "./records.js";

export type CertificateStatus = StoredCertificateStatus | "expiring" | "expired";

export const certificateStatuses: readonly CertificateStatus[] = [
  "processing",
  "needs_info",
  "active",
  "expiring",
  "expired",
  "invalid",
];

/** Days before `expires_on` during which an active certificate reads as `expiring`. */
export const defaultExpiringWindowDays = 30;

/** YYYY-MM-DD of an epoch-seconds instant, in UTC. */
export function isoDay(epochSeconds: number): string {
  return new Date(epochSeconds * 1000).toISOString().slice(0, 10);
}

function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/**
 * `expires_on` is the last day the certificate is valid. From the day after, it is
 * expired; within the window before (inclusive), expiring.
 */
export function certificateStatusAt(
  certificate: { status: StoredCertificateStatus; expires_on: string | null },
  today: string,
  windowDays: number = defaultExpiringWindowDays,
): CertificateStatus {
  if (certificate.status !== "active" || certificate.expires_on === null) return certificate.status;
  if (today > certificate.expires_on) return "expired";
  if (addDays(today, windowDays) >= certificate.expires_on) return "expiring";
  return "active";
}

/** Whether a certificate exempts sales on `day` (an expiring certificate still does). */
export function coversDay(
  certificate: { status: StoredCertificateStatus; issued_on: string | null; expires_on: string | null },
  day: string,
): boolean {
  if (certificate.status !== "active") return false;
  if (certificate.issued_on !== null && day < certificate.issued_on) return false;
  return certificate.expires_on === null || day <= certificate.expires_on;
}
