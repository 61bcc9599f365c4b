// Exemption (not resale) forms a buyer fills in: New York ST-119.1 for exempt
// organisations, the exemption side of Texas 01-339 and Florida's DR-14 consumer's
// certificate, which the Department issues (no signature).
import { writePdf, type SignatureBlock } from "./form-writer.js";

export function newYorkExemptOrganizationPdf(input: {
  readonly organization: string;
  readonly exNumber: string;
  readonly signature: SignatureBlock;
}): Promise<Uint8Array> {
  return writePdf((form) =>
    form
      .small("ST-119.1   New York State Department of Taxation and Finance")
      .title("Exempt Organization Exempt Purchase Certificate")
      .fields({ label: "Name of seller", value: "Finger Lakes Office Supply" })
      .fields({ label: "Name of exempt organization", value: input.organization })
      .fields({ label: "Exempt organization number", value: input.exNumber })
      .paragraph(
        "The organization named above holds an exempt organization certificate and buys the property or services for its own use in carrying out its exempt purposes, paid from its own funds.",
      )
      .signature(input.signature),
  );
}

export function texasExemptionCertificationPdf(input: {
  readonly purchaser: string;
  readonly reason: string;
  readonly signature: SignatureBlock;
}): Promise<Uint8Array> {
  return writePdf((form) =>
    form
      .small("Form 01-339 (Front)   Texas Comptroller of Public Accounts")
      .title("Texas Sales and Use Tax Exemption Certification")
      .fields({ label: "Name of purchaser, firm or agency", value: input.purchaser })
      .fields({ label: "Address", value: "1100 Congress Ave, Austin, TX 78701" })
      .fields({ label: "Seller", value: "Capitol Furniture Co." })
      .paragraph(
        `The purchaser claims an exemption from payment of sales and use taxes for the items described below for the following reason: ${input.reason}`,
      )
      .fields({ label: "Description of items", value: "Office chairs and desks" })
      .signature(input.signature),
  );
}

export function floridaConsumerExemptionPdf(input: {
  readonly organization: string;
  readonly number: string;
  readonly expires: string;
}): Promise<Uint8Array> {
  return writePdf((form) =>
    form
      .small("DR-14   Florida Department of Revenue")
      .title("Consumer's Certificate of Exemption")
      .labelsOver([
        { label: "Organization name", value: input.organization },
        { label: "Certificate Number", value: input.number },
      ])
      .fields({ label: "Expiration date", value: input.expires })
      .paragraph(
        "This certifies that the organization named above is exempt from Florida sales and use tax on purchases and rentals for its customary nonprofit activities, as a religious institution.",
      ),
  );
}
