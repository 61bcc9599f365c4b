// From page texts to a reading. Pages are grouped into certificates: a page whose title
// names a known form starts a new certificate unless it continues the same form (an SST
// multistate supplemental, a second page without its own purchaser); other pages belong
// to the certificate before them, except an invoice page. Groups that are not certificates (a cover letter, an
// invoice attached behind the form) are dropped; with no certificate at all the reading
// says why.
import type { DocumentReading, ExtractedCertificate } from "../document-reader.js";
import { hasCertificateWording, invoiceScore } from "./document-cues.js";
import { findBuyerName } from "./find-buyer-name.js";
import { recogniseForm, type FormDefinition } from "./form-catalog.js";
import { readCertificate } from "./read-certificate.js";
import { normalizeLine } from "./text-lines.js";

interface PageGroup {
  form: FormDefinition | null;
  lines: string[];
}

export function classifyPages(pages: ReadonlyArray<readonly string[]>): DocumentReading {
  const normalized = pages.map((lines) => lines.map(normalizeLine).filter((line) => line !== ""));
  if (normalized.every((lines) => lines.length === 0)) {
    return { kind: "not_a_certificate", reason: "no text could be read from the document" };
  }
  const certificates: ExtractedCertificate[] = [];
  const reasons: string[] = [];
  for (const group of groupPages(normalized)) {
    const verdict = certificateVerdict(group);
    if (verdict === null) certificates.push(readCertificate(group.lines, group.form));
    else reasons.push(verdict);
  }
  if (certificates.length > 0) return { kind: "certificates", certificates };
  return { kind: "not_a_certificate", reason: reasons[0] ?? "no exemption or resale certificate wording was found" };
}

function groupPages(pages: ReadonlyArray<string[]>): PageGroup[] {
  const groups: PageGroup[] = [];
  for (const lines of pages) {
    if (lines.length === 0) continue;
    const form = recogniseForm(lines);
    const current = groups[groups.length - 1];
    const continues =
      current !== undefined &&
      (form === null ? invoiceScore(lines) < 2 : form.id === current.form?.id && findBuyerName(lines) === null);
    if (current && continues) current.lines.push(...lines);
    else groups.push({ form, lines: [...lines] });
  }
  return groups;
}

/** null when the group is a certificate, else the reason it is not. */
function certificateVerdict(group: PageGroup): string | null {
  if (group.form) return null;
  if (invoiceScore(group.lines) >= 2)
    return "the document looks like an invoice, not an exemption or resale certificate";
  if (hasCertificateWording(group.lines)) return null;
  return "no exemption or resale certificate wording was found";
}
