// The classification rules on text alone, including what OCR produces (single spaces,
// boxes read as brackets), so each rule can be seen failing without a PDF.
import { describe, expect, it } from "vitest";
import { classifyPages } from "./classify-pages.js";

const read = (...pages: string[]) => classifyPages(pages.map((page) => page.split("\n")));
const only = (...pages: string[]) => {
  const reading = read(...pages);
  if (reading.kind !== "certificates") throw new Error(`not read as a certificate: ${reading.reason}`);
  expect(reading.certificates).toHaveLength(1);
  return reading.certificates[0]!;
};

describe("classifyPages", () => {
  it("says there is no text when every page is empty", () => {
    expect(read("", "  ")).toEqual({ kind: "not_a_certificate", reason: "no text could be read from the document" });
  });

  it("reads an OCR'd SST form whose states are entered after the claimed-state line", () => {
    const certificate = only(
      [
        "Streamlined Sales Tax Certificate of Exemption",
        "If not, enter the two-letter abbreviation for the state under whose laws you are claiming exemption: OH",
        "A. Name of purchaser: Buckeye Robotics Inc",
        "C. Purchaser's tax ID number: 31-4455667 State of issue: OH",
        "Signature of authorized purchaser: /s/ Pat Kim Print name: Pat Kim Title: CEO Date: 7/1/26",
      ].join("\n"),
    );
    expect(certificate).toEqual({
      certificateType: "multistate_sst",
      jurisdictions: ["OH"],
      buyerName: "Buckeye Robotics Inc",
      issuedOn: "2026-07-01",
      expiresOn: null,
      signed: true,
      missing: [],
    });
  });

  it("accepts the tick marks OCR makes of check boxes and ignores unticked states", () => {
    const certificate = only(
      [
        "Streamlined Sales Tax Certificate of Exemption",
        "Name of purchaser: Acme Co",
        "[X] WA [ ] WI (x) WV ✓ NE KS",
        "Signature: /s/ A B   Date: 2026-01-02",
        "Purchaser's tax ID number: 123456789",
      ].join("\n"),
    );
    expect(certificate.jurisdictions).toEqual(["NE", "WA", "WV"]);
  });

  it("lists what an incomplete resale certificate lacks", () => {
    const certificate = only(
      [
        "Texas Sales and Use Tax Resale Certificate",
        "Name of purchaser, firm or agency as shown on permit: ________",
        "Texas Sales and Use Tax Permit Number: ______",
        "Signature of authorized purchaser: ____________   Title: ____   Date: ____",
      ].join("\n"),
    );
    expect(certificate.missing).toEqual(["buyer_name", "signature", "issue_date", "tax_id"]);
    expect(certificate.signed).toBe(false);
  });

  it('recognises a conformed signature as OCR reads it ("Isl Name")', () => {
    const certificate = only(
      [
        "California Resale Certificate",
        "Name of purchaser: Ocean Goods",
        "Seller's permit number: 102-345678",
        "Isl Dana Whitfield   Date: 02/03/2026",
      ].join("\n"),
    );
    expect(certificate).toMatchObject({ signed: true, missing: [] });
  });

  it("counts an electronic signature as signed", () => {
    const certificate = only(
      [
        "California Resale Certificate",
        "Name of purchaser: Ocean Goods",
        "Seller's permit number: 102-345678",
        "Electronically signed by Jane Roe on 02/03/2026",
      ].join("\n"),
    );
    expect(certificate).toMatchObject({ signed: true, issuedOn: "2026-02-03", missing: [] });
  });

  it("gives an unknown state form its type from the exemption reason and its state from the issuing agency", () => {
    const certificate = only(
      [
        "Sales Tax Exemption Certificate",
        "Ohio Department of Taxation",
        "Purchaser name: Miami Valley Farms",
        "Reason: agricultural production",
        "Dated June 5, 2026",
      ].join("\n"),
    );
    expect(certificate).toEqual({
      certificateType: "agricultural",
      jurisdictions: ["OH"],
      buyerName: "Miami Valley Farms",
      issuedOn: "2026-06-05",
      expiresOn: null,
      signed: false,
      missing: [],
    });
  });

  it("does not take West Virginia for Virginia", () => {
    const certificate = only(
      [
        "Certificate of exemption",
        "West Virginia State Tax Department",
        "Name of purchaser: Mountaineer Church",
        "This religious organization is exempt from West Virginia sales tax.",
      ].join("\n"),
    );
    expect(certificate.jurisdictions).toEqual(["WV"]);
    expect(certificate.certificateType).toBe("exempt_organization");
  });

  it("asks for the jurisdiction when a generic certificate names no state", () => {
    const certificate = only(
      ["Resale Certificate", "Name of buyer: Northwind Traders", "We certify the purchases are for resale."].join("\n"),
    );
    expect(certificate.missing).toEqual(["jurisdiction"]);
  });

  it("derives a Florida annual certificate's expiry from its year when the expiry line is unreadable", () => {
    const certificate = only(
      [
        "2025 Florida Annual Resale Certificate for Sales Tax",
        "Business Name and Location Address   Certificate Number",
        "GATOR BAIT LLC   12-3456789012-3",
      ].join("\n"),
    );
    expect(certificate).toMatchObject({
      jurisdictions: ["FL"],
      buyerName: "GATOR BAIT LLC",
      expiresOn: "2025-12-31",
      missing: [],
    });
  });

  it("keeps a certificate and drops the invoice attached behind it", () => {
    const reading = read(
      [
        "Texas Sales and Use Tax Resale Certificate",
        "Name of purchaser: A Co",
        "Texas Sales and Use Tax Permit Number: 12345678901",
        "Signature: /s/ A   Date: 01/02/2026",
      ].join("\n"),
      ["Invoice number 7", "Bill to A Co", "Subtotal $10", "Amount due $10"].join("\n"),
    );
    expect(reading.kind === "certificates" && reading.certificates.map((c) => c.jurisdictions)).toEqual([["TX"]]);
  });

  it("does not take a letter that names a form in its body for that form", () => {
    const reading = read(
      [
        "Dear customer,",
        "Please complete the attached Texas Sales and Use Tax Resale Certificate and return it.",
        "Regards",
      ].join("\n"),
    );
    expect(reading).toEqual({
      kind: "not_a_certificate",
      reason: "no exemption or resale certificate wording was found",
    });
  });
});
