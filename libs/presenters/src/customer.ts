// The public customer (`object` = `tax.customer`); unset optional fields are null.
import type { Customer } from "@levy/proto/levy/catalog/v1/catalog_pb.js";

export function presentCustomer(customer: Customer) {
  return {
    object: "tax.customer" as const,
    id: customer.id,
    reference_customer_id: customer.referenceCustomerId || null,
    name: customer.name || null,
    email: customer.email || null,
    is_tax_exempt: customer.isTaxExempt,
    created_at: Number(customer.createdAt),
    updated_at: Number(customer.updatedAt),
    testmode: !customer.livemode,
  };
}
