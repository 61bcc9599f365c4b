// The text filters customer and merchant listings share: the whole e-mail and the start of
// the name, each ignoring case (an agent asking for "acme" means "Acme Corp").
import type { TextMatch } from "@levy/storage";

export function textMatches(filters: { email?: string | undefined; namePrefix?: string | undefined }): TextMatch[] {
  return [
    ...(filters.email ? [{ field: "email", value: filters.email, match: "whole" as const }] : []),
    ...(filters.namePrefix ? [{ field: "name", value: filters.namePrefix, match: "prefix" as const }] : []),
  ];
}
