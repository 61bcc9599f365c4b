// Documented routes: certificate requests, certificates and uploads (live mode, X-API-Version
// 2026-03-01 or later), and the signed document links.
import {
  certificateRequestSchema,
  certificateRequestsQuery,
  certificateSchema,
  certificatesQuery,
  certificateUploadsQuery,
  listedCertificateSchema,
  listedUploadSchema,
  listSchema,
  submitCertificateBody,
  uploadSchema,
} from "@levy/presenters";
import { z } from "zod";
import { certificateVersions, type RouteSpec } from "./route-spec.js";

// A test key answers TESTMODE_NOT_SUPPORTED (403).
const live = { auth: "api-key", requiredVersions: certificateVersions, errors: [403] } as const;
const requestId = { request_id: "certificate request ID" };
const certificateId = { certificate_id: "certificate ID (cert_...)" };
const uploadId = { upload_id: "upload ID" };
const request = { description: "the certificate request", schema: certificateRequestSchema };
const upload = { description: "the upload, with a signed document_url", schema: uploadSchema };

export const certificateRoutes: RouteSpec[] = [
  {
    ...live,
    tag: "certificates",
    method: "get",
    path: "/tax/certificate-requests",
    summary: "List certificate requests",
    query: certificateRequestsQuery,
    responses: { 200: { description: "a page of requests", schema: listSchema(certificateRequestSchema) } },
  },
  {
    ...live,
    tag: "certificates",
    method: "get",
    path: "/tax/certificate-requests/{request_id}",
    summary: "Get a certificate request",
    pathParams: requestId,
    responses: { 200: request },
  },
  {
    ...live,
    tag: "certificates",
    method: "delete",
    path: "/tax/certificate-requests/{request_id}",
    summary: "Cancel a certificate request (terminal, idempotent)",
    pathParams: requestId,
    responses: { 200: request },
    errors: [403, 409],
  },
  {
    ...live,
    tag: "certificates",
    method: "get",
    path: "/tax/certificates",
    summary: "List certificates",
    query: certificatesQuery,
    responses: {
      200: { description: "a page of certificates (no download_url)", schema: listSchema(listedCertificateSchema) },
    },
  },
  {
    ...live,
    tag: "certificates",
    method: "get",
    path: "/tax/certificates/{certificate_id}",
    summary: "Get a certificate with its download_url",
    pathParams: certificateId,
    responses: { 200: { description: "the certificate", schema: certificateSchema } },
  },
  {
    ...live,
    tag: "certificates",
    method: "post",
    path: "/tax/certificates",
    summary: "Submit a certificate document for processing",
    body: submitCertificateBody,
    responses: { 201: upload },
    errors: [403, 404, 422],
  },
  {
    ...live,
    tag: "certificates",
    method: "get",
    path: "/tax/certificate-uploads",
    summary: "List certificate uploads",
    query: certificateUploadsQuery,
    responses: { 200: { description: "a page of uploads (no document_url)", schema: listSchema(listedUploadSchema) } },
  },
  {
    ...live,
    tag: "certificates",
    method: "get",
    path: "/tax/certificate-uploads/{upload_id}",
    summary: "Get an upload with its document_url",
    pathParams: uploadId,
    responses: { 200: upload },
  },
  {
    auth: "signed-link",
    tag: "certificates",
    method: "get",
    path: "/documents/v1/{upload_id}",
    summary: "Download an uploaded document through a signed link (document_url, download_url)",
    pathParams: uploadId,
    query: z.object({
      account: z.string().describe("the account, as the link gives it"),
      expires: z.string().describe("epoch seconds, as the link gives it"),
      signature: z.string().describe("the link's signature"),
    }),
    responses: {
      200: {
        description: "the document",
        mediaTypes: ["application/pdf", "image/png", "image/jpeg", "application/octet-stream"],
      },
    },
    errors: [403],
  },
];
