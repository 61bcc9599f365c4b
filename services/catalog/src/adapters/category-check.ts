// Whether a product_category is one calc-engine knows. calc-engine owns the category
// list; catalog asks it once and keeps the answer for a few minutes.
import type { Client } from "@connectrpc/connect";
import type { CalcEngineService } from "@levy/proto/levy/calc_engine/v1/calc_engine_pb.js";
import type { CategoryCheck } from "./product-store.js";

const cacheMs = 5 * 60_000;

export function createCategoryCheck(calcEngine: Client<typeof CalcEngineService>): CategoryCheck {
  let cached: { codes: Set<string>; fetchedAt: number } | undefined;
  return async (code) => {
    if (!cached || Date.now() - cached.fetchedAt > cacheMs) {
      const { categories } = await calcEngine.listTaxCategories({});
      cached = { codes: new Set(categories.map((category) => category.code)), fetchedAt: Date.now() };
    }
    return cached.codes.has(code);
  };
}
