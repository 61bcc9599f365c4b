// The public JSON of a calculation (spec: Calculation and Platform calculation response).
// Money figures are bigint inside Levy; exactMoney turns them into JSON numbers exactly
// (never beyond 2^53 − 1: calculations are bounded so that they fit).
import type { Calculation, LineItemResult, Totals } from "@levy/proto/levy/calc_engine/v1/calc_engine_pb.js";
import { type ApiVersion, versionAtLeast } from "../domain/api-versions.js";
import { presentAddress, presentJurisdiction, presentLineProduct } from "@levy/presenters";
import { exactMoney } from "@levy/kit";

function presentLine(line: LineItemResult) {
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

function totalFees(calculation: Calculation): number {
  return exactMoney(
    calculation.lineItems.reduce((sum, line) => sum + line.taxJurisdictions.reduce((s, e) => s + e.feeAmount, 0n), 0n),
  );
}

/**
 * The spec lists STATE, COUNTY, CITY, DISTRICT or "" as a platform calculation's
 * tax_authority_type: a national authority (VAT, GST) is "" there; jurisdiction_id and
 * tax_type still say which one it is. Standard calculations keep COUNTRY (docs/decisions.md).
 */
function withPlatformAuthorityTypes(line: ReturnType<typeof presentLine>) {
  const entries = line.tax_jurisdictions.map((entry) =>
    entry.tax_authority_type === "COUNTRY" ? { ...entry, tax_authority_type: "" } : entry,
  );
  return { ...line, tax_jurisdictions: entries };
}

/** Location fields came with 2026-03-01 (IP-based resolution). */
function locationFields(calculation: Calculation, version: ApiVersion) {
  if (!versionAtLeast(version, "2026-03-01")) return { address_resolution_status: calculation.addressResolutionStatus };
  return {
    address_resolution_status: calculation.addressResolutionStatus,
    address_used: presentAddress(calculation.addressUsed),
    location_source: calculation.locationSource,
    resolution_precision: calculation.resolutionPrecision,
  };
}

function customerField(calculation: Calculation) {
  return {
    type: calculation.customerType,
    ...(calculation.customerId
      ? { id: calculation.customerId, reference_customer_id: calculation.referenceCustomerId }
      : {}),
  };
}

/** The imported rate table that answered (absent when Levy's built-in data did). */
function rateTableField(calculation: Calculation) {
  const from = calculation.rateTableEffectiveFrom;
  if (from === "") return {};
  return { rate_table: { month: from.slice(0, 7), effective_from: from, stale: calculation.rateTableStale } };
}

export function presentCalculation(calculation: Calculation, version: ApiVersion) {
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
    ...locationFields(calculation, version),
    rate_coverage: calculation.rateCoverage,
    ...rateTableField(calculation),
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

export function presentPlatformCalculation(calculation: Calculation, version: ApiVersion) {
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
    ...locationFields(calculation, version),
    rate_coverage: calculation.rateCoverage,
    ...rateTableField(calculation),
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
