// Reads one certificate's fields from its lines, with the rules of its form when the
// form is known, and lists what a usable certificate still lacks (`missing`):
// "buyer_name", "jurisdiction", "signature", "issue_date" (the date that goes with a
// required signature) and "tax_id" (the registration number the form requires).
import type { ExtractedCertificate } from "../document-reader.js";
import { findBuyerName } from "./find-buyer-name.js";
import { findDates } from "./find-dates.js";
import { namedStates } from "./find-jurisdictions.js";
import { findSignature } from "./find-signature.js";
import { typeFromReasons } from "./exemption-reasons.js";
import type { FormDefinition } from "./form-catalog.js";
import { findLabelledValue } from "./text-lines.js";

export function readCertificate(lines: readonly string[], form: FormDefinition | null): ExtractedCertificate {
  const dates = findDates(lines);
  const signed = findSignature(lines);
  const buyerName = findBuyerName(lines);
  const jurisdictions = form ? form.jurisdictions(lines) : namedStates(lines);
  const expiresOn = dates.expiresOn ?? form?.impliedExpiry?.(lines) ?? null;
  const missing: string[] = [];
  if (!buyerName) missing.push("buyer_name");
  if (jurisdictions.length === 0) missing.push("jurisdiction");
  if (form?.signatureRequired && !signed) missing.push("signature");
  if (form?.signatureRequired && !dates.issuedOn) missing.push("issue_date");
  if (form?.taxIdLabel && !hasTaxId(lines, form.taxIdLabel)) missing.push("tax_id");
  return {
    certificateType: form ? form.certificateType(lines) : typeFromReasons(lines, "other"),
    jurisdictions: [...jurisdictions].sort(),
    buyerName,
    issuedOn: dates.issuedOn,
    expiresOn,
    signed,
    missing,
  };
}

function hasTaxId(lines: readonly string[], label: RegExp): boolean {
  const found = findLabelledValue(lines, new RegExp(label.source + String.raw`(?:\s*\([^)]*\))?`, "i"));
  return found !== null && (found.value.match(/\d/g)?.length ?? 0) >= 5;
}
