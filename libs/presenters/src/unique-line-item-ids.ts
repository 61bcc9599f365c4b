// A refund names the line it refunds by reference_line_item_id, so within one order (and
// within one fee order) that id must name one line: a repeat is refused, naming the
// repeating line, rather than letting a later refund silently pick the first.
import type { z } from "zod";

export function refuseRepeatedLineItemIds(
  lines: readonly { readonly reference_line_item_id?: string | undefined }[],
  context: z.RefinementCtx,
): void {
  const firstIndex = new Map<string, number>();
  lines.forEach((line, index) => {
    const id = line.reference_line_item_id;
    if (id === undefined) return;
    const first = firstIndex.get(id);
    if (first === undefined) {
      firstIndex.set(id, index);
      return;
    }
    context.addIssue({
      code: "custom",
      path: [index, "reference_line_item_id"],
      message: `reference_line_item_id is already used by line_items[${first}]; each line of an order needs its own`,
    });
  });
}
