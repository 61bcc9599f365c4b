// levy.catalog.v1.CatalogService: translates RPC messages to the customer store.
import type { ConnectRouter } from "@connectrpc/connect";
import { LevyError, scopeFrom } from "@levy/kit";
import { CatalogService, type CustomerSchema } from "@levy/proto/levy/catalog/v1/catalog_pb.js";
import { StorageError, type Scope, type Stored } from "@levy/storage";
import type { MessageInitShape } from "@bufbuild/protobuf";
import type { CustomerStore } from "../adapters/customer-store.js";
import type { CustomerRecord } from "../domain/customer.js";

function toMessage(record: Stored<CustomerRecord>, scope: Scope): MessageInitShape<typeof CustomerSchema> {
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

function mapStorageErrors<T>(promise: Promise<T>): Promise<T> {
  return promise.catch((error: unknown) => {
    if (error instanceof StorageError && error.code === "invalid_cursor") {
      throw new LevyError("invalid_cursor", "cursor is malformed or expired; restart from the first page", { field: "cursor" });
    }
    throw error;
  });
}

export function registerCatalogService(router: ConnectRouter, customers: CustomerStore): void {
  router.service(CatalogService, {
    createCustomer: async (request) => {
      const scope = scopeFrom(request.scope);
      const record = await customers.create(scope, {
        reference_customer_id: request.referenceCustomerId,
        name: request.name,
        email: request.email,
        is_tax_exempt: request.isTaxExempt,
      });
      return { customer: toMessage(record, scope) };
    },
    getCustomer: async (request) => {
      const scope = scopeFrom(request.scope);
      return { customer: toMessage(await customers.find(scope, request.customerId), scope) };
    },
    listCustomers: async (request) => {
      const scope = scopeFrom(request.scope);
      const limit = request.limit > 0 ? Math.min(request.limit, 100) : 10;
      const page = await mapStorageErrors(customers.list(scope, limit, request.cursor || undefined));
      return { customers: page.items.map((record) => toMessage(record, scope)), nextCursor: page.nextCursor ?? "" };
    },
  });
}
