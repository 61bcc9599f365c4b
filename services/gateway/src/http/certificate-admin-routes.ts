// Operator routes for what the public API only reads: master buyers, certificate
// requests and hand-entered certificates (live mode; the MCP write tools use the same RPCs).
import { Router } from "express";
import type { Client } from "@connectrpc/connect";
import { LevyError } from "@levy/kit";
import type { z } from "zod";
import type { CertificatesService } from "@levy/proto/levy/certificates/v1/certificates_pb.js";
import type { KeyStore } from "../adapters/key-store.js";
import { requireAdmin } from "./admin-routes.js";
import {
  buyerBody,
  certificateBody,
  certificateRequestBody,
  type customerSelector,
  presentBuyerRecord,
  presentCertificate,
  presentCertificateRequest,
  presentDeletedWithId,
} from "@levy/presenters";
import { pathParam, routeHandler } from "./request-state.js";
import { parseInput } from "./validate.js";

const selector = (customer: z.infer<typeof customerSelector> | undefined) => ({
  id: customer?.id ?? "",
  referenceCustomerId: customer?.reference_customer_id ?? "",
});

export function certificateAdminRoutes(
  keyStore: KeyStore,
  adminToken: string,
  certificates: Client<typeof CertificatesService>,
): Router {
  const router = Router();
  router.use(requireAdmin(adminToken));
  const liveScopeOf = async (accountId: string) => {
    if (!(await keyStore.getAccount(accountId))) throw new LevyError("account_not_found", `no account ${accountId}`);
    return { accountId, livemode: true };
  };
  router.post(
    "/accounts/:account_id/buyers",
    routeHandler(async (request, response) => {
      const body = parseInput(buyerBody, request.body);
      const { buyer } = await certificates.createBuyer({
        scope: await liveScopeOf(pathParam(request, "account_id")),
        legalName: body.legal_name,
        customer: selector(body.customer),
      });
      response.status(201).json(presentBuyerRecord(buyer!));
    }),
  );
  router.delete(
    "/accounts/:account_id/buyers/:buyer_id",
    routeHandler(async (request, response) => {
      const { buyer } = await certificates.deleteBuyer({
        scope: await liveScopeOf(pathParam(request, "account_id")),
        buyerId: pathParam(request, "buyer_id"),
      });
      response.json(presentDeletedWithId("tax.buyer", buyer!));
    }),
  );
  router.post(
    "/accounts/:account_id/certificate-requests",
    routeHandler(async (request, response) => {
      const body = parseInput(certificateRequestBody, request.body);
      const { request: created } = await certificates.createRequest({
        scope: await liveScopeOf(pathParam(request, "account_id")),
        customer: selector(body.customer),
        buyerId: body.buyer_id ?? "",
        jurisdictions: body.jurisdictions,
      });
      response.status(201).json(presentCertificateRequest(created!));
    }),
  );
  router.post(
    "/accounts/:account_id/certificates",
    routeHandler(async (request, response) => {
      const body = parseInput(certificateBody, request.body);
      const { certificate } = await certificates.createCertificate({
        scope: await liveScopeOf(pathParam(request, "account_id")),
        customer: selector(body.customer),
        buyerId: body.buyer_id ?? "",
        certificateType: body.certificate_type,
        jurisdictions: body.jurisdictions,
        buyerName: body.buyer_name ?? "",
        issuedOn: body.issued_on ?? "",
        expiresOn: body.expires_on ?? "",
        signed: body.signed,
      });
      response.status(201).json(presentCertificate(certificate!, null));
    }),
  );
  return router;
}
