// Customer RPCs: message <-> record translation around the customer store.
import type { MessageInitShape } from "@bufbuild/protobuf";
import type { ServiceImpl } from "@connectrpc/connect";
import { scopeFrom, pageSize } from "@levy/kit";
import type { CatalogService, CustomerSchema } from "@levy/proto/levy/catalog/v1/catalog_pb.js";
import type { Scope, Stored } from "@levy/storage";
import type { CustomerStore } from "../adapters/customer-store.js";
import type { CustomerRecord } from "../domain/customer.js";
import { withCursorErrors } from "./paging.js";

type CustomerHandlers = Pick<
  ServiceImpl<typeof CatalogService>,
  "createCustomer" | "getCustomer" | "listCustomers" | "updateCustomer" | "deleteCustomer"
>;

export function customerMessage(record: Stored<CustomerRecord>, scope: Scope): MessageInitShape<typeof CustomerSchema> {
  return {
    id: record.id,
    referenceCustomerId: record.reference_customer_id ?? "",
    name: record.name ?? "",
    email: record.email ?? "",
    isTaxExempt: record.is_tax_exempt,
    createdAt: BigInt(record.created_at),
    updatedAt: BigInt(record.updated_at),
    livemode: scope.livemode,
  };
}

// Whether a customer may be made tax exempt depends on certificates' buyers; the front doors
// ask that before this update (refuseExemptionOfDeletedBuyer in @levy/kit), so catalog
// never calls certificates, which calls catalog.
export function customerHandlers(customers: CustomerStore): CustomerHandlers {
  return {
    createCustomer: async (request) => {
      const scope = scopeFrom(request.scope);
      const record = await customers.create(scope, {
        reference_customer_id: request.referenceCustomerId,
        name: request.name,
        email: request.email,
        is_tax_exempt: request.isTaxExempt,
      });
      return { customer: customerMessage(record, scope) };
    },
    getCustomer: async (request) => {
      const scope = scopeFrom(request.scope);
      return { customer: customerMessage(await customers.find(scope, request.customerId), scope) };
    },
    listCustomers: async (request) => {
      const scope = scopeFrom(request.scope);
      const filters = {
        email: request.email || undefined,
        namePrefix: request.namePrefix || undefined,
        isTaxExempt: request.isTaxExempt,
      };
      const page = await withCursorErrors(
        customers.list(scope, pageSize(request.limit), request.cursor || undefined, filters),
      );
      return {
        customers: page.items.map((record) => customerMessage(record, scope)),
        nextCursor: page.nextCursor ?? "",
      };
    },
    updateCustomer: async (request) => {
      const scope = scopeFrom(request.scope);
      const record = await customers.update(scope, request.customerId, {
        reference_customer_id: request.referenceCustomerId,
        name: request.name,
        email: request.email,
        is_tax_exempt: request.isTaxExempt,
      });
      return { customer: customerMessage(record, scope) };
    },
    deleteCustomer: async (request) => {
      const scope = scopeFrom(request.scope);
      const deleted = await customers.delete(scope, request.customerId);
      return { id: deleted.id, deletedAt: BigInt(deleted.deleted_at ?? 0) };
    },
  };
}
