// Is an unrecognised document an exemption certificate at all? Invoices and letters
// often mention exemptions ("exemption certificate on file"), so invoice cues are
// checked first, and a certificate needs wording that declares or grants an exemption.
const invoiceCues: readonly RegExp[] = [
  /\binvoice\s*(?:#|no\.?|number)/i,
  /^\s*invoice\b/im,
  /\bbill\s+to\b/i,
  /\bamount\s+due\b|\bbalance\s+due\b|\btotal\s+due\b/i,
  /\bsubtotal\b/i,
  /\bqty\b|\bquantity\b.*\bunit\s+price\b/i,
  /\bpayment\s+terms\b|\bnet\s+30\b|\bdue\s+date\b/i,
];

const certificateCues: readonly RegExp[] = [
  /\b(?:sales\s+(?:and\s+use\s+)?tax\s+)?(?:exemption|resale|exempt\s+purchase)\s+certificat(?:e|ion)\b/i,
  /\bcertificate\s+of\s+(?:exemption|resale|authority\s+to\s+purchase\s+tax[- ]free)\b/i,
  /\bis\s+exempt\s+from\s+(?:the\s+)?(?:[a-z]+\s+){0,3}(?:sales|use|sales\s+and\s+use)\s+tax/i,
  /\bclaim(?:s|ing)?\s+(?:an?\s+)?exemption\s+from\s+(?:[a-z]+\s+){0,3}(?:sales|use)\s+tax/i,
  /\bpurchases?\s+(?:are|is|will\s+be)\s+(?:for\s+resale|exempt)\b/i,
];

export function invoiceScore(lines: readonly string[]): number {
  const text = lines.join("\n");
  return invoiceCues.filter((cue) => cue.test(text)).length;
}

export function hasCertificateWording(lines: readonly string[]): boolean {
  const text = lines.join("\n");
  return certificateCues.some((cue) => cue.test(text));
}
