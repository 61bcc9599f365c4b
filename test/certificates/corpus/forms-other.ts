// Documents that are not forms: a state's exempt-organisation letter (modelled on the
// letters the Texas Comptroller sends to exempt nonprofits), an invoice that mentions a
// resale certificate, and an unrelated business letter.
import { writePdf } from "./form-writer.js";

export function exemptOrganizationLetterPdf(input: {
  readonly organization: string;
  readonly date: string;
}): Promise<Uint8Array> {
  return writePdf((form) =>
    form
      .title("Texas Comptroller of Public Accounts", 13)
      .small("P.O. Box 13528   Austin, Texas 78711-3528")
      .gap(10)
      .paragraph(input.date)
      .paragraph(`${input.organization}\n900 E 51st St\nAustin, TX 78751`)
      .paragraph(
        `This letter is to notify you that ${input.organization} is exempt from Texas sales and use tax on the purchase of taxable items necessary to the organization's exempt function, as a nonprofit organization described in Section 501(c)(3) of the Internal Revenue Code.`,
      )
      .paragraph(
        "The organization may give its suppliers a Texas Sales and Use Tax Exemption Certification in lieu of tax. This exemption remains in effect while the organization keeps its federal exempt status.",
      )
      .paragraph("Sincerely,")
      .paragraph("Exempt Organizations Section\nTax Policy Division"),
  );
}

export function invoicePdf(): Promise<Uint8Array> {
  return writePdf((form) =>
    form
      .title("INVOICE")
      .fields({ label: "Invoice number", value: "INV-2026-00412" }, { label: "Invoice date", value: "02/11/2026" })
      .fields({ label: "Bill to", value: "Lone Star Outfitters LLC" }, { label: "Payment terms", value: "Net 30" })
      .paragraph("Qty   Description   Unit price   Amount")
      .paragraph("12   Trail running shoes   $64.00   $768.00")
      .paragraph("30   Merino socks   $9.50   $285.00")
      .fields(
        { label: "Subtotal", value: "$1,053.00" },
        { label: "Sales tax", value: "$0.00 (resale certificate on file)" },
      )
      .fields({ label: "Amount due", value: "$1,053.00" }, { label: "Due date", value: "03/13/2026" }),
  );
}

export function unrelatedLetterPdf(): Promise<Uint8Array> {
  return writePdf((form) =>
    form
      .paragraph("March 3, 2026")
      .paragraph("Dear Customer,")
      .paragraph(
        "Thank you for attending our spring product showcase in Denver. Our new catalogue ships next month, and your account manager will be in touch to schedule a visit to your store.",
      )
      .paragraph("Warm regards,\nThe Northwind Team"),
  );
}

/** A state-issued certificate for a government buyer, modelled on Kansas's tax-exempt entity certificate. */
export function governmentEntityCertificatePdf(): Promise<Uint8Array> {
  return writePdf((form) =>
    form
      .small("Kansas Department of Revenue")
      .title("Tax-Exempt Entity Exemption Certificate")
      .fields({ label: "Name of entity", value: "Sedgwick County" })
      .fields({ label: "Address", value: "525 N Main St, Wichita, KS 67203" })
      .fields({ label: "Exemption number", value: "KSC1234567890" })
      .paragraph(
        "The entity named above is a political subdivision of the State of Kansas. Its purchases of goods and services for its own use are exempt from Kansas sales and compensating use tax when paid from the entity's funds.",
      )
      .fields({ label: "Effective date", value: "10/01/2024" }, { label: "Expiration date", value: "10/01/2029" }),
  );
}
