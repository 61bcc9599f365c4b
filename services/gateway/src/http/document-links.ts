// Signed document links: `document_url` and `download_url` point at the gateway's
// GET /documents/v1/{upload_id}?account=…&expires=…&signature=…, which needs no API key:
// the HMAC signature over account, upload and expiry is the credential, and it lapses
// after an hour. The signing key is derived from API_KEY_PEPPER, so no new secret exists;
// after a rotation, links signed under API_KEY_PEPPER_PREVIOUS stay valid until they lapse.
import { createHmac, timingSafeEqual } from "node:crypto";
import { Router, type Request } from "express";
import type { Client } from "@connectrpc/connect";
import { LevyError, epochSeconds, fromConnectError } from "@levy/kit";
import type { CertificatesService } from "@levy/proto/levy/certificates/v1/certificates_pb.js";
import { routeHandler, pathParam } from "./request-state.js";

export const documentLinkLifetimeSeconds = 3600;
const contentTypes: Readonly<Record<string, string>> = { pdf: "application/pdf", png: "image/png", jpeg: "image/jpeg" };

export interface DocumentLinks {
  /** An absolute signed URL for the upload's document, valid for an hour. */
  sign(request: Request, accountId: string, uploadId: string): string;
  /** The same link on a given base (PUBLIC_BASE_URL when set): for the DocumentLinkService RPC. */
  signOn(fallbackBase: string, accountId: string, uploadId: string): string;
  verify(accountId: string, uploadId: string, expires: string, signature: string): void;
}

const signingKey = (pepper: string) => createHmac("sha256", pepper).update("levy document links v1").digest();

export function createDocumentLinks(options: {
  pepper: string;
  previousPepper?: string | undefined;
  publicBaseUrl?: string | undefined;
}): DocumentLinks {
  const key = signingKey(options.pepper);
  const acceptedKeys = [key, ...(options.previousPepper ? [signingKey(options.previousPepper)] : [])];
  const macWith = (signWith: Buffer, accountId: string, uploadId: string, expires: string) =>
    createHmac("sha256", signWith).update(`${accountId}\n${uploadId}\n${expires}`).digest();
  const mac = (accountId: string, uploadId: string, expires: string) => macWith(key, accountId, uploadId, expires);
  const signOn = (fallbackBase: string, accountId: string, uploadId: string) => {
    const expires = String(epochSeconds() + documentLinkLifetimeSeconds);
    const signature = mac(accountId, uploadId, expires).toString("base64url");
    const base = options.publicBaseUrl ?? fallbackBase;
    const query = new URLSearchParams({ account: accountId, expires, signature });
    return `${base.replace(/\/$/, "")}/documents/v1/${encodeURIComponent(uploadId)}?${query.toString()}`;
  };
  return {
    sign: (request, accountId, uploadId) =>
      signOn(`${request.protocol}://${request.get("host") ?? "localhost"}`, accountId, uploadId),
    signOn,
    verify(accountId, uploadId, expires, signature) {
      const invalid = (why: string) =>
        new LevyError(
          "document_link_invalid",
          `this document link is ${why}; fetch the certificate or upload again for a new one`,
        );
      if (!/^\d{1,12}$/.test(expires) || !/^[A-Za-z0-9_-]{43}$/.test(signature)) throw invalid("malformed");
      const presented = Buffer.from(signature, "base64url");
      if (!acceptedKeys.some((accepted) => timingSafeEqual(macWith(accepted, accountId, uploadId, expires), presented)))
        throw invalid("not valid");
      if (Number(expires) < epochSeconds()) throw invalid("expired");
    },
  };
}

export function documentRoutes(links: DocumentLinks, certificates: Client<typeof CertificatesService>): Router {
  const router = Router();
  router.get(
    "/:upload_id",
    routeHandler(async (request, response) => {
      const query = request.query as Record<string, unknown>;
      const text = (name: string) => (typeof query[name] === "string" ? (query[name] as string) : "");
      const uploadId = pathParam(request, "upload_id");
      const accountId = text("account");
      links.verify(accountId, uploadId, text("expires"), text("signature"));
      const chunks: Uint8Array[] = [];
      let head: { documentType: string; filename: string } | null = null;
      try {
        for await (const part of certificates.readDocument({ scope: { accountId, livemode: true }, uploadId })) {
          head ??= { documentType: part.documentType, filename: part.filename };
          chunks.push(part.chunk);
        }
      } catch (error) {
        throw fromConnectError(error);
      }
      response.setHeader("content-type", contentTypes[head?.documentType ?? ""] ?? "application/octet-stream");
      response.setHeader(
        "content-disposition",
        `inline; filename*=UTF-8''${encodeURIComponent(head?.filename ?? "document")}`,
      );
      response.setHeader("cache-control", "private, no-store");
      response.setHeader("x-content-type-options", "nosniff");
      response.end(Buffer.concat(chunks));
    }),
  );
  return router;
}
