// Identifiers a caller chooses (reference_customer_id, reference_order_id, ...) or quotes
// back to us (cust_..., tr_...) are stored, compared byte for byte and shown in dashboards,
// filings and logs. Characters a reader cannot see would make two ids look alike (a
// right-to-left override, a NUL that a downstream C tool cuts at), so they are refused at
// the front doors instead of stored.
import { z } from "zod";
import { textLimits } from "./limits.js";

// C0 and C1 control characters (including NUL, tab and newlines), DEL, the Unicode
// bidirectional formatting characters (ALM, LRM, RLM, embeddings, overrides, isolates), and
// a surrogate without its pair (JSON can carry one as "\ud800"; it is not text).
const hiddenCharacter =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is this pattern's purpose
  /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** true when `text` holds no control or bidirectional formatting character and no unpaired surrogate. */
export function isVisibleIdentifier(text: string): boolean {
  return !hiddenCharacter.test(text);
}

export const identifierProblem =
  "must not contain control characters, bidirectional formatting characters or unpaired surrogates";

/** A trimmed, non-empty identifier of at most `max` characters, with no hidden characters. */
export function identifierText(max: number = textLimits.identifier) {
  return z.string().trim().min(1).max(max).refine(isVisibleIdentifier, { message: identifierProblem });
}
