// levy.gateway.v1.DocumentLinkService: signed document links for the MCP bridge. The
// signing key is derived from API_KEY_PEPPER and never leaves the gateway; the links
// point at the gateway's own GET /documents/v1/{upload_id}, exactly as REST's do.
import type { ConnectRouter } from "@connectrpc/connect";
import { LevyError } from "@levy/kit";
import { DocumentLinkService } from "@levy/proto/levy/gateway/v1/gateway_pb.js";
import type { DocumentLinks } from "../http/document-links.js";

/** `restBase`: where the REST API listens, used when PUBLIC_BASE_URL is not set. */
export function registerDocumentLinkService(router: ConnectRouter, links: DocumentLinks, restBase: string): void {
  router.service(DocumentLinkService, {
    signDocumentLink: async (request) => {
      if (!request.accountId || !request.uploadId)
        throw new LevyError("missing_field", "account_id and upload_id are required", {
          field: request.accountId ? "upload_id" : "account_id",
        });
      return { url: links.signOn(restBase, request.accountId, request.uploadId) };
    },
  });
}
