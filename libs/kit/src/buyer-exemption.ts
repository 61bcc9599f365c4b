// A customer whose buyer was deleted in the exemption certificate manager cannot be made
// tax exempt. The front doors (gateway REST, MCP bridge) ask certificates before they ask
// catalog to set the flag, so catalog never calls certificates: certificates calls catalog
// for customers, and the rule would otherwise be a call cycle (docs/decisions.md).
import type { Client } from "@connectrpc/connect";
import type { CatalogService } from "@levy/proto/levy/catalog/v1/catalog_pb.js";
import type { CertificatesService } from "@levy/proto/levy/certificates/v1/certificates_pb.js";
import { LevyError } from "./levy-error.js";

export interface BuyerExemptionClients {
  readonly catalog: Pick<Client<typeof CatalogService>, "getCustomer">;
  readonly certificates: Pick<Client<typeof CertificatesService>, "getBuyerStatus">;
}

/** Refuses (invalid_request on is_tax_exempt) when the update makes a customer of a deleted buyer exempt. */
export async function refuseExemptionOfDeletedBuyer(
  clients: BuyerExemptionClients,
  scope: { accountId: string; livemode: boolean },
  customerId: string,
  isTaxExempt: boolean | undefined,
): Promise<void> {
  if (isTaxExempt !== true) return;
  const { customer } = await clients.catalog.getCustomer({ scope, customerId });
  const { buyerDeleted } = await clients.certificates.getBuyerStatus({
    scope,
    customer: { id: customer?.id ?? "", referenceCustomerId: customer?.referenceCustomerId ?? "" },
  });
  if (buyerDeleted) {
    throw new LevyError(
      "invalid_request",
      "the customer's buyer record was deleted in the exemption certificate manager; it cannot be made tax exempt",
      { field: "is_tax_exempt" },
    );
  }
}
