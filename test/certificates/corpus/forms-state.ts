// Single-state forms modelled on Texas 01-339 (resale side) and 01-924, California
// CDTFA-230 and CDTFA-230-M, New York ST-120 and Florida DR-13. Field labels follow the
// real forms; the surrounding text is our own short summary.
import { writePdf, type FormWriter, type SignatureBlock } from "./form-writer.js";

export interface StateFormInput {
  readonly purchaser: string;
  readonly number: string | null;
  readonly signature: SignatureBlock;
}

export function texasResaleCertificate(form: FormWriter, input: StateFormInput): FormWriter {
  return form
    .small("Form 01-339 (Back)   Texas Comptroller of Public Accounts")
    .title("Texas Sales and Use Tax Resale Certificate")
    .fields({ label: "Name of purchaser, firm or agency as shown on permit", value: input.purchaser })
    .fields({ label: "Phone", value: "(512) 555-0147" })
    .fields({ label: "Address", value: "2201 Congress Ave, Austin, TX 78705" })
    .fields({ label: "Texas Sales and Use Tax Permit Number", value: input.number })
    .paragraph(
      "I, the purchaser named above, claim the right to make a non-taxable purchase for resale of the taxable items described below or on the attached order or invoice from:",
    )
    .fields({ label: "Seller", value: "Gulf Coast Apparel Wholesale" })
    .fields({ label: "Description of items to be purchased", value: "Outdoor clothing and footwear" })
    .fields({ label: "Type of business", value: "Retail outdoor goods store" })
    .paragraph(
      "The items will be resold, rented or leased in their present form or attached to other taxable items to be sold. Giving a resale certificate for items bought for use rather than resale is a criminal offense.",
    )
    .signature(input.signature);
}

export function texasResalePdf(input: StateFormInput): Promise<Uint8Array> {
  return writePdf((form) => texasResaleCertificate(form, input));
}

export function texasAgriculturalPdf(input: StateFormInput & { readonly expires: string }): Promise<Uint8Array> {
  return writePdf((form) =>
    form
      .small("Form 01-924   Texas Comptroller of Public Accounts")
      .title("Texas Agricultural Sales and Use Tax Exemption Certification")
      .fields({ label: "Name of purchaser", value: input.purchaser })
      .fields({ label: "Address", value: "RR 3 Box 118, Fredericksburg, TX 78624" })
      .fields({ label: "Ag/Timber Number", value: input.number }, { label: "Expiration date", value: input.expires })
      .paragraph(
        "The items purchased are used exclusively in the production of agricultural products for sale, as allowed by the Texas Tax Code.",
      )
      .fields({ label: "Seller", value: "Hill Country Feed & Supply" })
      .signature(input.signature),
  );
}

export function californiaResaleCertificate(form: FormWriter, input: StateFormInput): FormWriter {
  return form
    .small("CDTFA-230 REV. 1 (8-17)   State of California")
    .title("General Resale Certificate")
    .small("California Department of Tax and Fee Administration")
    .paragraph("I hold valid seller's permit number:")
    .fields({ label: "Seller's permit number", value: input.number })
    .paragraph(
      "I am engaged in the business of selling the following type of tangible personal property: home furnishings and decor.",
    )
    .paragraph(
      "This certificate is for the purchase from the vendor named below of property I will resell in the regular course of business, unless I give a written note that an item was bought for use.",
    )
    .fields({ label: "Vendor", value: "Pacific Textile Mills" })
    .fields({ label: "Name of purchaser", value: input.purchaser })
    .fields({ label: "Address of purchaser", value: "77 Mission St, San Francisco, CA 94105" })
    .signature(input.signature);
}

export function californiaResalePdf(input: StateFormInput): Promise<Uint8Array> {
  return writePdf((form) => californiaResaleCertificate(form, input));
}

export function californiaManufacturingPdf(input: StateFormInput): Promise<Uint8Array> {
  return writePdf((form) =>
    form
      .small("CDTFA-230-M   State of California")
      .title("Partial Exemption Certificate for Manufacturing, Research and Development Equipment")
      .fields({ label: "Name of purchaser", value: input.purchaser })
      .fields({ label: "Seller's permit or account number", value: input.number })
      .paragraph(
        "The property purchased qualifies for the partial exemption because it is used primarily in manufacturing, processing, refining, fabricating or recycling of tangible personal property.",
      )
      .fields({ label: "Seller", value: "Sierra Machine Tools" })
      .signature(input.signature),
  );
}

export function newYorkResalePdf(input: StateFormInput): Promise<Uint8Array> {
  return writePdf((form) =>
    form
      .small("ST-120   New York State Department of Taxation and Finance")
      .title("Resale Certificate")
      .fields({ label: "Name of seller", value: "Hudson Valley Restaurant Supply" })
      .fields({ label: "Name of purchaser", value: input.purchaser })
      .fields({ label: "Address", value: "455 Fulton St, Brooklyn, NY 11201" })
      .fields({ label: "Certificate of Authority number", value: input.number })
      .paragraph(
        "The purchaser is registered as a vendor and buys the property or services for resale, without further processing or in the form bought.",
      )
      .signature(input.signature),
  );
}

export function floridaAnnualResalePdf(input: {
  readonly year: number;
  readonly business: string;
  readonly number: string;
}): Promise<Uint8Array> {
  return writePdf((form) =>
    form
      .small("DR-13 R. 10/21   Florida Department of Revenue")
      .title(`${input.year} Florida Annual Resale Certificate for Sales Tax`)
      .paragraph(`This Certificate Expires on December 31, ${input.year}`, 11)
      .labelsOver([
        { label: "Business Name and Location Address", value: input.business },
        { label: "Certificate Number", value: input.number },
      ])
      .paragraph(
        "Giving this certificate or its number to a selling dealer certifies that the property or services bought will be resold or re-rented, or incorporated into property produced for sale. Florida law provides penalties for fraudulent use.",
      ),
  );
}
