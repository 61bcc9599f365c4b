import { z } from "zod";
import { defineTool } from "../registry.js";

export const listTaxCategories = defineTool({
  name: "list_tax_categories",
  description:
    "Lists the product tax categories Levy knows (the values product_category accepts), with their names and descriptions.",
  input: z.strictObject({}),
  output: z.object({ categories: z.array(z.object({ code: z.string(), name: z.string(), description: z.string() })) }),
  write: false,
  liveOnly: false,
  async run(_args, context) {
    const { categories } = await context.upstream.calcEngine.listTaxCategories({});
    return {
      categories: categories.map((category) => ({
        code: category.code,
        name: category.name,
        description: category.description,
      })),
    };
  },
  summarize: (result) => `${result.categories.length} tax categories`,
});
