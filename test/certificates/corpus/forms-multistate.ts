// Multistate forms modelled on the Streamlined Sales Tax certificate of exemption (SSTGB
// Form F0003, with its multistate supplemental) and the MTC uniform resale certificate.
// Wording is our own summary of the real forms' fields, not a copy.
import { writePdf, type SignatureBlock } from "./form-writer.js";

export const sstMemberStates = [
  "AR",
  "GA",
  "IN",
  "IA",
  "KS",
  "KY",
  "MI",
  "MN",
  "NE",
  "NV",
  "NJ",
  "NC",
  "ND",
  "OH",
  "OK",
  "RI",
  "SD",
  "TN",
  "UT",
  "VT",
  "WA",
  "WV",
  "WI",
  "WY",
];

export interface SstFormInput {
  readonly purchaser: string;
  readonly taxId: string;
  readonly claimedStates: readonly string[];
  readonly signature: SignatureBlock;
}

export function sstCertificatePdf(input: SstFormInput): Promise<Uint8Array> {
  return writePdf((form) => {
    form
      .small("SSTGB Form F0003   Exemption Certificate")
      .title("Streamlined Sales Tax Certificate of Exemption")
      .small(
        "Give this completed form to the seller; do not send it to the Streamlined Sales Tax Governing Board. This form may be used in the member states listed. The purchaser must confirm it qualifies for the exemption claimed in each state and is liable for tax, interest and penalties if it does not.",
      )
      .gap(4)
      .checkboxes([{ label: "A Multistate Supplemental is attached (states listed there)", checked: true }], 1)
      .checkboxes([{ label: "Single purchase certificate. Invoice/purchase order number:", checked: false }], 1)
      .fields({ label: "A. Name of purchaser", value: input.purchaser })
      .fields({ label: "B. Business address", value: "410 Commerce Pkwy" }, { label: "City", value: "Atlanta" })
      .fields({ label: "State", value: "GA" }, { label: "Zip code", value: "30303" })
      .fields({ label: "C. Purchaser's tax ID number", value: input.taxId }, { label: "State of issue", value: "GA" })
      .fields({ label: "G. Name of seller", value: "Northwind Industrial Distributors" })
      .paragraph("Type of business: 13 Wholesale trade")
      .paragraph("Reason for exemption (see the supplemental for each state):")
      .checkboxes(
        [
          { label: "A Federal government", checked: false },
          { label: "B State or local government", checked: false },
          { label: "E Charitable organization", checked: false },
          { label: "G Resale", checked: true },
          { label: "H Agricultural production", checked: false },
          { label: "I Industrial production/manufacturing", checked: false },
        ],
        2,
      )
      .paragraph(
        "I declare that the information on this certificate is correct and complete to the best of my knowledge and belief.",
      )
      .signature(input.signature)
      .newPage()
      .small("SSTGB Form F0003   Multistate Supplemental")
      .title("Streamlined Sales Tax Certificate of Exemption - Multistate Supplemental", 13)
      .paragraph(
        "Mark each member state in which the purchaser named on page 1 claims the exemption (reason G, resale, unless noted).",
      )
      .checkboxes(
        sstMemberStates.map((state) => ({ label: state, checked: input.claimedStates.includes(state) })),
        6,
      );
  });
}

export interface MtcFormInput {
  readonly buyer: string;
  readonly registrations: Readonly<Record<string, string>>;
  readonly signature: SignatureBlock;
}

const mtcStates = [
  "AL",
  "AR",
  "AZ",
  "CA",
  "CO",
  "CT",
  "FL",
  "GA",
  "HI",
  "ID",
  "IL",
  "IA",
  "KS",
  "KY",
  "ME",
  "MD",
  "MI",
  "MN",
  "MO",
  "NE",
  "NV",
  "NJ",
  "NM",
  "NC",
  "ND",
  "OH",
  "OK",
  "PA",
  "RI",
  "SC",
  "SD",
  "TN",
  "TX",
  "UT",
  "VT",
  "WA",
  "WI",
];

export function mtcCertificatePdf(input: MtcFormInput): Promise<Uint8Array> {
  return writePdf((form) => {
    form
      .title("Uniform Sales & Use Tax Resale Certificate - Multijurisdiction")
      .small(
        "The states below accept this certificate as a resale certificate for sales and use tax, subject to their own notes. Buyer and seller remain responsible for its proper use under each state's law.",
      )
      .fields({ label: "Issued to Seller", value: "Cascade Paper & Packaging Co." })
      .fields({ label: "Address", value: "88 Harbor Way, Tacoma, WA 98402" })
      .paragraph("I certify that:")
      .fields({ label: "Name of Firm (Buyer)", value: input.buyer })
      .fields({ label: "Address", value: "1200 Grain Exchange Blvd, Omaha, NE 68102" })
      .paragraph(
        "is engaged as a Wholesaler and is registered with the states listed below, and that purchases from the seller are for resale in the normal course of business.",
      )
      .fields({ label: "Description of Business", value: "Wholesale of packaging supplies" })
      .paragraph("State   State Registration, Seller's Permit, or ID Number of Purchaser");
    for (let index = 0; index < mtcStates.length; index += 2) {
      const pair = mtcStates.slice(index, index + 2);
      form.fields(...pair.map((state) => ({ label: state, value: input.registrations[state] ?? null })));
    }
    form
      .paragraph(
        "This certificate is part of each order the buyer gives the seller unless otherwise specified, and is valid until canceled by the buyer in writing or revoked by the city or state.",
      )
      .signature(input.signature);
  });
}
