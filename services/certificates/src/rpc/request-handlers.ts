// Certificate requests and master buyers. A request is pending until an upload linked
// to it yields an active certificate (fulfilled), it is canceled (terminal), or its
// buyer is deleted (invalid).
import { LevyError, epochSeconds, newId, pageLimits, pageSize, scopeFrom } from "@levy/kit";
import type { ServiceImpl } from "@connectrpc/connect";
import type { CertificatesService } from "@levy/proto/levy/certificates/v1/certificates_pb.js";
import { StorageError, type Scope, type Stored } from "@levy/storage";
import type { Collections } from "../adapters/collections.js";
import type { CustomerDirectory } from "../adapters/customer-directory.js";
import type { BuyerRecord, CustomerLinkRecord, RequestRecord } from "../domain/records.js";
import { filteredList, liveScope } from "./listing.js";
import { createMessageBuilder, buyerMessage, type MessageDeps } from "./messages.js";

type Handlers = Pick<
  ServiceImpl<typeof CertificatesService>,
  "listRequests" | "getRequest" | "cancelRequest" | "createRequest" | "createBuyer" | "deleteBuyer" | "getBuyerStatus"
>;

export interface RequestHandlerDeps extends MessageDeps {
  readonly collections: Collections;
  readonly directory: CustomerDirectory;
}

/** Whether a record's link names this customer (by either id). */
export function linkMatches(
  record: CustomerLinkRecord,
  customer: { id: string | null; reference: string | null },
): boolean {
  return (
    (customer.id !== null && record.customer_id === customer.id) ||
    (customer.reference !== null && record.reference_customer_id === customer.reference)
  );
}

/** The customer a list's `customer` filter names: found in catalog, else taken as a reference id. */
export async function customerFilter(directory: CustomerDirectory, scope: Scope, value: string) {
  const customer = await directory.lookup(
    scope,
    value.startsWith("cust_")
      ? { customer_id: value, reference_customer_id: null }
      : { customer_id: null, reference_customer_id: value },
  );
  if (customer) return { id: customer.id, reference: customer.referenceCustomerId || null };
  return value.startsWith("cust_") ? { id: value, reference: null } : { id: null, reference: value };
}

export async function liveBuyer(collections: Collections, scope: Scope, buyerId: string): Promise<Stored<BuyerRecord>> {
  const buyer = await collections.buyers.get(scope, buyerId);
  if (!buyer || buyer.deleted_at !== null)
    throw new LevyError("buyer_not_found", `no buyer ${buyerId}`, { field: "buyer_id" });
  return buyer;
}

export function requestHandlers(deps: RequestHandlerDeps): Handlers {
  const { collections } = deps;

  async function getRequest(scope: Scope, id: string): Promise<Stored<RequestRecord>> {
    const record = await collections.requests.get(scope, id);
    if (!record)
      throw new LevyError("CERTIFICATE_REQUEST_NOT_FOUND", `no certificate request ${id}`, { field: "request_id" });
    return record;
  }

  async function cancel(scope: Scope, id: string): Promise<Stored<RequestRecord>> {
    for (let attempt = 0; attempt < 20; attempt += 1) {
      const record = await getRequest(scope, id);
      if (record.status === "canceled") return record;
      if (record.status === "fulfilled")
        throw new LevyError("REQUEST_ALREADY_FULFILLED", `certificate request ${id} is already fulfilled`);
      if (record.status === "invalid")
        throw new LevyError("REQUEST_INVALID", `certificate request ${id} is invalid and cannot be canceled`);
      try {
        return await collections.requests.update(scope, id, {
          expectedVersion: record.version,
          set: { status: "canceled", updated_at: epochSeconds() },
        });
      } catch (error) {
        if (!(error instanceof StorageError && error.code === "conflict")) throw error;
      }
    }
    throw new LevyError("conflict", `certificate request ${id} is busy, retry`);
  }

  return {
    async listRequests(request) {
      const scope = liveScope(request.scope);
      const customer = request.customer ? await customerFilter(deps.directory, scope, request.customer) : null;
      const page = await filteredList(collections.requests, scope, {
        ...(request.status ? { where: { status: request.status as RequestRecord["status"] } } : {}),
        limit: pageSize(request.limit),
        cursor: request.cursor,
        ...(customer ? { keep: (record: RequestRecord) => linkMatches(record, customer) } : {}),
      });
      const messages = createMessageBuilder(deps, scope);
      return {
        requests: await Promise.all(page.items.map((item) => messages.request(item))),
        nextCursor: page.nextCursor,
      };
    },
    async getRequest(request) {
      const scope = liveScope(request.scope);
      return { request: await createMessageBuilder(deps, scope).request(await getRequest(scope, request.requestId)) };
    },
    async cancelRequest(request) {
      const scope = liveScope(request.scope);
      return { request: await createMessageBuilder(deps, scope).request(await cancel(scope, request.requestId)) };
    },
    async createRequest(request) {
      const scope = liveScope(request.scope);
      const link = await deps.directory.link(scope, {
        id: request.customer?.id,
        reference_customer_id: request.customer?.referenceCustomerId,
      });
      if (request.buyerId) await liveBuyer(collections, scope, request.buyerId);
      const now = epochSeconds();
      const record = await collections.requests.insert(scope, {
        id: newId("certreq"),
        status: "pending",
        ...link,
        buyer_id: request.buyerId || null,
        jurisdictions: request.jurisdictions,
        certificate_id: null,
        created_at: now,
        updated_at: now,
      });
      return { request: await createMessageBuilder(deps, scope).request(record) };
    },
    async createBuyer(request) {
      const scope = liveScope(request.scope);
      const link = await deps.directory.link(scope, {
        id: request.customer?.id,
        reference_customer_id: request.customer?.referenceCustomerId,
      });
      const buyer = await collections.buyers.insert(scope, {
        id: newId("buyer"),
        legal_name: request.legalName,
        ...link,
        created_at: epochSeconds(),
        deleted_at: null,
      });
      return { buyer: buyerMessage(buyer) };
    },
    async deleteBuyer(request) {
      const scope = liveScope(request.scope);
      const buyer = await collections.buyers.get(scope, request.buyerId);
      if (!buyer) throw new LevyError("buyer_not_found", `no buyer ${request.buyerId}`, { field: "buyer_id" });
      const deleted =
        buyer.deleted_at !== null
          ? buyer
          : await collections.buyers.update(scope, buyer.id, {
              expectedVersion: buyer.version,
              set: { deleted_at: epochSeconds() },
            });
      // Its pending requests can no longer be fulfilled.
      let cursor: string | undefined;
      do {
        const page = await collections.requests.list(scope, {
          where: { buyer_id: buyer.id, status: "pending" },
          limit: pageLimits.max,
          ...(cursor ? { cursor } : {}),
        });
        for (const item of page.items) {
          await collections.requests
            .update(scope, item.id, {
              expectedVersion: item.version,
              set: { status: "invalid", updated_at: epochSeconds() },
            })
            .catch((error: unknown) => {
              if (!(error instanceof StorageError && error.code === "conflict")) throw error;
            });
        }
        cursor = page.nextCursor ?? undefined;
      } while (cursor);
      return { buyer: buyerMessage(deleted) };
    },
    async getBuyerStatus(request) {
      // Asked by the gateway and the MCP bridge in either mode; buyers exist only in live mode.
      const scope = scopeFrom(request.scope);
      if (!scope.livemode) return { buyerDeleted: false };
      const customer = { id: request.customer?.id || null, reference: request.customer?.referenceCustomerId || null };
      const page = await filteredList(collections.buyers, scope, {
        limit: pageLimits.max,
        keep: (buyer) => linkMatches(buyer, customer),
      });
      return { buyerDeleted: page.items.length > 0 && page.items.every((buyer) => buyer.deleted_at !== null) };
    },
  };
}
