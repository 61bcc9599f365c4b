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

// A certificate's own title, making up most of a line near the top ("Sales Tax
// Exemption Certificate", "Certificate of Resale").
const certificateTitle =
  /\b(?:exemption|resale|exempt\s+purchase)\s+certificat(?:e|ion)\b|\bcertificate\s+of\s+(?:exemption|resale)\b/i;

// Wording that declares or grants the exemption, anywhere.
const declarations: readonly RegExp[] = [
  /\bis\s+exempt\s+from\s+(?:the\s+)?(?:[a-z]+\s+){0,3}(?:sales|use|sales\s+and\s+use)\s+tax/i,
  /\bclaim(?:s|ing)?\s+(?:an?\s+)?exemption\s+from\s+(?:[a-z]+\s+){0,3}(?:sales|use)\s+tax/i,
  /\bcertif(?:y|ies)\b[^.]{0,200}\b(?:for\s+resale|are\s+exempt|is\s+exempt)\b/i,
];

export function invoiceScore(lines: readonly string[]): number {
  const text = lines.join("\n");
  return invoiceCues.filter((cue) => cue.test(text)).length;
}

export function hasCertificateWording(lines: readonly string[]): boolean {
  const titled = lines.slice(0, 12).some((line) => {
    const match = certificateTitle.exec(line);
    return match !== null && match[0].length >= 0.4 * line.trim().length;
  });
  const text = lines.join("\n");
  return titled || declarations.some((cue) => cue.test(text));
}
