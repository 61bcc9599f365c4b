// The public API's limits, defined once: page sizes and cursors of every list (REST, MCP
// tools, list RPCs) and the bounds of a calculation (docs/decisions.md, "Calculations").
// Front doors validate with them; services apply them again to what reaches them by RPC.

/** Page size of every list: 1-100, 10 when not given. */
export const pageLimits = { min: 1, max: 100, default: 10 } as const;

/** An opaque cursor (a previous page's next_cursor) is at most this long. */
export const cursorMaxLength = 512;

/** The page size a list RPC uses: 0 (not given) is the default, anything above the maximum is the maximum. */
export function pageSize(limit: number): number {
  return limit > 0 ? Math.min(limit, pageLimits.max) : pageLimits.default;
}

/**
 * One calculation (or refund) request: at most `lineItems` lines, each amount 0-`maxAmount`
 * minor units and quantity 1-`maxQuantity`; the order's worth is bounded by
 * assertOrderAmount (money.ts).
 */
export const calculationLimits = {
  lineItems: 1000,
  maxAmount: 1_000_000_000_000,
  maxQuantity: 1_000_000_000,
  maxTaxIds: 20,
} as const;

/** Lengths of the public text fields, in characters. */
export const textLimits = {
  addressLine: 200,
  addressProvince: 50,
  addressPostalCode: 20,
  addressType: 30,
  taxIdType: 30,
  taxIdValue: 50,
  /** A client's identifier: reference and record ids, an Idempotency-Key. */
  identifier: 255,
  name: 255,
  email: 320,
  productName: 500,
  productCategory: 100,
  /** A tax category code asked of the rate lookup (REST query and MCP tool). */
  categoryCode: 60,
  ipValue: 100,
  metadataKeys: 20,
  metadataValue: 500,
  /** A URL the client gives (webhook endpoint, certificate document). */
  url: 2048,
  certificateType: 64,
  webhookDescription: 500,
} as const;

/** The latest epoch second the API accepts (9999-12-31T23:59:59Z). */
export const maxEpochSeconds = 253_402_300_799;
