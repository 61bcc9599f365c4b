// Issue 7 through the gateway: certificate requests, certificates and uploads (live mode
// only), SSRF-safe submit with every spec error code, asynchronous processing with a
// stand-in reader (support/manifest-reader.mjs), signed document links, lifecycle.
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { createClient } from "@connectrpc/connect";
import { createGrpcTransport } from "@connectrpc/connect-node";
import { CertificatesService } from "@levy/proto/levy/certificates/v1/certificates_pb.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount, createApi, type AccountKeys } from "../support/api.js";
import type { SystemUnderTest } from "../support/system.js";
import { corpus } from "./corpus/corpus.js";
import { makeJpeg, makePdf, makePng, sstCertificate, type Manifest } from "./support/documents.js";
import { nonPublicUrls } from "../security/ssrf-urls.js";
import { documentServerEnv, startDocumentServer, type DocumentServer } from "./support/document-server.js";

const V = "2026-03-01";
let counter = 0;
const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${++counter}`;

export function describeCertificates(
  mode: string,
  startSystem: (env: Record<string, string>) => Promise<SystemUnderTest>,
): void {
  describe(`certificates (${mode})`, () => {
    let system: SystemUnderTest;
    let docs: DocumentServer;
    let api: ReturnType<typeof createApi>;
    let account: AccountKeys;
    let live: string;

    const call = (
      path: string,
      init: { method?: string; body?: unknown; key?: string; version?: string | null } = {},
    ) =>
      api(path, {
        key: init.key ?? live,
        ...(init.version === null ? {} : { version: init.version ?? V }),
        ...(init.method ? { method: init.method } : {}),
        ...(init.body !== undefined ? { body: init.body } : {}),
      });
    const admin = (path: string, body?: unknown, method?: string) =>
      api(`/admin/v1/accounts/${account.accountId}${path}`, {
        headers: { authorization: `Bearer ${system.adminToken}` },
        ...(body !== undefined ? { body } : {}),
        ...(method ? { method } : {}),
      });
    const host = (name: string, bytes: Buffer, contentType = "application/octet-stream") => {
      const path = `/files/${unique("f")}/${name}`;
      docs.serve(path, bytes, contentType);
      return docs.url(path);
    };
    const submit = (body: Record<string, unknown>, key?: string) =>
      call("/tax/certificates", { body, ...(key ? { key } : {}) });
    const settled = async (uploadId: string, timeoutMs = 30_000) => {
      for (const deadline = Date.now() + timeoutMs; Date.now() < deadline; ) {
        const response = await call(`/tax/certificate-uploads/${uploadId}`);
        expect(response.status).toBe(200);
        if (response.body.status !== "processing") return response.body;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error(`upload ${uploadId} still processing`);
    };
    const expectError = (response: { status: number; body: any }, status: number, type: string) => {
      expect({ status: response.status, type: response.body?.type }).toEqual({ status, type: type.toUpperCase() });
    };
    const fetchBytes = async (url: string) => {
      const response = await fetch(url);
      return {
        status: response.status,
        type: response.headers.get("content-type"),
        bytes: Buffer.from(await response.arrayBuffer()),
      };
    };

    beforeAll(async () => {
      docs = await startDocumentServer();
      system = await startSystem(documentServerEnv(docs));
      api = createApi(system.restUrl);
      account = await createAccount(system.restUrl, system.adminToken, "Certificates");
      live = account.liveSecret;
    });
    afterAll(async () => {
      await system?.stop();
      await docs?.close();
    });

    describe("modes and versions", () => {
      const endpoints: Array<[string, string, unknown?]> = [
        ["GET", "/tax/certificate-requests"],
        ["GET", "/tax/certificate-requests/certreq_x"],
        ["DELETE", "/tax/certificate-requests/certreq_x"],
        ["GET", "/tax/certificates"],
        ["GET", "/tax/certificates/cert_x"],
        ["POST", "/tax/certificates", { document_url: "https://example.com/a.pdf" }],
        ["GET", "/tax/certificate-uploads"],
        ["GET", "/tax/certificate-uploads/upl_x"],
      ];
      it("a test key gets TESTMODE_NOT_SUPPORTED (403) on every certificate endpoint", async () => {
        for (const [method, path, body] of endpoints) {
          const response = await call(path, { method, key: account.testSecret, ...(body ? { body } : {}) });
          expectError(response, 403, "TESTMODE_NOT_SUPPORTED");
        }
      });
      it("the endpoints need X-API-Version 2026-03-01", async () => {
        for (const [method, path, body] of endpoints) {
          expectError(
            await call(path, { method, version: null, ...(body ? { body } : {}) }),
            400,
            "missing_api_version",
          );
          expectError(
            await call(path, { method, version: "2026-01-01", ...(body ? { body } : {}) }),
            400,
            "unsupported_api_version",
          );
        }
      });
      it("unknown ids are 404 with the spec's codes", async () => {
        expectError(await call("/tax/certificate-requests/certreq_nope"), 404, "CERTIFICATE_REQUEST_NOT_FOUND");
        expectError(
          await call("/tax/certificate-requests/certreq_nope", { method: "DELETE" }),
          404,
          "CERTIFICATE_REQUEST_NOT_FOUND",
        );
        expectError(await call("/tax/certificates/cert_nope"), 404, "CERTIFICATE_NOT_FOUND");
        expectError(await call("/tax/certificate-uploads/upl_nope"), 404, "CERTIFICATE_UPLOAD_NOT_FOUND");
      });
    });

    describe("submit errors", () => {
      const pdf = () => makePdf({ certificates: [sstCertificate(["WA"])], nonce: unique("n") });
      it("validates the body", async () => {
        expectError(await submit({}), 400, "missing_field");
        expectError(
          await submit({ document_url: host("a.pdf", pdf()), certificate_type_id: "resale" }),
          400,
          "invalid_field",
        );
        expectError(await submit({ document_url: 42 }), 400, "invalid_field");
      });
      it("refuses URLs that are not https or not URLs", async () => {
        for (const url of [
          "not a url",
          "http://docs.test/a.pdf",
          "ftp://docs.test/a.pdf",
          "file:///etc/passwd",
          "https://user:pw@docs.test/a.pdf",
        ]) {
          const response = await submit({ document_url: url });
          expectError(response, 400, "INVALID_DOCUMENT_URL");
          expect(response.body.error.error_meta.field).toBe("document_url");
        }
      });
      it("refuses loopback, private, link-local and metadata hosts (SSRF), even where a server listens", async () => {
        const served = host("real.pdf", pdf());
        const pathname = new URL(served).pathname;
        for (const url of nonPublicUrls(docs.port, pathname)) {
          expectError(await submit({ document_url: url }), 400, "INVALID_DOCUMENT_URL");
        }
        // The same document through the allowed name works: the refusals were about the address.
        expect((await submit({ document_url: served })).status).toBe(201);
      });
      it("re-checks every redirect: to a private name, a private address, loopback or plain http", async () => {
        for (const target of [
          "https://private.test/a.pdf",
          "https://10.0.0.7/a.pdf",
          `https://127.0.0.1:${docs.port}/files/x.pdf`,
          `https://[::7f00:1]:${docs.port}/files/x.pdf`,
          "https://169.254.169.254/",
          "http://docs.test/a.pdf",
        ]) {
          expectError(
            await submit({ document_url: docs.url(`/redirect?to=${encodeURIComponent(target)}`) }),
            400,
            "INVALID_DOCUMENT_URL",
          );
        }
        const fine = host("redirected.pdf", pdf(), "application/pdf");
        const response = await submit({ document_url: docs.url(`/redirect?to=${encodeURIComponent(fine)}`) });
        expect(response.status).toBe(201);
        expect(response.body.filename).toBe("redirected.pdf");
      });
      it("401 and 403 from the host are DOCUMENT_URL_UNAUTHORIZED (422)", async () => {
        expectError(await submit({ document_url: docs.url("/status/401") }), 422, "DOCUMENT_URL_UNAUTHORIZED");
        expectError(await submit({ document_url: docs.url("/status/403") }), 422, "DOCUMENT_URL_UNAUTHORIZED");
      });
      it("other failures are DOCUMENT_FETCH_FAILED: errors, endless redirects, a host that never answers", async () => {
        expectError(await submit({ document_url: docs.url("/status/500") }), 400, "DOCUMENT_FETCH_FAILED");
        expectError(await submit({ document_url: docs.url("/status/404") }), 400, "DOCUMENT_FETCH_FAILED");
        expectError(await submit({ document_url: docs.url("/loop") }), 400, "DOCUMENT_FETCH_FAILED");
        expectError(await submit({ document_url: docs.url("/slow") }), 400, "DOCUMENT_FETCH_FAILED");
      });
      it("more than 10 MB is FILE_TOO_LARGE, declared or streamed", async () => {
        expectError(await submit({ document_url: docs.url("/big-declared") }), 400, "FILE_TOO_LARGE");
        expectError(await submit({ document_url: docs.url("/big-chunked") }), 400, "FILE_TOO_LARGE");
      });
      it("the bytes decide the type, not the name or Content-Type", async () => {
        expectError(
          await submit({ document_url: host("cert.pdf", Buffer.from("just some text, not a PDF"), "application/pdf") }),
          400,
          "UNSUPPORTED_FILE_TYPE",
        );
        expectError(
          await submit({ document_url: host("cert.png", Buffer.from("GIF89a......"), "image/png") }),
          400,
          "UNSUPPORTED_FILE_TYPE",
        );
        const response = await submit({
          document_url: host(
            "scan.txt",
            makePng({ certificates: [sstCertificate(["WA"])], nonce: unique("n") }),
            "text/plain",
          ),
        });
        expect(response.status).toBe(201);
        expect(response.body.document_type).toBe("png");
      });
      it("customer links: unknown id → customer_not_found, id and reference naming different customers → BUYER_IDENTITY_CONFLICT", async () => {
        const a = await call("/tax/customers", { body: { reference_customer_id: unique("ref-a") } });
        const b = await call("/tax/customers", { body: { reference_customer_id: unique("ref-b") } });
        expect([a.status, b.status]).toEqual([200, 200]);
        expectError(
          await submit({ document_url: host("x.pdf", pdf()), customer: { id: "cust_doesnotexist0000000" } }),
          404,
          "customer_not_found",
        );
        const conflict = await submit({
          document_url: host("x.pdf", pdf()),
          customer: { id: a.body.id, reference_customer_id: b.body.reference_customer_id },
        });
        expectError(conflict, 409, "BUYER_IDENTITY_CONFLICT");
        const same = await submit({
          document_url: host("x.pdf", pdf()),
          customer: { id: a.body.id, reference_customer_id: a.body.reference_customer_id },
        });
        expect(same.status).toBe(201);
        expect(same.body.customer).toMatchObject({
          id: a.body.id,
          reference_customer_id: a.body.reference_customer_id,
        });
        expectError(
          await submit({ document_url: host("x.pdf", pdf()), certificate_request_id: "certreq_nope" }),
          404,
          "CERTIFICATE_REQUEST_NOT_FOUND",
        );
      });
    });

    describe("processing", () => {
      it("an SST multistate PDF and a state resale PNG go from processing to completed with active certificates", async () => {
        const customer = await call("/tax/customers", {
          body: { reference_customer_id: unique("buyer"), name: "Acme Wholesale" },
        });
        const sst = makePdf({
          expect_kind: "pdf",
          certificates: [sstCertificate(["WA", "NC", "GA"])],
          nonce: unique("n"),
        });
        const resale = makePng({
          expect_kind: "png",
          certificates: [{ ...sstCertificate(["TX"]), certificateType: "resale", expiresOn: "2030-12-31" }],
          nonce: unique("n"),
        });
        const first = await submit({
          document_url: host("sst-multistate.pdf", sst, "application/pdf"),
          customer: { id: customer.body.id },
        });
        expect(first.status).toBe(201);
        expect(first.body).toMatchObject({
          object: "tax.certificate_upload",
          status: "processing",
          filename: "sst-multistate.pdf",
          document_type: "pdf",
          certificate_ids: [],
          error_message: null,
          testmode: false,
        });
        expect(first.body.customer).toEqual({
          id: customer.body.id,
          reference_customer_id: customer.body.reference_customer_id,
          name: "Acme Wholesale",
        });
        const second = await submit({
          document_url: host("tx-resale-01-339.png", resale, "image/png"),
          customer: { reference_customer_id: customer.body.reference_customer_id },
        });
        expect(second.status).toBe(201);

        const done = await settled(first.body.id);
        expect(done).toMatchObject({ status: "completed", error_message: null });
        expect(done.certificate_ids).toHaveLength(1);
        const certificate = await call(`/tax/certificates/${done.certificate_ids[0]}`);
        expect(certificate.status).toBe(200);
        expect(certificate.body).toMatchObject({
          object: "tax.exemption_certificate",
          status: "active",
          certificate_type: "multistate_sst",
          buyer_name: "Acme Wholesale LLC",
          issued_on: "2026-01-15",
          expires_on: null,
          upload_id: first.body.id,
          customer: { id: customer.body.id, name: "Acme Wholesale" },
        });
        expect(certificate.body.jurisdictions.map((j: { jurisdiction: string }) => j.jurisdiction)).toEqual([
          "WA",
          "NC",
          "GA",
        ]);
        const download = await fetchBytes(certificate.body.download_url);
        expect(download.status).toBe(200);
        expect(download.type).toBe("application/pdf");
        expect(download.bytes.equals(sst)).toBe(true);

        const pngDone = await settled(second.body.id);
        expect(pngDone.status).toBe("completed");
        const resaleCertificate = await call(`/tax/certificates/${pngDone.certificate_ids[0]}`);
        expect(resaleCertificate.body).toMatchObject({
          status: "active",
          certificate_type: "resale",
          expires_on: "2030-12-31",
        });
        expect(resaleCertificate.body.jurisdictions).toEqual([
          { jurisdiction: "TX", status: "active", expires_on: "2030-12-31" },
        ]);
        const image = await fetchBytes(pngDone.document_url);
        expect(image.type).toBe("image/png");
        expect(image.bytes.equals(resale)).toBe(true);
      });

      it("JPEGs are read too; missing items give needs_info; a non-certificate gives an invalid certificate", async () => {
        const jpeg = await submit({
          document_url: host(
            "photo.jpg",
            makeJpeg({
              expect_kind: "jpeg",
              certificates: [
                { ...sstCertificate(["CA"]), certificateType: "resale", signed: false, missing: ["signature"] },
              ],
              nonce: unique("n"),
            }),
          ),
        });
        const notCertificate = await submit({
          document_url: host("invoice.pdf", makePdf({ not_a_certificate: "this is an invoice", nonce: unique("n") })),
        });
        const jpegDone = await settled(jpeg.body.id);
        const needsInfo = await call(`/tax/certificates/${jpegDone.certificate_ids[0]}`);
        expect(needsInfo.body).toMatchObject({ status: "needs_info", missing: ["signature"], signed: false });
        const invalidDone = await settled(notCertificate.body.id);
        expect(invalidDone.status).toBe("completed");
        const invalid = await call(`/tax/certificates/${invalidDone.certificate_ids[0]}`);
        expect(invalid.body).toMatchObject({ status: "invalid", invalid_reason: "this is an invoice" });
      });

      it("a document the reader cannot read fails the upload with an error_message", async () => {
        const upload = await submit({
          document_url: host("broken.pdf", makePdf({ fail: "the text layer is unreadable", nonce: unique("n") })),
        });
        const done = await settled(upload.body.id);
        expect(done.status).toBe("failed");
        expect(done.certificate_ids).toEqual([]);
        expect(done.error_message).toContain("the text layer is unreadable");
      });

      it("two certificates in one document give two certificates", async () => {
        const upload = await submit({
          document_url: host(
            "two.pdf",
            makePdf({
              certificates: [
                sstCertificate(["WA"]),
                { ...sstCertificate(["OH"]), certificateType: "exempt_organization" },
              ],
              nonce: unique("n"),
            }),
          ),
        });
        const done = await settled(upload.body.id);
        expect(done.certificate_ids).toHaveLength(2);
        expect(new Set(done.certificate_ids).size).toBe(2);
      });

      it("the same bytes and filename again → an upload with status duplicate that serves the original document", async () => {
        const bytes = makePdf({ certificates: [sstCertificate(["KY"])], nonce: unique("n") });
        const url = host("dup.pdf", bytes);
        const original = await submit({ document_url: url });
        const again = await submit({ document_url: url });
        expect(again.status).toBe(201);
        expect(again.body).toMatchObject({ status: "duplicate", duplicate_of: original.body.id });
        expect(again.body.id).not.toBe(original.body.id);
        expect((await fetchBytes(again.body.document_url)).bytes.equals(bytes)).toBe(true);
        const renamed = await submit({ document_url: url, filename: "other-name.pdf" });
        expect(renamed.body.status).toBe("processing");
        await settled(original.body.id);
        await settled(renamed.body.id);
      });
    });

    describe("documents and links", () => {
      it("document links need their signature, and never cross accounts", async () => {
        const upload = await submit({
          document_url: host("signed.pdf", makePdf({ certificates: [sstCertificate(["WA"])], nonce: unique("n") })),
        });
        const link = new URL(upload.body.document_url);
        expect(link.pathname).toBe(`/documents/v1/${upload.body.id}`);
        expect(Number(link.searchParams.get("expires")) - Math.floor(Date.now() / 1000)).toBeGreaterThan(3500);
        const tampered = new URL(link);
        tampered.searchParams.set("signature", `${link.searchParams.get("signature")!.slice(0, -2)}AA`);
        expect((await fetchBytes(tampered.toString())).status).toBe(403);
        const other = await createAccount(system.restUrl, system.adminToken, "Other");
        const crossed = new URL(link);
        crossed.searchParams.set("account", other.accountId);
        expect((await fetchBytes(crossed.toString())).status).toBe(403);
        const later = new URL(link);
        later.searchParams.set("expires", String(Number(link.searchParams.get("expires")) + 3600));
        expect((await fetchBytes(later.toString())).status).toBe(403);
        expect((await fetchBytes(link.toString())).status).toBe(200);
        expectError(
          await call(`/tax/certificate-uploads/${upload.body.id}`, { key: other.liveSecret }),
          404,
          "CERTIFICATE_UPLOAD_NOT_FOUND",
        );
      });
      it("a certificate without a document has download_url null with 200", async () => {
        const created = await admin("/certificates", {
          certificate_type: "government",
          jurisdictions: ["NY"],
          buyer_name: "City of Albany",
        });
        expect(created.status).toBe(201);
        const response = await call(`/tax/certificates/${created.body.id}`);
        expect(response.status).toBe(200);
        expect(response.body).toMatchObject({ status: "active", download_url: null, upload_id: null });
      });
    });

    describe("lists", () => {
      it("certificates list with filters and cursors", async () => {
        const customer = await call("/tax/customers", { body: { reference_customer_id: unique("lister") } });
        const ids: string[] = [];
        const today = new Date();
        const day = (offset: number) => new Date(today.getTime() + offset * 86_400_000).toISOString().slice(0, 10);
        for (const [type, states, expires] of [
          ["resale", ["FL"], day(400)],
          ["resale", ["FL", "GA"], day(10)],
          ["agricultural", ["GA"], day(-2)],
        ] as const) {
          const created = await admin("/certificates", {
            customer: { id: customer.body.id },
            certificate_type: type,
            jurisdictions: states,
            expires_on: expires,
          });
          expect(created.status).toBe(201);
          ids.push(created.body.id);
        }
        const list = (query: string) => call(`/tax/certificates?customer=${customer.body.id}&${query}`);
        const all = await list("limit=100");
        expect(all.body).toMatchObject({ object: "list", has_more: false, next_cursor: null });
        expect(all.body.data.map((c: { id: string }) => c.id)).toEqual(ids);
        expect(all.body.data.map((c: { status: string }) => c.status)).toEqual(["active", "expiring", "expired"]);
        expect(all.body.data[0].download_url).toBeUndefined();
        expect((await list("jurisdiction=ga")).body.data.map((c: { id: string }) => c.id)).toEqual([ids[1], ids[2]]);
        expect((await list("status=expiring")).body.data.map((c: { id: string }) => c.id)).toEqual([ids[1]]);
        expect((await list("status=expired")).body.data.map((c: { id: string }) => c.id)).toEqual([ids[2]]);
        expect((await list("certificate_type=agricultural")).body.data.map((c: { id: string }) => c.id)).toEqual([
          ids[2],
        ]);
        expect(
          (await list(`expires_from=${day(0)}&expires_to=${day(30)}`)).body.data.map((c: { id: string }) => c.id),
        ).toEqual([ids[1]]);
        expect(
          (await call(`/tax/certificates?customer=${customer.body.reference_customer_id}&limit=100`)).body.data,
        ).toHaveLength(3);
        const seen: string[] = [];
        let cursor: string | null = null;
        do {
          const page: any = await list(`limit=1${cursor ? `&cursor=${cursor}` : ""}`);
          expect(page.status).toBe(200);
          seen.push(...page.body.data.map((c: { id: string }) => c.id));
          cursor = page.body.next_cursor;
        } while (cursor);
        expect(seen).toEqual(ids);
        expectError(await call("/tax/certificates?status=lapsed"), 400, "invalid_field");
        expectError(await call("/tax/certificates?jurisdiction=Texas"), 400, "invalid_field");
        expectError(await call("/tax/certificates?limit=101"), 400, "invalid_field");
        expectError(await call("/tax/certificates?colour=red"), 400, "invalid_field");
        expectError(await call("/tax/certificates?cursor=not-a-cursor"), 400, "invalid_cursor");
        expectError(await call(`/tax/certificates?expires_from=${day(5)}&expires_to=${day(1)}`), 400, "invalid_range");
      });
      it("uploads list by status and customer, without document_url", async () => {
        const customer = await call("/tax/customers", { body: { reference_customer_id: unique("uploader") } });
        const ok = await submit({
          document_url: host("ok.pdf", makePdf({ certificates: [sstCertificate(["WA"])], nonce: unique("n") })),
          customer: { id: customer.body.id },
        });
        const bad = await submit({
          document_url: host("bad.pdf", makePdf({ fail: "unreadable", nonce: unique("n") })),
          customer: { id: customer.body.id },
        });
        await settled(ok.body.id);
        await settled(bad.body.id);
        const mine = await call(`/tax/certificate-uploads?customer=${customer.body.id}`);
        expect(mine.body.data.map((u: { id: string }) => u.id)).toEqual([ok.body.id, bad.body.id]);
        expect(mine.body.data[0].document_url).toBeUndefined();
        const failed = await call(
          `/tax/certificate-uploads?customer=${customer.body.reference_customer_id}&status=failed`,
        );
        expect(failed.body.data.map((u: { id: string }) => u.id)).toEqual([bad.body.id]);
        expectError(await call("/tax/certificate-uploads?status=done"), 400, "invalid_field");
      });
    });

    describe("requests and buyers", () => {
      it("cancel is terminal and idempotent; customer.name falls back to the buyer's legal name", async () => {
        const customer = await call("/tax/customers", { body: { reference_customer_id: unique("unnamed") } });
        const buyer = await admin("/buyers", {
          legal_name: "Northwind Traders Inc.",
          customer: { id: customer.body.id },
        });
        expect(buyer.status).toBe(201);
        const created = await admin("/certificate-requests", {
          customer: { id: customer.body.id },
          buyer_id: buyer.body.id,
          jurisdictions: ["TX"],
        });
        expect(created.status).toBe(201);
        const got = await call(`/tax/certificate-requests/${created.body.id}`);
        expect(got.body).toMatchObject({
          object: "tax.certificate_request",
          status: "pending",
          customer: { id: customer.body.id, name: "Northwind Traders Inc." },
          linked_buyer: { id: buyer.body.id, legal_name: "Northwind Traders Inc." },
        });
        const canceled = await call(`/tax/certificate-requests/${created.body.id}`, { method: "DELETE" });
        expect(canceled.status).toBe(200);
        expect(canceled.body.status).toBe("canceled");
        const again = await call(`/tax/certificate-requests/${created.body.id}`, { method: "DELETE" });
        expect(again.status).toBe(200);
        expect(again.body).toEqual(canceled.body);
        const listed = await call(`/tax/certificate-requests?status=canceled&customer=${customer.body.id}`);
        expect(listed.body.data.map((r: { id: string }) => r.id)).toEqual([created.body.id]);
      });
      it("an upload for a request that yields an active certificate fulfils it; cancel is then 409 REQUEST_ALREADY_FULFILLED", async () => {
        const customer = await call("/tax/customers", {
          body: { reference_customer_id: unique("req"), name: "Globex" },
        });
        const request = await admin("/certificate-requests", {
          customer: { reference_customer_id: customer.body.reference_customer_id },
        });
        const upload = await submit({
          document_url: host("answer.pdf", makePdf({ certificates: [sstCertificate(["WA"])], nonce: unique("n") })),
          certificate_request_id: request.body.id,
        });
        expect(upload.body.customer).toMatchObject({ id: customer.body.id, name: "Globex" });
        const done = await settled(upload.body.id);
        const fulfilled = await call(`/tax/certificate-requests/${request.body.id}`);
        expect(fulfilled.body).toMatchObject({ status: "fulfilled", certificate_id: done.certificate_ids[0] });
        expectError(
          await call(`/tax/certificate-requests/${request.body.id}`, { method: "DELETE" }),
          409,
          "REQUEST_ALREADY_FULFILLED",
        );
        expect((await call(`/tax/certificate-requests/${request.body.id}`)).body.status).toBe("fulfilled");
      });
      it("deleting the buyer makes its pending requests invalid; cancel is then 409 REQUEST_INVALID", async () => {
        const buyer = await admin("/buyers", { legal_name: "Initech" });
        const request = await admin("/certificate-requests", { buyer_id: buyer.body.id });
        const deleted = await admin(`/buyers/${buyer.body.id}`, undefined, "DELETE");
        expect(deleted.body).toMatchObject({ object: "tax.buyer", id: buyer.body.id, deleted: true });
        expect((await call(`/tax/certificate-requests/${request.body.id}`)).body.status).toBe("invalid");
        expectError(
          await call(`/tax/certificate-requests/${request.body.id}`, { method: "DELETE" }),
          409,
          "REQUEST_INVALID",
        );
        expectError(await admin("/certificate-requests", { buyer_id: buyer.body.id }), 404, "buyer_not_found");
      });
    });

    describe("exemption lookups (CheckExemption RPC for calc-engine)", () => {
      it("an upload pre-mapped to a reference id applies to that customer once active, in its states only", async () => {
        const reference = unique("premapped");
        const upload = await submit({
          document_url: host(
            "premap.pdf",
            makePdf({ certificates: [sstCertificate(["WA", "NC"])], nonce: unique("n") }),
          ),
          customer: { reference_customer_id: reference },
        });
        expect(upload.body.customer).toEqual({ id: null, reference_customer_id: reference, name: null });
        const done = await settled(upload.body.id);
        const customer = await call("/tax/customers", { body: { reference_customer_id: reference } });
        const client = createClient(
          CertificatesService,
          createGrpcTransport({ baseUrl: `http://127.0.0.1:${system.grpcPorts.certificates}` }),
        );
        const scope = { accountId: account.accountId, livemode: true };
        const at = BigInt(Math.floor(Date.now() / 1000));
        const covered = await client.checkExemption({
          scope,
          customerId: customer.body.id,
          referenceCustomerId: reference,
          jurisdiction: "NC",
          at,
        });
        expect(covered).toMatchObject({
          exempt: true,
          certificateId: done.certificate_ids[0],
          certificateType: "multistate_sst",
        });
        expect(
          (
            await client.checkExemption({
              scope,
              customerId: customer.body.id,
              referenceCustomerId: reference,
              jurisdiction: "TX",
              at,
            })
          ).exempt,
        ).toBe(false);
        expect(
          (
            await client.checkExemption({
              scope: { ...scope, livemode: false },
              customerId: customer.body.id,
              referenceCustomerId: reference,
              jurisdiction: "NC",
              at,
            })
          ).exempt,
        ).toBe(false);
        const before = BigInt(Date.parse("2026-01-01T00:00:00Z") / 1000);
        expect(
          (
            await client.checkExemption({
              scope,
              customerId: customer.body.id,
              referenceCustomerId: reference,
              jurisdiction: "NC",
              at: before,
            })
          ).exempt,
        ).toBe(false);
      });
    });

    describe("exemptions in calculations", () => {
      const address = (city: string, state: string, zip: string) => ({
        address_line_1: "1 Main St",
        address_city: city,
        address_province: state,
        address_postal_code: zip,
        address_country: "US",
      });
      const calculate = (customerId: string, where: ReturnType<typeof address>, key = live) =>
        call("/tax/calculations", {
          key,
          body: {
            customer: { id: customerId, address: where },
            order_details: {
              customer_currency_code: "USD",
              line_items: [
                { amount: 10000, quantity: 1, product_category: "GENERAL_MERCHANDISE" },
                { amount: 2500, quantity: 2, product_category: "GENERAL_MERCHANDISE" },
              ],
            },
          },
        });

      it("an SST PDF and a resale PNG make the customer's next calculations in their states zero-rated, naming the certificate; other states stay taxed", async () => {
        const customer = await call("/tax/customers", {
          body: { reference_customer_id: unique("exempt"), name: "Exempt Buyer" },
        });
        const seattle = address("Seattle", "WA", "98101");
        const houston = address("Houston", "TX", "77002");
        const detroit = address("Detroit", "MI", "48226");
        const taxedBefore = await calculate(customer.body.id, seattle);
        expect(taxedBefore.status).toBe(200);
        expect(taxedBefore.body.total_tax_amount).toBeGreaterThan(0);

        const sst = await submit({
          document_url: host("sst.pdf", makePdf({ certificates: [sstCertificate(["WA", "NC"])], nonce: unique("n") })),
          customer: { id: customer.body.id },
        });
        const resale = await submit({
          document_url: host(
            "tx-resale.png",
            makePng({ certificates: [{ ...sstCertificate(["TX"]), certificateType: "resale" }], nonce: unique("n") }),
          ),
          customer: { reference_customer_id: customer.body.reference_customer_id },
        });
        const sstDone = await settled(sst.body.id);
        const resaleDone = await settled(resale.body.id);

        const inWashington = await calculate(customer.body.id, seattle);
        expect(inWashington.status).toBe(200);
        expect(inWashington.body.total_tax_amount).toBe(0);
        expect(inWashington.body.exemption_reason).toBe("exemption_certificate");
        expect(inWashington.body.exemption_certificate).toEqual({
          id: sstDone.certificate_ids[0],
          certificate_type: "multistate_sst",
        });
        for (const line of inWashington.body.line_items) {
          expect(line.tax_amount).toBe(0);
          for (const jurisdiction of line.tax_jurisdictions) expect(jurisdiction.rate_type).toBe("exempt");
        }
        const inTexas = await calculate(customer.body.id, houston);
        expect(inTexas.body.total_tax_amount).toBe(0);
        expect(inTexas.body.exemption_certificate.id).toBe(resaleDone.certificate_ids[0]);
        const inMichigan = await calculate(customer.body.id, detroit);
        expect(inMichigan.body.total_tax_amount).toBeGreaterThan(0);
        expect(inMichigan.body.exemption_certificate).toBeUndefined();
        // Test mode has no certificates: the same customer id in test mode is another customer anyway.
        const other = await call("/tax/customers", { body: { reference_customer_id: unique("plain") } });
        expect((await calculate(other.body.id, seattle)).body.total_tax_amount).toBeGreaterThan(0);
      });

      // The real document reader (no manifest in these documents): a generated SST form with
      // five states ticked (text layer) and a scanned Texas resale certificate (OCR).
      it("with the real reader, a generated SST PDF and a scanned Texas resale PNG exempt the customer in their states only", {
        timeout: 300_000,
      }, async () => {
        const corpusDocument = (name: string) => corpus.find((document) => document.name.startsWith(name))!;
        const sstPdf = Buffer.from(await corpusDocument("SST multistate certificate").build());
        const texasPng = Buffer.from(await corpusDocument("PNG scan of a Texas resale certificate").build());
        const customer = await call("/tax/customers", { body: { reference_customer_id: unique("real-reader") } });
        const sst = await submit({
          document_url: host("sst-form.pdf", sstPdf, "application/pdf"),
          customer: { id: customer.body.id },
        });
        const scan = await submit({
          document_url: host("tx-01-339.png", texasPng, "image/png"),
          customer: { reference_customer_id: customer.body.reference_customer_id },
        });
        expect([sst.status, scan.status]).toEqual([201, 201]);
        expect(sst.body.status).toBe("processing");

        const sstDone = await settled(sst.body.id, 240_000);
        expect(sstDone.status, JSON.stringify(sstDone)).toBe("completed");
        const sstCertificateRead = await call(`/tax/certificates/${sstDone.certificate_ids[0]}`);
        expect(sstCertificateRead.body).toMatchObject({ status: "active", certificate_type: "multistate_sst" });
        const scanDone = await settled(scan.body.id, 240_000);
        expect(scanDone.status, JSON.stringify(scanDone)).toBe("completed");
        const scanCertificate = await call(`/tax/certificates/${scanDone.certificate_ids[0]}`);
        expect(scanCertificate.body).toMatchObject({ status: "active", certificate_type: "resale" });

        const indianapolis = await calculate(customer.body.id, address("Indianapolis", "IN", "46204"));
        expect(indianapolis.body.total_tax_amount).toBe(0);
        expect(indianapolis.body.exemption_certificate).toEqual({
          id: sstDone.certificate_ids[0],
          certificate_type: "multistate_sst",
        });
        const houston = await calculate(customer.body.id, address("Houston", "TX", "77002"));
        expect(houston.body.total_tax_amount).toBe(0);
        expect(houston.body.exemption_certificate.id).toBe(scanDone.certificate_ids[0]);
        const detroit = await calculate(customer.body.id, address("Detroit", "MI", "48226"));
        expect(detroit.body.total_tax_amount).toBe(750);
      });

      it("a customer whose buyer was deleted cannot be made tax exempt (invalid_request)", async () => {
        const kept = await call("/tax/customers", { body: { reference_customer_id: unique("kept") } });
        const lost = await call("/tax/customers", { body: { reference_customer_id: unique("lost") } });
        await admin("/buyers", { legal_name: "Kept Co", customer: { id: kept.body.id } });
        const buyer = await admin("/buyers", {
          legal_name: "Lost Co",
          customer: { reference_customer_id: lost.body.reference_customer_id },
        });
        await admin(`/buyers/${buyer.body.id}`, undefined, "DELETE");
        const refused = await call(`/tax/customers/${lost.body.id}`, { body: { is_tax_exempt: true } });
        expectError(refused, 400, "invalid_request");
        expect((await call(`/tax/customers/${lost.body.id}`)).body.is_tax_exempt).toBe(false);
        expect((await call(`/tax/customers/${lost.body.id}`, { body: { name: "Still editable" } })).status).toBe(200);
        const allowed = await call(`/tax/customers/${kept.body.id}`, { body: { is_tax_exempt: true } });
        expect(allowed.status).toBe(200);
        expect(allowed.body.is_tax_exempt).toBe(true);
      });
    });

    describe("crash safety", () => {
      it("killing the certificates service mid-processing and restarting it yields exactly one set of certificates", async () => {
        const customer = await call("/tax/customers", { body: { reference_customer_id: unique("crash") } });
        const started = path.join(mkdtempSync(path.join(os.tmpdir(), "levy-crash-")), "started");
        const manifest: Manifest = {
          certificates: [sstCertificate(["WA"]), sstCertificate(["NC"]), sstCertificate(["GA"])],
          delay_ms: 1500,
          started_file: started,
          nonce: unique("n"),
        };
        const upload = await submit({
          document_url: host("slow-sst.pdf", makePdf(manifest)),
          customer: { id: customer.body.id },
        });
        expect(upload.status).toBe(201);
        for (let attempt = 0; attempt < 200 && !existsSync(started); attempt += 1)
          await new Promise((resolve) => setTimeout(resolve, 50));
        expect(existsSync(started)).toBe(true);
        await system.restart("certificates", "SIGKILL");
        const done = await settled(upload.body.id);
        expect(done.status).toBe("completed");
        expect(done.certificate_ids).toHaveLength(3);
        const listed = await call(`/tax/certificates?customer=${customer.body.id}&limit=100`);
        expect(listed.body.data.map((c: { id: string }) => c.id).sort()).toEqual([...done.certificate_ids].sort());
        if (system.mode === "distributed")
          expect(readFileSync(started, "utf8").trim().split("\n").length).toBeGreaterThanOrEqual(2);
      });
    });
  });
}
