// /tax/certificate-requests, /tax/certificates and /tax/certificate-uploads: live mode
// only (a test key → TESTMODE_NOT_SUPPORTED, 403) and X-API-Version 2026-03-01 required.
import { Router, type NextFunction, type Request, type Response } from "express";
import type { Client } from "@connectrpc/connect";
import { LevyError } from "@levy/kit";
import type { CertificatesService } from "@levy/proto/levy/certificates/v1/certificates_pb.js";
import { requireApiVersion, versionsFrom } from "./api-version.js";
import type { DocumentLinks } from "./document-links.js";
import {
  certificateRequestsQuery,
  certificatesQuery,
  certificateUploadsQuery,
  listEnvelope,
  presentCertificate,
  presentCertificateRequest,
  presentUpload,
  submitCertificateBody,
} from "@levy/presenters";
import { authOf, pathParam, routeHandler, scopeOf } from "./request-state.js";
import { parseInput } from "./validate.js";

type Certificates = Client<typeof CertificatesService>;

function requireLiveMode(_request: Request, response: Response, next: NextFunction): void {
  if (!authOf(response).livemode) {
    next(new LevyError("TESTMODE_NOT_SUPPORTED", "certificate operations need a live key (sk_prod_...)"));
    return;
  }
  next();
}

function guarded(): Router {
  const router = Router();
  router.use(requireLiveMode, requireApiVersion({ oneOf: versionsFrom("2026-03-01") }));
  return router;
}

export function certificateRequestRoutes(certificates: Certificates): Router {
  const router = guarded();
  router.get(
    "/",
    routeHandler(async (request, response) => {
      const query = parseInput(certificateRequestsQuery, request.query, "query");
      const page = await certificates.listRequests({
        scope: scopeOf(response),
        limit: query.limit,
        cursor: query.cursor ?? "",
        status: query.status ?? "",
        customer: query.customer ?? "",
      });
      response.json(listEnvelope(page.requests.map(presentCertificateRequest), page.nextCursor));
    }),
  );
  router.get(
    "/:request_id",
    routeHandler(async (request, response) => {
      const { request: found } = await certificates.getRequest({
        scope: scopeOf(response),
        requestId: pathParam(request, "request_id"),
      });
      response.json(presentCertificateRequest(found!));
    }),
  );
  router.delete(
    "/:request_id",
    routeHandler(async (request, response) => {
      const { request: canceled } = await certificates.cancelRequest({
        scope: scopeOf(response),
        requestId: pathParam(request, "request_id"),
      });
      response.json(presentCertificateRequest(canceled!));
    }),
  );
  return router;
}

/** `intake` is a client with a longer deadline: submit downloads the document. */
export function certificateRoutes(certificates: Certificates, intake: Certificates, links: DocumentLinks): Router {
  const router = guarded();
  router.get(
    "/",
    routeHandler(async (request, response) => {
      const query = parseInput(certificatesQuery, request.query, "query");
      if (query.created_from !== undefined && query.created_to !== undefined && query.created_from > query.created_to) {
        throw new LevyError("invalid_range", "created_from is after created_to", { field: "created_from" });
      }
      if (query.expires_from !== undefined && query.expires_to !== undefined && query.expires_from > query.expires_to) {
        throw new LevyError("invalid_range", "expires_from is after expires_to", { field: "expires_from" });
      }
      const page = await certificates.listCertificates({
        scope: scopeOf(response),
        limit: query.limit,
        cursor: query.cursor ?? "",
        customer: query.customer ?? "",
        jurisdiction: query.jurisdiction ?? "",
        status: query.status ?? "",
        certificateType: query.certificate_type ?? "",
        createdFrom: BigInt(query.created_from ?? 0),
        createdTo: BigInt(query.created_to ?? 0),
        expiresFrom: query.expires_from ?? "",
        expiresTo: query.expires_to ?? "",
      });
      response.json(
        listEnvelope(
          page.certificates.map((certificate) => presentCertificate(certificate)),
          page.nextCursor,
        ),
      );
    }),
  );
  router.get(
    "/:certificate_id",
    routeHandler(async (request, response) => {
      const scope = scopeOf(response);
      const { certificate } = await certificates.getCertificate({
        scope,
        certificateId: pathParam(request, "certificate_id"),
      });
      const url = certificate!.documentUploadId
        ? links.sign(request, scope.accountId, certificate!.documentUploadId)
        : null;
      response.json(presentCertificate(certificate!, url));
    }),
  );
  router.post(
    "/",
    routeHandler(async (request, response) => {
      const body = parseInput(submitCertificateBody, request.body);
      const scope = scopeOf(response);
      const { upload } = await intake.submitUpload({
        scope,
        documentUrl: body.document_url,
        filename: body.filename ?? "",
        customer: { id: body.customer?.id ?? "", referenceCustomerId: body.customer?.reference_customer_id ?? "" },
        certificateRequestId: body.certificate_request_id ?? "",
        buyerId: body.buyer_id ?? "",
      });
      response.status(201).json(presentUpload(upload!, links.sign(request, scope.accountId, upload!.id)));
    }),
  );
  return router;
}

export function certificateUploadRoutes(certificates: Certificates, links: DocumentLinks): Router {
  const router = guarded();
  router.get(
    "/",
    routeHandler(async (request, response) => {
      const query = parseInput(certificateUploadsQuery, request.query, "query");
      const page = await certificates.listUploads({
        scope: scopeOf(response),
        limit: query.limit,
        cursor: query.cursor ?? "",
        status: query.status ?? "",
        customer: query.customer ?? "",
      });
      response.json(
        listEnvelope(
          page.uploads.map((upload) => presentUpload(upload)),
          page.nextCursor,
        ),
      );
    }),
  );
  router.get(
    "/:upload_id",
    routeHandler(async (request, response) => {
      const scope = scopeOf(response);
      const { upload } = await certificates.getUpload({ scope, uploadId: pathParam(request, "upload_id") });
      response.json(presentUpload(upload!, links.sign(request, scope.accountId, upload!.id)));
    }),
  );
  return router;
}
