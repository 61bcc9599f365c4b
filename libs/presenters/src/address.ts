// The public Address and Tax ID objects (spec: Address object, Tax ID object): as
// responses show them and as request bodies give them. `address_type` only when set.
import { addressBody, addressFields, textLimits } from "@levy/kit";
import type { Address as AddressMessage } from "@levy/proto/levy/common/v1/common_pb.js";
import { z } from "zod";

// The request's Address (kit's addressBody) is the one definition; the response shows its
// fields as plain strings.
export { addressBody, countryCodeBody } from "@levy/kit";

type AddressShape = { [Field in keyof typeof addressBody.shape]: z.ZodString };
const shownFields = Object.fromEntries(
  Object.keys(addressBody.shape).map((field) => [field, z.string()]),
) as AddressShape;

export const addressSchema = z.object({ ...shownFields, address_type: z.string().optional() });
export type Address = z.infer<typeof addressSchema>;

export const taxIdSchema = z.object({ type: z.string(), value: z.string() });

export const taxIdBody = z.strictObject({
  type: z.string().trim().min(1).max(textLimits.taxIdType),
  value: z.string().trim().min(1).max(textLimits.taxIdValue),
});

export function presentAddress(address: AddressMessage | undefined): Address | null {
  if (!address) return null;
  const { address_type, ...fields } = addressFields(address);
  return { ...fields, ...(address_type ? { address_type } : {}) };
}
