// LinkBuyer: ties an existing master buyer to a customer (the MCP write tool link_buyer).
// The customer selector is judged as everywhere else (customer_not_found for an unknown
// id, BUYER_IDENTITY_CONFLICT when id and reference name different customers, a reference
// that names nobody yet is kept); the new link replaces the old one.
import { LevyError } from "@levy/kit";
import type { ServiceImpl } from "@connectrpc/connect";
import type { CertificatesService } from "@levy/proto/levy/certificates/v1/certificates_pb.js";
import { isConflict, retryOnConflict } from "@levy/storage";
import { liveScope } from "./listing.js";
import { buyerMessage } from "./messages.js";
import type { RequestHandlerDeps } from "./request-handlers.js";

export function linkBuyerHandler(deps: RequestHandlerDeps): Pick<ServiceImpl<typeof CertificatesService>, "linkBuyer"> {
  return {
    async linkBuyer(request) {
      const scope = liveScope(request.scope);
      const selection = { id: request.customer?.id, reference_customer_id: request.customer?.referenceCustomerId };
      if (!selection.id && !selection.reference_customer_id)
        throw new LevyError("missing_field", "customer.id or customer.reference_customer_id is required", {
          field: "customer",
        });
      const link = await deps.directory.link(scope, selection);
      // Optimistic update, retried (after a short wait) when another writer changed the buyer in between.
      const linked = await retryOnConflict(async () => {
        const buyer = await deps.collections.buyers.get(scope, request.buyerId);
        if (!buyer || buyer.deleted_at !== null)
          throw new LevyError("buyer_not_found", `no buyer ${request.buyerId}`, { field: "buyer_id" });
        return deps.collections.buyers.update(scope, buyer.id, { expectedVersion: buyer.version, set: { ...link } });
      }).catch((error: unknown) => {
        if (isConflict(error))
          throw new LevyError("conflict", "the buyer was changed by other requests at the same time; retry");
        throw error;
      });
      return { buyer: buyerMessage(linked) };
    },
  };
}
