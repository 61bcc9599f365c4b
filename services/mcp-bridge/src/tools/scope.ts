// What every tool sends upstream: the caller's account and mode (from the key only),
// and merchant lookups shared by the tools that filter by merchant.
import type { Merchant } from "@levy/proto/levy/catalog/v1/catalog_pb.js";
import type { ToolContext } from "./registry.js";

export function scopeOf(context: ToolContext): { accountId: string; livemode: boolean } {
  return { accountId: context.caller.accountId, livemode: context.caller.livemode };
}

/** The merchant by service or reference ID in the caller's account and mode; else merchant_not_found. */
export async function findMerchant(context: ToolContext, merchantId: string): Promise<Merchant> {
  const { merchant } = await context.upstream.catalog.getMerchant({ scope: scopeOf(context), merchantId });
  if (!merchant) throw new Error(`catalog answered GetMerchant without a merchant`);
  return merchant;
}
