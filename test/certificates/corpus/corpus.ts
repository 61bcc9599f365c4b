// The test corpus: generated documents modelled on real certificate forms, each with the
// reading the document reader must produce. Built in memory at test time; nothing binary
// is committed. `ocr: true` marks documents that go through OCR (slow).
import type {
  DocumentKind,
  DocumentReading,
  ExtractedCertificate,
} from "../../../services/certificates/src/processing/document-reader.js";
import { writePdf } from "./form-writer.js";
import {
  floridaConsumerExemptionPdf,
  newYorkExemptOrganizationPdf,
  texasExemptionCertificationPdf,
} from "./forms-exempt.js";
import { mtcCertificatePdf, sstCertificatePdf } from "./forms-multistate.js";
import {
  exemptOrganizationLetterPdf,
  governmentEntityCertificatePdf,
  invoicePdf,
  unrelatedLetterPdf,
} from "./forms-other.js";
import {
  californiaManufacturingPdf,
  californiaResaleCertificate,
  californiaResalePdf,
  floridaAnnualResalePdf,
  newYorkResalePdf,
  texasAgriculturalPdf,
  texasResaleCertificate,
  texasResalePdf,
} from "./forms-state.js";
import { imageOnlyPdf, pdfPageToPng, pngToJpeg, scanLike } from "./raster.js";

export interface CorpusDocument {
  readonly name: string;
  readonly kind: DocumentKind;
  readonly ocr: boolean;
  build(): Promise<Uint8Array>;
  readonly expected: DocumentReading;
}

const certificate = (
  fields: Partial<ExtractedCertificate> & Pick<ExtractedCertificate, "certificateType" | "jurisdictions" | "buyerName">,
): ExtractedCertificate => ({
  issuedOn: null,
  expiresOn: null,
  signed: true,
  missing: [],
  ...fields,
});
const certificates = (...list: ExtractedCertificate[]): DocumentReading => ({
  kind: "certificates",
  certificates: list,
});

const texasInput = {
  purchaser: "Lone Star Outfitters LLC",
  number: "32012345678",
  signature: { style: "script", name: "Maria Gonzalez", title: "Owner", date: "03/14/2026" },
} as const;
const californiaInput = {
  purchaser: "Golden Coast Home Goods Inc.",
  number: "102-345678",
  signature: { style: "conformed", name: "Kevin Tran", title: "Purchasing Manager", date: "March 2, 2026" },
} as const;
const riograndeInput = {
  purchaser: "Rio Grande Hardware Co.",
  number: "17498765432",
  signature: { style: "conformed", name: "Luis Ortega", title: "President", date: "05/20/2026" },
} as const;
const empireInput = {
  purchaser: "Empire Kitchen Supply Corp.",
  number: "12-3456789",
  signature: { style: "conformed", name: "Rachel Stein", title: "Controller", date: "04/01/2026" },
} as const;

const texasResale = (buyerName: string, issuedOn: string) =>
  certificate({ certificateType: "resale", jurisdictions: ["TX"], buyerName, issuedOn });

export const corpus: readonly CorpusDocument[] = [
  {
    name: "SST multistate certificate with supplemental (GA, IN, KY, NC, TN ticked)",
    kind: "pdf",
    ocr: false,
    build: () =>
      sstCertificatePdf({
        purchaser: "Blue Ridge Supply Co.",
        taxId: "58-1234567",
        claimedStates: ["GA", "IN", "KY", "NC", "TN"],
        signature: { style: "conformed", name: "Dana Whitfield", title: "CFO", date: "02/03/2026" },
      }),
    expected: certificates(
      certificate({
        certificateType: "multistate_sst",
        jurisdictions: ["GA", "IN", "KY", "NC", "TN"],
        buyerName: "Blue Ridge Supply Co.",
        issuedOn: "2026-02-03",
      }),
    ),
  },
  {
    name: "MTC uniform resale certificate registered in CA, IL and TX",
    kind: "pdf",
    ocr: false,
    build: () =>
      mtcCertificatePdf({
        buyer: "Prairie Wind Wholesale Inc.",
        registrations: { CA: "SR-KH-100-123456", IL: "3456-7890", TX: "12012345678" },
        signature: { style: "script", name: "Tom Becker", title: "Treasurer", date: "01/15/2026" },
      }),
    expected: certificates(
      certificate({
        certificateType: "resale",
        jurisdictions: ["CA", "IL", "TX"],
        buyerName: "Prairie Wind Wholesale Inc.",
        issuedOn: "2026-01-15",
      }),
    ),
  },
  {
    name: "Texas 01-339 resale certificate",
    kind: "pdf",
    ocr: false,
    build: () => texasResalePdf(texasInput),
    expected: certificates(texasResale("Lone Star Outfitters LLC", "2026-03-14")),
  },
  {
    name: "California CDTFA-230 general resale certificate",
    kind: "pdf",
    ocr: false,
    build: () => californiaResalePdf(californiaInput),
    expected: certificates(
      certificate({
        certificateType: "resale",
        jurisdictions: ["CA"],
        buyerName: "Golden Coast Home Goods Inc.",
        issuedOn: "2026-03-02",
      }),
    ),
  },
  {
    name: "California CDTFA-230-M manufacturing partial exemption",
    kind: "pdf",
    ocr: false,
    build: () =>
      californiaManufacturingPdf({
        purchaser: "Bay Precision Castings LLC",
        number: "98-765432",
        signature: { style: "script", name: "Ana Ruiz", title: "Plant Manager", date: "2026-02-27" },
      }),
    expected: certificates(
      certificate({
        certificateType: "manufacturing",
        jurisdictions: ["CA"],
        buyerName: "Bay Precision Castings LLC",
        issuedOn: "2026-02-27",
      }),
    ),
  },
  {
    name: "Texas 01-924 agricultural exemption with an expiry date",
    kind: "pdf",
    ocr: false,
    build: () =>
      texasAgriculturalPdf({
        purchaser: "Pedernales Pecan Orchards",
        number: "0123456789",
        expires: "12/31/2027",
        signature: { style: "conformed", name: "Jim Walker", title: "Owner", date: "06/02/2026" },
      }),
    expected: certificates(
      certificate({
        certificateType: "agricultural",
        jurisdictions: ["TX"],
        buyerName: "Pedernales Pecan Orchards",
        issuedOn: "2026-06-02",
        expiresOn: "2027-12-31",
      }),
    ),
  },
  {
    name: "Texas Comptroller exempt-organisation letter",
    kind: "pdf",
    ocr: false,
    build: () => exemptOrganizationLetterPdf({ organization: "Hill Country Food Bank", date: "January 9, 2026" }),
    expected: certificates(
      certificate({
        certificateType: "exempt_organization",
        jurisdictions: ["TX"],
        buyerName: "Hill Country Food Bank",
        issuedOn: "2026-01-09",
        signed: false,
      }),
    ),
  },
  {
    name: "Kansas tax-exempt entity certificate of a county (government)",
    kind: "pdf",
    ocr: false,
    build: governmentEntityCertificatePdf,
    expected: certificates(
      certificate({
        certificateType: "government",
        jurisdictions: ["KS"],
        buyerName: "Sedgwick County",
        issuedOn: "2024-10-01",
        expiresOn: "2029-10-01",
        signed: false,
      }),
    ),
  },
  {
    name: "New York ST-119.1 exempt organisation purchase certificate",
    kind: "pdf",
    ocr: false,
    build: () =>
      newYorkExemptOrganizationPdf({
        organization: "Ithaca Community Library",
        exNumber: "EX-123456",
        signature: { style: "conformed", name: "Grace Lin", title: "Director", date: "04/15/2026" },
      }),
    expected: certificates(
      certificate({
        certificateType: "exempt_organization",
        jurisdictions: ["NY"],
        buyerName: "Ithaca Community Library",
        issuedOn: "2026-04-15",
      }),
    ),
  },
  {
    name: "Texas 01-339 exemption certification of a city (government)",
    kind: "pdf",
    ocr: false,
    build: () =>
      texasExemptionCertificationPdf({
        purchaser: "City of Austin",
        reason: "purchases by a local government (political subdivision of Texas)",
        signature: { style: "script", name: "Ray Diaz", title: "Procurement Officer", date: "05/05/2026" },
      }),
    expected: certificates(
      certificate({
        certificateType: "government",
        jurisdictions: ["TX"],
        buyerName: "City of Austin",
        issuedOn: "2026-05-05",
      }),
    ),
  },
  {
    name: "Florida DR-14 consumer's certificate of exemption (religious organisation)",
    kind: "pdf",
    ocr: false,
    build: () =>
      floridaConsumerExemptionPdf({
        organization: "Grace Chapel of Tampa Inc",
        number: "85-8012345678C-1",
        expires: "06/30/2030",
      }),
    expected: certificates(
      certificate({
        certificateType: "exempt_organization",
        jurisdictions: ["FL"],
        buyerName: "Grace Chapel of Tampa Inc",
        expiresOn: "2030-06-30",
        signed: false,
      }),
    ),
  },
  {
    name: "unsigned Texas resale certificate",
    kind: "pdf",
    ocr: false,
    build: () =>
      texasResalePdf({
        ...texasInput,
        purchaser: "Alamo Party Rentals",
        signature: { style: "blank", name: "Joe Reyes", title: "Manager", date: "04/22/2026" },
      }),
    expected: certificates({
      ...texasResale("Alamo Party Rentals", "2026-04-22"),
      signed: false,
      missing: ["signature"],
    }),
  },
  {
    name: "expired Florida DR-13 annual resale certificate (2024)",
    kind: "pdf",
    ocr: false,
    build: () => floridaAnnualResalePdf({ year: 2024, business: "SUNSHINE SURF SHOP LLC", number: "78-8012345678-9" }),
    expected: certificates(
      certificate({
        certificateType: "resale",
        jurisdictions: ["FL"],
        buyerName: "SUNSHINE SURF SHOP LLC",
        expiresOn: "2024-12-31",
        signed: false,
      }),
    ),
  },
  {
    name: "two certificates in one PDF (Texas then California)",
    kind: "pdf",
    ocr: false,
    build: () =>
      writePdf((form) =>
        californiaResaleCertificate(texasResaleCertificate(form, texasInput).newPage(), californiaInput),
      ),
    expected: certificates(
      texasResale("Lone Star Outfitters LLC", "2026-03-14"),
      certificate({
        certificateType: "resale",
        jurisdictions: ["CA"],
        buyerName: "Golden Coast Home Goods Inc.",
        issuedOn: "2026-03-02",
      }),
    ),
  },
  {
    name: "invoice mentioning a resale certificate",
    kind: "pdf",
    ocr: false,
    build: invoicePdf,
    expected: {
      kind: "not_a_certificate",
      reason: "the document looks like an invoice, not an exemption or resale certificate",
    },
  },
  {
    name: "unrelated business letter",
    kind: "pdf",
    ocr: false,
    build: unrelatedLetterPdf,
    expected: { kind: "not_a_certificate", reason: "no exemption or resale certificate wording was found" },
  },
  {
    name: "PNG scan of a Texas resale certificate (tilted, speckled)",
    kind: "png",
    ocr: true,
    build: async () =>
      scanLike(await pdfPageToPng(await texasResalePdf(riograndeInput), 200), { degrees: 0.8, seed: 42 }),
    expected: certificates(texasResale("Rio Grande Hardware Co.", "2026-05-20")),
  },
  {
    name: "PNG of a New York ST-120 resale certificate",
    kind: "png",
    ocr: true,
    build: async () => pdfPageToPng(await newYorkResalePdf(empireInput), 200),
    expected: certificates(
      certificate({
        certificateType: "resale",
        jurisdictions: ["NY"],
        buyerName: "Empire Kitchen Supply Corp.",
        issuedOn: "2026-04-01",
      }),
    ),
  },
  {
    name: "JPEG of a California resale certificate",
    kind: "jpeg",
    ocr: true,
    build: async () => pngToJpeg(await pdfPageToPng(await californiaResalePdf(californiaInput), 200), 80),
    expected: certificates(
      certificate({
        certificateType: "resale",
        jurisdictions: ["CA"],
        buyerName: "Golden Coast Home Goods Inc.",
        issuedOn: "2026-03-02",
      }),
    ),
  },
  {
    name: "scanned PDF (image only) of an unsigned Texas resale certificate",
    kind: "pdf",
    ocr: true,
    build: async () =>
      imageOnlyPdf(
        await pdfPageToPng(
          await texasResalePdf({ ...riograndeInput, signature: { ...riograndeInput.signature, style: "blank" } }),
          200,
        ),
      ),
    expected: certificates({
      ...texasResale("Rio Grande Hardware Co.", "2026-05-20"),
      signed: false,
      missing: ["signature"],
    }),
  },
];
