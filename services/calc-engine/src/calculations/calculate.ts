// One calculation from request to stored result: who the customer is, what each line
// is, where the customer is, which jurisdictions tax it, and the tax of every line.
import { create } from "@bufbuild/protobuf";
import type { Client } from "@connectrpc/connect";
import {
  LevyError,
  assertOrderAmount,
  invalidField,
  isTaxCategory,
  newId,
  taxCategoryName,
  calculationLimits,
} from "@levy/kit";
import type { Scope } from "@levy/storage";
import {
  type Calculation,
  CalculationSchema,
  type CalculatePlatformRequest,
  type CalculateRequest,
  type CustomerInput,
  type OrderDetailsInput,
} from "@levy/proto/levy/calc_engine/v1/calc_engine_pb.js";
import type { CatalogService } from "@levy/proto/levy/catalog/v1/catalog_pb.js";
import type { Address, TaxId } from "@levy/proto/levy/common/v1/common_pb.js";
import type { GeoResolverService, ResolveLocationResponse } from "@levy/proto/levy/geo_resolver/v1/geo_resolver_pb.js";
import { isAcceptedCurrency } from "../domain/currencies.js";
import type { AppliedJurisdiction, LineOverride } from "../domain/determine.js";
import { isEuMemberState, isValidEuVatId } from "../domain/vat-ids.js";
import type { RateBook } from "../rates/rate-book.js";
import type { CertificateExemptions } from "../exemptions/certificate-exemptions.js";
import type { CalculationStore } from "./calculation-store.js";
import { assertSupportedPlace } from "./assert-supported-place.js";
import { type RateCoverage, type ZipRateLookup, planJurisdictions } from "./jurisdiction-plan.js";
import { locateMerchant } from "./locate-merchant.js";
import { placeByStateTable } from "./shared-zip.js";
import { type PricedOrder, type ProductFacts, priceOrder } from "./price-order.js";

export interface CalculationDeps {
  readonly book: RateBook;
  readonly zipRates?: ZipRateLookup;
  readonly geo: Client<typeof GeoResolverService>;
  readonly catalog: Client<typeof CatalogService>;
  readonly store: CalculationStore;
  /** Epoch seconds. */
  readonly now: () => number;
  readonly expirySeconds: number;
  /** Exemption certificates (certificates service); absent in unit tests without it. */
  readonly exemptions?: CertificateExemptions;
}

/** Limits documented in docs/decisions.md. */
export const limits = {
  ...calculationLimits,
  earliestTransactedAt: Date.UTC(2000, 0, 1) / 1000,
  futureTransactedAtSeconds: 366 * 24 * 3600,
} as const;

const customerTypes = new Set(["CONSUMER", "BUSINESS"]);
const platformRoles = new Set(["marketplace_provider", "payment_processor", "merchant_of_record"]);

// Nearly every calculation is for today: the last day's text is kept, so a request does
// not build a Date and an ISO string for it (0.6 % of the 1-line profile).
let lastDay = { number: Number.NaN, text: "" };

export function utcDay(epochSeconds: number): string {
  const number = Math.floor(epochSeconds / 86_400);
  if (number !== lastDay.number) lastDay = { number, text: new Date(number * 86_400_000).toISOString().slice(0, 10) };
  return lastDay.text;
}

interface CustomerFacts {
  readonly type: string;
  readonly id: string;
  readonly referenceCustomerId: string;
  readonly exempt: boolean;
}

async function customerFacts(
  deps: CalculationDeps,
  scope: Scope,
  input: CustomerInput | undefined,
): Promise<CustomerFacts> {
  const type = input?.type === "" || input?.type === undefined ? "CONSUMER" : input.type;
  if (!customerTypes.has(type)) throw invalidField("customer.type", "customer.type must be CONSUMER or BUSINESS");
  const byId = input?.id ?? "";
  const byReference = input?.referenceCustomerId ?? "";
  if (byId === "" && byReference === "") return { type, id: "", referenceCustomerId: "", exempt: false };
  const lookup = async (key: string) =>
    (
      await deps.catalog.getCustomer({
        scope: { accountId: scope.accountId, livemode: scope.livemode },
        customerId: key,
      })
    ).customer!;
  const customer = await lookup(byId !== "" ? byId : byReference);
  if (byId !== "" && byReference !== "" && customer.referenceCustomerId !== byReference) {
    throw new LevyError("invalid_request", "customer.id and customer.reference_customer_id name different customers", {
      field: "customer.reference_customer_id",
    });
  }
  return { type, id: customer.id, referenceCustomerId: customer.referenceCustomerId, exempt: customer.isTaxExempt };
}

/**
 * What each line is: its stored product (all of an order's products fetched from catalog
 * in one BatchGetProducts call) or its product_category. Lines are checked in order, so
 * the first bad line names the error, as before.
 */
async function productFacts(
  deps: CalculationDeps,
  scope: Scope,
  order: OrderDetailsInput,
  path: string,
): Promise<ProductFacts[]> {
  order.lineItems.forEach((line, index) => {
    if (line.referenceProductId !== "") return;
    const field = `${path}.line_items[${index}]`;
    if (line.productCategory === "") {
      throw new LevyError("missing_field", `${field}.product_category is required (or reference_product_id)`, {
        field: `${field}.product_category`,
        expected: "string",
        received: "undefined",
      });
    }
    if (!isTaxCategory(line.productCategory)) {
      throw new LevyError(
        "unknown_tax_category",
        `${field}.product_category: unknown category ${line.productCategory.slice(0, 60)}`,
        { field: `${field}.product_category` },
      );
    }
  });
  const stored = await storedProducts(deps, scope, order);
  return order.lineItems.map((line, index) => {
    // Default products are named after their category.
    if (line.referenceProductId === "")
      return {
        category: line.productCategory,
        referenceProductId: line.productCategory,
        name: taxCategoryName(line.productCategory),
      };
    const product = stored.get(line.referenceProductId);
    if (!product)
      throw new LevyError(
        "PRODUCT_NOT_FOUND",
        `no product with reference_product_id ${line.referenceProductId.slice(0, 100)}`,
      );
    if (line.productCategory !== "" && line.productCategory !== product.category) {
      throw invalidField(
        `${path}.line_items[${index}].product_category`,
        `product_category ${line.productCategory} contradicts product ${product.referenceProductId}'s category ${product.category}`,
      );
    }
    return product;
  });
}

/** The order's stored products by reference_product_id: one catalog call, none without any. */
async function storedProducts(
  deps: CalculationDeps,
  scope: Scope,
  order: OrderDetailsInput,
): Promise<Map<string, ProductFacts>> {
  const ids = [...new Set(order.lineItems.map((line) => line.referenceProductId).filter((id) => id !== ""))];
  if (ids.length === 0) return new Map();
  const { products } = await deps.catalog.batchGetProducts({
    scope: { accountId: scope.accountId, livemode: scope.livemode },
    referenceProductIds: ids,
  });
  return new Map(
    products.map((product) => [
      product.referenceProductId,
      {
        category: product.productCategory,
        referenceProductId: product.referenceProductId,
        name: product.referenceProductName,
      },
    ]),
  );
}

/** `perUnit`: platform lines, whose `amount` is the unit price (line value = amount × quantity). */
function checkOrder(order: OrderDetailsInput | undefined, path: string, perUnit: boolean): OrderDetailsInput {
  if (!order)
    throw new LevyError("missing_field", `${path} is required`, {
      field: path,
      expected: "object",
      received: "undefined",
    });
  if (order.customerCurrencyCode === "")
    throw new LevyError("missing_field", `${path}.customer_currency_code is required`, {
      field: `${path}.customer_currency_code`,
      expected: "string",
      received: "undefined",
    });
  if (!isAcceptedCurrency(order.customerCurrencyCode)) {
    throw new LevyError(
      "unsupported_currency",
      `${path}.customer_currency_code: ${order.customerCurrencyCode.slice(0, 10)} is not one of the accepted currencies`,
      { field: `${path}.customer_currency_code` },
    );
  }
  if (order.lineItems.length === 0) throw invalidField(`${path}.line_items`, "at least one line item is required");
  if (order.lineItems.length > limits.lineItems)
    throw invalidField(`${path}.line_items`, `at most ${limits.lineItems} line items`);
  order.lineItems.forEach((line, index) => {
    const field = `${path}.line_items[${index}]`;
    if (line.amount < 0n || line.amount > BigInt(limits.maxAmount))
      throw invalidField(`${field}.amount`, `amount must be between 0 and ${limits.maxAmount}`);
    if (line.quantity < 1n || line.quantity > BigInt(limits.maxQuantity))
      throw invalidField(`${field}.quantity`, `quantity must be between 1 and ${limits.maxQuantity}`);
  });
  // Defence in depth: the gateway refuses the same orders with the same rule.
  assertOrderAmount(order.lineItems, { perUnit, path });
  return order;
}

export function transactedAt(deps: CalculationDeps, value: bigint, field = "transacted_at"): number {
  const now = deps.now();
  if (value === 0n) return now;
  const seconds = Number(value);
  if (seconds < limits.earliestTransactedAt || seconds > now + limits.futureTransactedAtSeconds) {
    throw invalidField(field, `${field} must be between 2000-01-01 and one year from now`);
  }
  return seconds;
}

async function locate(
  deps: CalculationDeps,
  customer: CustomerInput | undefined,
  day: string,
): Promise<ResolveLocationResponse> {
  if (!customer?.address && !customer?.ip) {
    throw new LevyError("missing_field", "customer.address or customer.ip is required", {
      field: "customer.address",
      expected: "object",
      received: "undefined",
    });
  }
  try {
    return await deps.geo.resolveLocation({ address: customer.address, ip: customer.ip });
  } catch (error) {
    const placed = await placeByStateTable(deps.geo, deps.zipRates, customer.address, day, error);
    if (placed) return placed;
    throw error;
  }
}

/** The US state whose certificates count: the order's `US-XX` jurisdiction, if any. */
function usStateOf(jurisdictions: readonly AppliedJurisdiction[]): string | null {
  for (const jurisdiction of jurisdictions) {
    const match = /^US-([A-Z]{2})$/.exec(jurisdiction.id);
    if (match) return match[1]!;
  }
  return null;
}

function countryOf(jurisdictions: readonly AppliedJurisdiction[], resolved: ResolveLocationResponse): string {
  return jurisdictions.find((j) => j.type === "COUNTRY")?.id ?? resolved.addressUsed?.addressCountry ?? "";
}

/** EU cross-border B2B with the customer's valid VAT number: the customer accounts for the VAT. */
function reverseCharge(
  customerType: string,
  taxIds: readonly TaxId[],
  customerCountry: string,
  sellerCountry: string,
): LineOverride | undefined {
  if (customerType !== "BUSINESS" || sellerCountry === "" || sellerCountry === customerCountry) return undefined;
  if (!isEuMemberState(customerCountry) || !isEuMemberState(sellerCountry)) return undefined;
  if (!taxIds.some((taxId) => isValidEuVatId(customerCountry, taxId.value))) return undefined;
  return {
    rateType: "reverse_charge",
    note: "Reverse charge: intra-EU supply to a business with a valid VAT number; the customer accounts for the VAT (Council Directive 2006/112/EC, Articles 44 and 196)",
  };
}

interface Common {
  readonly scope: Scope;
  readonly customer: CustomerInput | undefined;
  readonly order: OrderDetailsInput | undefined;
  readonly transactedAt: bigint;
  readonly allowUnsupportedJurisdiction: boolean;
}

/** The request field that placed the customer, named when Levy cannot tax there. */
function customerPlaceField(resolved: ResolveLocationResponse): string {
  return resolved.locationSource === "ip" ? "customer.ip" : "customer.address.address_country";
}

async function calculateCommon(
  deps: CalculationDeps,
  common: Common,
  platform?: { request: CalculatePlatformRequest },
): Promise<Calculation> {
  const order = checkOrder(common.order, "order_details", platform !== undefined);
  const fees = platform?.request.feeDetails ? checkOrder(platform.request.feeDetails, "fee_details", true) : undefined;
  const at = transactedAt(deps, common.transactedAt);
  const day = utcDay(at);
  const roles = platform?.request.roles ?? [];
  if (platform) {
    if (roles.length === 0)
      throw new LevyError("missing_field", "roles is required", {
        field: "roles",
        expected: "array",
        received: "undefined",
      });
    roles.forEach((role, index) => {
      if (!platformRoles.has(role))
        throw invalidField(
          `roles[${index}]`,
          `unknown role ${role.slice(0, 40)}; one of marketplace_provider, payment_processor, merchant_of_record`,
        );
    });
  }
  const merchantInput = platform?.request.merchant;
  if (platform && (!merchantInput || merchantInput.merchantId === "")) {
    throw new LevyError("missing_field", "merchant.merchant_id is required", {
      field: "merchant.merchant_id",
      expected: "string",
      received: "undefined",
    });
  }
  const scopeMessage = { accountId: common.scope.accountId, livemode: common.scope.livemode };
  const [customer, products, feeProducts, merchant, resolved] = await Promise.all([
    customerFacts(deps, common.scope, common.customer),
    productFacts(deps, common.scope, order, "order_details"),
    fees ? productFacts(deps, common.scope, fees, "fee_details") : Promise.resolve([]),
    merchantInput
      ? deps.catalog.getMerchant({ scope: scopeMessage, merchantId: merchantInput.merchantId }).then((r) => r.merchant!)
      : Promise.resolve(undefined),
    locate(deps, common.customer, day),
  ]);

  const allowUnsupported = common.allowUnsupportedJurisdiction;
  if (!resolved.zeroRate)
    assertSupportedPlace(deps.book, resolved, { day, field: customerPlaceField(resolved), allowUnsupported });
  const plan = resolved.zeroRate
    ? { jurisdictions: [], coverage: "ZERO" as const }
    : planJurisdictions(deps.book, resolved, day, deps.zipRates);
  const customerCountry = countryOf(plan.jurisdictions, resolved);
  const sellerCountry = merchant?.defaultAddress?.addressCountry ?? "";
  const state = usStateOf(plan.jurisdictions);
  const certificate =
    !customer.exempt && state && deps.exemptions ? await deps.exemptions.find(common.scope, customer, state, at) : null;
  const override: LineOverride | undefined = customer.exempt
    ? { rateType: "exempt", note: "The customer is tax exempt" }
    : certificate
      ? {
          rateType: "exempt",
          note: `Exemption certificate ${certificate.certificateId} (${certificate.certificateType}) covers ${state}`,
        }
      : reverseCharge(customer.type, common.customer?.taxIds ?? [], customerCountry, sellerCountry);
  const exemptionReason = customer.exempt
    ? "customer_exempt"
    : certificate
      ? "exemption_certificate"
      : override
        ? "reverse_charge"
        : "";
  const priced = priceOrder(order, products, {
    path: "order_details",
    book: deps.book,
    jurisdictions: plan.jurisdictions,
    day,
    override,
    perUnit: platform !== undefined,
    chargeFees: true,
  });

  // Platform fees are a service to the merchant: taxed where the merchant is, when known.
  let feePriced: PricedOrder | undefined;
  if (fees) {
    const merchantPlace =
      merchant?.defaultAddress && merchant.defaultAddress.addressCountry !== ""
        ? await locateMerchant(deps.geo, merchant.defaultAddress)
        : undefined;
    if (merchantPlace)
      assertSupportedPlace(deps.book, merchantPlace, {
        day,
        field: "merchant.default_address.address_country",
        allowUnsupported,
      });
    const feePlan = merchantPlace ? planJurisdictions(deps.book, merchantPlace, day, deps.zipRates) : plan;
    feePriced = priceOrder(fees, feeProducts, {
      path: "fee_details",
      book: deps.book,
      jurisdictions: feePlan.jurisdictions,
      day,
      perUnit: true,
      chargeFees: false,
    });
  }

  const now = deps.now();
  const coverage: RateCoverage | "ZERO" = plan.coverage;
  const rateTable = "rateTable" in plan ? plan.rateTable : undefined;
  const calculation = create(CalculationSchema, {
    id: newId("calc"),
    livemode: common.scope.livemode,
    customerCurrencyCode: order.customerCurrencyCode,
    lineItems: priced.lines,
    taxIncludedInAmount: order.taxIncludedInAmount,
    totals: priced.totals,
    createdAt: BigInt(now),
    expiresAt: BigInt(now + deps.expirySeconds),
    transactedAt: BigInt(at),
    customerType: customer.type,
    customerId: customer.id,
    referenceCustomerId: customer.referenceCustomerId,
    automaticTax: order.automaticTax === "" ? "auto" : order.automaticTax,
    addressResolutionStatus: resolved.addressResolutionStatus,
    addressUsed: resolved.addressUsed as Address | undefined,
    locationSource: resolved.locationSource,
    resolutionPrecision: resolved.resolutionPrecision,
    kind: platform ? "platform" : "standard",
    feeLineItems: feePriced?.lines ?? [],
    ...(feePriced ? { feeTotals: feePriced.totals } : {}),
    ...(merchant ? { merchant: { id: merchant.id, referenceMerchantId: merchant.referenceMerchantId } } : {}),
    roles,
    rateCoverage: coverage,
    exemptionReason,
    exemptionCertificateId: certificate?.certificateId ?? "",
    exemptionCertificateType: certificate?.certificateType ?? "",
    rateTableEffectiveFrom: rateTable?.effectiveFrom ?? "",
    rateTableStale: rateTable?.stale ?? false,
  });
  await deps.store.save(common.scope, calculation);
  return calculation;
}

export function calculate(deps: CalculationDeps, scope: Scope, request: CalculateRequest): Promise<Calculation> {
  return calculateCommon(deps, {
    scope,
    customer: request.customer,
    order: request.orderDetails,
    transactedAt: request.transactedAt,
    allowUnsupportedJurisdiction: request.allowUnsupportedJurisdiction,
  });
}

export function calculatePlatform(
  deps: CalculationDeps,
  scope: Scope,
  request: CalculatePlatformRequest,
): Promise<Calculation> {
  return calculateCommon(
    deps,
    {
      scope,
      customer: request.customer,
      order: request.orderDetails,
      transactedAt: request.transactedAt,
      allowUnsupportedJurisdiction: request.allowUnsupportedJurisdiction,
    },
    { request },
  );
}
