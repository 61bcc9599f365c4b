// A fast path for the body of POST /tax/calculations. zod (@levy/presenters calculationBody) stays
// the definition of what is valid and the only source of error messages; this reads the
// common, plainly valid shape without it (zod cost about 6 % of the 1-line calculation's
// profile, docs/performance.md "The 1-line calculation"). It is stricter than the schema,
// never looser: anything unusual (surrounding spaces to trim, customer.ip or tax_ids, a
// repeated line id, a value at a limit) answers undefined and the caller asks zod, which
// accepts it or names the problem. Its output is what zod would give (trims, defaults,
// upper-cased currency); calculation-fast-parse.test.ts checks both against the schema.
import { addressBody, calculationLimits, isCountryCode, isVisibleIdentifier, textLimits } from "@levy/kit";
import type { calculationBody } from "@levy/presenters";
import type { z } from "zod";

type CalculationBody = z.output<typeof calculationBody>;
type Fields = Record<string, unknown>;

const bodyKeys = new Set(["customer", "order_details", "transacted_at"]);
const customerKeys = new Set(["type", "address", "id", "reference_customer_id"]);
/** Each address field but the country and its longest text, read from the one definition (kit's addressBody). */
const addressLimits: ReadonlyMap<string, number> = new Map(
  Object.entries(addressBody.shape)
    .filter(([key]) => key !== "address_country")
    .map(([key, field]) => [key, (field as z.ZodOptional<z.ZodString>).unwrap().maxLength ?? 0]),
);
const orderKeys = new Set(["customer_currency_code", "tax_included_in_amount", "automatic_tax", "line_items"]);
const lineKeys = new Set(["amount", "quantity", "product_category", "reference_product_id", "reference_line_item_id"]);

const isFields = (value: unknown): value is Fields =>
  typeof value === "object" && value !== null && !Array.isArray(value);

function onlyKeys(value: Fields, allowed: ReadonlySet<string>): boolean {
  for (const key in value) if (!allowed.has(key)) return false;
  return true;
}

const surrogate = /[\ud800-\udfff]/;

/**
 * A string the schema takes as it is (nothing to trim) with `min`..`max` characters. zod
 * counts code points: at most `max` UTF-16 units is at most `max` code points, and a
 * minimum above 1 is only taken as met by text without surrogates (where both agree).
 */
const isPlainText = (value: unknown, min: number, max: number): value is string =>
  typeof value === "string" &&
  value.length >= min &&
  value.length <= max &&
  value.trim() === value &&
  (min <= 1 || !surrogate.test(value));

const isIdentifier = (value: unknown): value is string =>
  isPlainText(value, 1, textLimits.identifier) && isVisibleIdentifier(value);

/** An integer strictly inside (min, max): the limits themselves go to zod. */
const isIntegerWithin = (value: unknown, min: number, max: number): value is number =>
  typeof value === "number" && Number.isSafeInteger(value) && value > min && value < max;

function address(value: unknown): CalculationBody["customer"]["address"] | undefined {
  // An accepted code as it is (no spaces to trim); anything else ("UK") is zod's to judge.
  if (
    !isFields(value) ||
    !isPlainText(value.address_country, 2, 2) ||
    !isCountryCode(value.address_country.toUpperCase())
  )
    return undefined;
  const out: Fields = {};
  for (const key in value) {
    const field = value[key];
    if (key === "address_country") continue;
    const max = addressLimits.get(key);
    if (max === undefined || typeof field !== "string" || field.length > max) return undefined;
    out[key] = field;
  }
  out.address_country = value.address_country;
  return out as CalculationBody["customer"]["address"];
}

function customer(value: unknown): CalculationBody["customer"] | undefined {
  if (!isFields(value) || !onlyKeys(value, customerKeys)) return undefined;
  const out: Fields = {};
  if (value.type !== undefined) {
    if (value.type !== "CONSUMER" && value.type !== "BUSINESS") return undefined;
    out.type = value.type;
  }
  if (value.address !== undefined) {
    const parsed = address(value.address);
    if (!parsed) return undefined;
    out.address = parsed;
  }
  for (const key of ["id", "reference_customer_id"] as const) {
    if (value[key] === undefined) continue;
    if (!isIdentifier(value[key])) return undefined;
    out[key] = value[key];
  }
  return out as CalculationBody["customer"];
}

function lineItem(value: unknown): CalculationBody["order_details"]["line_items"][number] | undefined {
  if (!isFields(value) || !onlyKeys(value, lineKeys)) return undefined;
  const {
    amount,
    quantity,
    product_category: category,
    reference_product_id: productId,
    reference_line_item_id: lineId,
  } = value;
  if (!isIntegerWithin(amount, -1, calculationLimits.maxAmount)) return undefined;
  if (quantity !== undefined && !isIntegerWithin(quantity, 0, calculationLimits.maxQuantity)) return undefined;
  const out: Fields = { amount, quantity: quantity ?? 1 };
  if (category !== undefined) {
    if (!isPlainText(category, 1, textLimits.productCategory)) return undefined;
    out.product_category = category;
  }
  if (productId !== undefined) {
    if (!isIdentifier(productId)) return undefined;
    out.reference_product_id = productId;
  }
  if (lineId !== undefined) {
    if (typeof lineId !== "string" || lineId.length > textLimits.identifier || !isVisibleIdentifier(lineId))
      return undefined;
    out.reference_line_item_id = lineId;
  }
  return out as CalculationBody["order_details"]["line_items"][number];
}

function orderDetails(value: unknown): CalculationBody["order_details"] | undefined {
  if (!isFields(value) || !onlyKeys(value, orderKeys)) return undefined;
  const {
    customer_currency_code: currency,
    tax_included_in_amount: taxIncluded,
    automatic_tax: automaticTax,
    line_items: lines,
  } = value;
  if (!isPlainText(currency, 3, 3)) return undefined;
  if (taxIncluded !== undefined && typeof taxIncluded !== "boolean") return undefined;
  if (automaticTax !== undefined && automaticTax !== "auto") return undefined;
  if (!Array.isArray(lines) || lines.length === 0 || lines.length >= calculationLimits.lineItems) return undefined;
  const lineIds = new Set<string>();
  const parsedLines: Array<CalculationBody["order_details"]["line_items"][number]> = [];
  for (const line of lines) {
    const parsed = lineItem(line);
    if (!parsed) return undefined;
    const id = parsed.reference_line_item_id;
    if (id !== undefined) {
      if (lineIds.has(id)) return undefined;
      lineIds.add(id);
    }
    parsedLines.push(parsed);
  }
  return {
    customer_currency_code: currency.toUpperCase(),
    tax_included_in_amount: taxIncluded ?? false,
    automatic_tax: "auto",
    line_items: parsedLines,
  };
}

/** The body as calculationBody.parse would give it, or undefined: then ask zod. */
export function fastCalculationBody(input: unknown): CalculationBody | undefined {
  if (!isFields(input) || !onlyKeys(input, bodyKeys)) return undefined;
  const parsedCustomer = customer(input.customer);
  if (!parsedCustomer) return undefined;
  const parsedOrder = orderDetails(input.order_details);
  if (!parsedOrder) return undefined;
  const out: CalculationBody = { customer: parsedCustomer, order_details: parsedOrder };
  if (input.transacted_at !== undefined) {
    if (!isIntegerWithin(input.transacted_at, 0, Number.MAX_SAFE_INTEGER)) return undefined;
    out.transacted_at = input.transacted_at;
  }
  return out;
}
