// Customers live in catalog. A link names a customer by service id, by
// reference_customer_id or both; a reference that names nobody yet is kept as is
// (pre-mapping: the certificate applies once that customer exists).
import type { Client } from "@connectrpc/connect";
import { LevyError, fromConnectError } from "@levy/kit";
import type { CatalogService, Customer } from "@levy/proto/levy/catalog/v1/catalog_pb.js";
import type { Scope } from "@levy/storage";
import type { CustomerLinkRecord } from "../domain/records.js";

export interface CustomerSelection {
  readonly id?: string | undefined;
  readonly reference_customer_id?: string | undefined;
}

export interface CustomerDirectory {
  /** customer_not_found for an unknown id; BUYER_IDENTITY_CONFLICT when id and reference disagree. */
  link(scope: Scope, selection: CustomerSelection): Promise<CustomerLinkRecord>;
  /** The customer a link names now (null when none exists yet). */
  lookup(scope: Scope, link: CustomerLinkRecord): Promise<Customer | null>;
}

export function createCustomerDirectory(catalog: Client<typeof CatalogService>): CustomerDirectory {
  async function find(scope: Scope, id: string): Promise<Customer | null> {
    try {
      const { customer } = await catalog.getCustomer({ scope, customerId: id });
      return customer ?? null;
    } catch (error) {
      if (fromConnectError(error).code === "customer_not_found") return null;
      throw fromConnectError(error);
    }
  }

  return {
    async link(scope, selection) {
      const id = selection.id || undefined;
      const reference = selection.reference_customer_id || undefined;
      if (!id && !reference) return { customer_id: null, reference_customer_id: null };
      if (id) {
        const customer = await find(scope, id);
        if (!customer || customer.id !== id)
          throw new LevyError("customer_not_found", `no customer ${id}`, { field: "customer.id" });
        if (reference && customer.referenceCustomerId !== reference) {
          throw new LevyError(
            "BUYER_IDENTITY_CONFLICT",
            "customer.id and customer.reference_customer_id name different customers",
            {
              field: "customer.reference_customer_id",
            },
          );
        }
        return { customer_id: customer.id, reference_customer_id: customer.referenceCustomerId || null };
      }
      const customer = await find(scope, reference!);
      if (customer && customer.referenceCustomerId === reference)
        return { customer_id: customer.id, reference_customer_id: reference };
      return { customer_id: null, reference_customer_id: reference! };
    },
    async lookup(scope, link) {
      if (link.customer_id) return find(scope, link.customer_id);
      if (link.reference_customer_id) {
        const customer = await find(scope, link.reference_customer_id);
        return customer && customer.referenceCustomerId === link.reference_customer_id ? customer : null;
      }
      return null;
    },
  };
}
