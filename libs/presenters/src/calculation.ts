// The public JSON of a calculation (spec: Calculation and Platform calculation response).
// Money figures are bigint inside Levy; exactMoney turns them into JSON numbers exactly
// (never beyond 2^53 − 1: calculations are bounded so that they fit).
import { exactMoney } from "@levy/kit";
import type {
  Calculation as CalculationMessage,
  LineItemResult,
} from "@levy/proto/levy/calc_engine/v1/calc_engine_pb.js";
import type { Totals } from "@levy/proto/levy/common/v1/common_pb.js";
import { z } from "zod";
import { addressSchema, presentAddress } from "./address.js";
import { jurisdictionSchema, lineProductSchema, presentJurisdiction, presentLineProduct } from "./tax-line.js";

const int = z.number().int();

export const calculationLineSchema = z.object({
  line_item_id: z.string(),
  product: lineProductSchema,
  tax_jurisdictions: z.array(jurisdictionSchema),
  tax_amount: int,
  amount: int,
  amount_excluding_tax: int,
  amount_including_tax: int,
  quantity: int,
});
type CalculationLine = z.infer<typeof calculationLineSchema>;

const totalsSchema = z.object({ tax_amount: int, amount_excluding_tax: int, amount_including_tax: int });

const customerSchema = z.object({
  type: z.string(),
  id: z.string().optional(),
  reference_customer_id: z.string().optional(),
});

/** The location fields came with 2026-03-01 (IP-based resolution); earlier versions show only the status. */
const locationShape = {
  address_resolution_status: z.string(),
  address_used: addressSchema.nullable().optional().describe("X-API-Version 2026-03-01 and later"),
  location_source: z.string().optional().describe("X-API-Version 2026-03-01 and later"),
  resolution_precision: z.string().optional().describe("X-API-Version 2026-03-01 and later"),
};

const exemptionShape = {
  rate_coverage: z.string(),
  exemption_reason: z.string().optional(),
  exemption_certificate: z.object({ id: z.string(), certificate_type: z.string() }).optional(),
  rate_table: z
    .object({ month: z.string(), effective_from: z.string(), stale: z.boolean() })
    .optional()
    .describe(
      "the imported ZIP rate table that answered (absent when Levy's built-in data did); stale past its horizon",
    ),
};

const timesShape = { created_at: int, expires_at: int, transacted_at: int };

export const calculationSchema = z.object({
  id: z.string(),
  object: z.literal("tax.calculation"),
  testmode: z.boolean(),
  customer_currency_code: z.string(),
  line_items: z.array(calculationLineSchema),
  total_tax_amount: int,
  tax_included_in_amount: z.boolean(),
  total_amount_excluding_tax: int,
  total_amount_including_tax: int,
  total_fee_amount: int,
  ...timesShape,
  customer: customerSchema,
  automatic_tax: z.string(),
  ...locationShape,
  ...exemptionShape,
});
export type Calculation = z.infer<typeof calculationSchema>;

export const platformCalculationSchema = z.object({
  id: z.string(),
  object: z.literal("tax.calculation"),
  testmode: z.boolean(),
  customer_currency_code: z.string(),
  line_items: z.array(calculationLineSchema),
  fee_line_items: z.array(calculationLineSchema).optional().describe("when fee_details were given"),
  totals: z.object({ order: totalsSchema, fees: totalsSchema.optional() }),
  total_fee_amount: int,
  merchant: z.object({ id: z.string(), reference_merchant_id: z.string() }),
  roles: z.array(z.string()),
  tax_included_in_amount: z.boolean(),
  ...timesShape,
  customer: customerSchema,
  automatic_tax: z.string(),
  ...locationShape,
  ...exemptionShape,
});
export type PlatformCalculation = z.infer<typeof platformCalculationSchema>;

export interface CalculationPresentation {
  /** Show address_used, location_source and resolution_precision (X-API-Version 2026-03-01 and later). */
  readonly withLocation: boolean;
}

function presentLine(line: LineItemResult): CalculationLine {
  return {
    line_item_id: line.lineItemId,
    product: presentLineProduct(line.product),
    tax_jurisdictions: line.taxJurisdictions.map(presentJurisdiction),
    tax_amount: exactMoney(line.taxAmount),
    amount: exactMoney(line.amount),
    amount_excluding_tax: exactMoney(line.amountExcludingTax),
    amount_including_tax: exactMoney(line.amountIncludingTax),
    quantity: Number(line.quantity),
  };
}

function presentTotals(totals: Totals | undefined) {
  return {
    tax_amount: exactMoney(totals?.taxAmount ?? 0n),
    amount_excluding_tax: exactMoney(totals?.amountExcludingTax ?? 0n),
    amount_including_tax: exactMoney(totals?.amountIncludingTax ?? 0n),
  };
}

function totalFees(calculation: CalculationMessage): number {
  return exactMoney(
    calculation.lineItems.reduce((sum, line) => sum + line.taxJurisdictions.reduce((s, e) => s + e.feeAmount, 0n), 0n),
  );
}

/**
 * The spec lists STATE, COUNTY, CITY, DISTRICT or "" as a platform calculation's
 * tax_authority_type: a national authority (VAT, GST) is "" there; jurisdiction_id and
 * tax_type still say which one it is. Standard calculations keep COUNTRY (docs/decisions.md).
 */
function withPlatformAuthorityTypes(line: CalculationLine): CalculationLine {
  const entries = line.tax_jurisdictions.map((entry) =>
    entry.tax_authority_type === "COUNTRY" ? { ...entry, tax_authority_type: "" } : entry,
  );
  return { ...line, tax_jurisdictions: entries };
}

function locationFields(calculation: CalculationMessage, { withLocation }: CalculationPresentation) {
  if (!withLocation) return { address_resolution_status: calculation.addressResolutionStatus };
  return {
    address_resolution_status: calculation.addressResolutionStatus,
    address_used: presentAddress(calculation.addressUsed),
    location_source: calculation.locationSource,
    resolution_precision: calculation.resolutionPrecision,
  };
}

function customerField(calculation: CalculationMessage) {
  return {
    type: calculation.customerType,
    ...(calculation.customerId
      ? { id: calculation.customerId, reference_customer_id: calculation.referenceCustomerId }
      : {}),
  };
}

/** The imported rate table that answered (absent when Levy's built-in data did). */
function rateTableField(calculation: CalculationMessage) {
  const from = calculation.rateTableEffectiveFrom;
  if (from === "") return {};
  return { rate_table: { month: from.slice(0, 7), effective_from: from, stale: calculation.rateTableStale } };
}

function exemptionFields(calculation: CalculationMessage) {
  return {
    rate_coverage: calculation.rateCoverage,
    ...(calculation.exemptionReason ? { exemption_reason: calculation.exemptionReason } : {}),
    ...(calculation.exemptionCertificateId
      ? {
          exemption_certificate: {
            id: calculation.exemptionCertificateId,
            certificate_type: calculation.exemptionCertificateType,
          },
        }
      : {}),
  };
}

export function presentCalculation(calculation: CalculationMessage, options: CalculationPresentation): Calculation {
  const totals = presentTotals(calculation.totals);
  return {
    id: calculation.id,
    object: "tax.calculation",
    testmode: !calculation.livemode,
    customer_currency_code: calculation.customerCurrencyCode,
    line_items: calculation.lineItems.map(presentLine),
    total_tax_amount: totals.tax_amount,
    tax_included_in_amount: calculation.taxIncludedInAmount,
    total_amount_excluding_tax: totals.amount_excluding_tax,
    total_amount_including_tax: totals.amount_including_tax,
    total_fee_amount: totalFees(calculation),
    created_at: Number(calculation.createdAt),
    expires_at: Number(calculation.expiresAt),
    transacted_at: Number(calculation.transactedAt),
    customer: customerField(calculation),
    automatic_tax: calculation.automaticTax,
    ...locationFields(calculation, options),
    ...exemptionFields(calculation),
    ...rateTableField(calculation),
  };
}

export function presentPlatformCalculation(
  calculation: CalculationMessage,
  options: CalculationPresentation,
): PlatformCalculation {
  return {
    id: calculation.id,
    object: "tax.calculation",
    testmode: !calculation.livemode,
    customer_currency_code: calculation.customerCurrencyCode,
    line_items: calculation.lineItems.map(presentLine).map(withPlatformAuthorityTypes),
    ...(calculation.feeTotals
      ? { fee_line_items: calculation.feeLineItems.map(presentLine).map(withPlatformAuthorityTypes) }
      : {}),
    totals: {
      order: presentTotals(calculation.totals),
      ...(calculation.feeTotals ? { fees: presentTotals(calculation.feeTotals) } : {}),
    },
    total_fee_amount: totalFees(calculation),
    merchant: {
      id: calculation.merchant?.id ?? "",
      reference_merchant_id: calculation.merchant?.referenceMerchantId ?? "",
    },
    roles: calculation.roles,
    tax_included_in_amount: calculation.taxIncludedInAmount,
    created_at: Number(calculation.createdAt),
    expires_at: Number(calculation.expiresAt),
    transacted_at: Number(calculation.transactedAt),
    customer: customerField(calculation),
    automatic_tax: calculation.automaticTax,
    ...locationFields(calculation, options),
    ...exemptionFields(calculation),
    ...rateTableField(calculation),
  };
}
