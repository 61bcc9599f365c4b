// The certificate tools (live mode only) against real data: a customer, a master buyer,
// a certificate request and a hand-entered certificate through the admin API, and a PDF
// submitted through REST from the test document server and read by the stand-in reader.
// Results are compared with REST; the signed links the tools hand out download the document.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { McpBridgeReplica } from "../support/system.js";
import { makePdf, sstCertificate } from "../certificates/support/documents.js";
import { callTool, eventually, ok, toolError, withMcp } from "./mcp-client.js";
import type { McpContext } from "./mcp-suite.js";

const V = "2026-03-01";
export const certificateReadTools = [
  "list_certificates",
  "get_certificate",
  "list_certificate_uploads",
  "get_certificate_upload",
  "list_certificate_requests",
  "get_certificate_request",
];
export const certificateWriteTools = ["upload_certificate", "create_buyer", "link_buyer", "cancel_certificate_request"];
let counter = 0;
const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${++counter}`;
const withoutLink = ({ download_url: _d, document_url: _u, ...rest }: any) => rest;

export function describeCertificateTools(ctx: McpContext): void {
  describe("certificate tools", () => {
    const live = () => ctx.account.liveSecret;
    const call = (name: string, args: Record<string, unknown> = {}, key = live(), url = ctx.system.mcpUrl) =>
      withMcp(url, key, (client) => callTool(client, name, args));
    const rest = (path: string, body?: unknown, key = live()) =>
      ctx.api(path, { key, version: V, ...(body !== undefined ? { body } : {}) });
    const admin = (path: string, body: unknown) =>
      ctx.api(`/admin/v1/accounts/${ctx.account.accountId}${path}`, {
        headers: { authorization: `Bearer ${ctx.system.adminToken}` },
        body,
      });
    const host = (name: string, bytes: Buffer, contentType = "application/pdf") => {
      const path = `/files/${unique("f")}/${name}`;
      ctx.docs.serve(path, bytes, contentType);
      return ctx.docs.url(path);
    };
    const settled = async (uploadId: string) => {
      const result = await eventually(
        () => call("get_certificate_upload", { upload_id: uploadId }),
        (answer) => !answer.isError && (answer.structuredContent as any).status !== "processing",
        30_000,
      );
      return ok(result);
    };
    const download = async (url: string) => Buffer.from(await (await fetch(url)).arrayBuffer());
    const seed = {} as { customer: any; buyer: any; request: any; manual: any; pdf: Buffer; upload: any };

    beforeAll(async () => {
      const customer = await rest("/tax/customers", {
        email: `cert-${unique("c")}@example.com`,
        name: "Acme",
        reference_customer_id: "c-acme",
      });
      expect(customer.status, JSON.stringify(customer.body)).toBe(200);
      seed.customer = customer.body;
      seed.buyer = (
        await admin("/buyers", { legal_name: "Acme Wholesale LLC", customer: { id: seed.customer.id } })
      ).body;
      seed.request = (await admin("/certificate-requests", { buyer_id: seed.buyer.id, jurisdictions: ["WA"] })).body;
      const manual = await admin("/certificates", {
        customer: { id: seed.customer.id },
        certificate_type: "resale",
        jurisdictions: ["TX"],
        issued_on: "2026-01-01",
        expires_on: "2099-12-31",
      });
      expect(manual.status, JSON.stringify(manual.body)).toBe(201);
      seed.manual = manual.body;
      seed.pdf = makePdf({
        certificates: [sstCertificate(["WA", "NC"], { expiresOn: "2098-06-30" })],
        nonce: unique("n"),
      });
      const submitted = await rest("/tax/certificates", {
        document_url: host("acme.pdf", seed.pdf),
        customer: { reference_customer_id: "c-acme" },
        certificate_request_id: seed.request.id,
      });
      expect(submitted.status, JSON.stringify(submitted.body)).toBe(201);
      seed.upload = await settled(submitted.body.id);
      expect(seed.upload).toMatchObject({ status: "completed", certificate_ids: [expect.any(String)] });
    });

    it("get_certificate_upload answers the REST shape with a document_url that downloads the document", async () => {
      const restUpload = (await rest(`/tax/certificate-uploads/${seed.upload.id}`)).body;
      expect(withoutLink(seed.upload)).toEqual(withoutLink(restUpload));
      expect(seed.upload.document_url).toMatch(/\/documents\/v1\/upl_\w+\?account=.+&expires=\d+&signature=/);
      expect((await download(seed.upload.document_url)).equals(seed.pdf)).toBe(true);
    });

    it("get_certificate: the read certificate with a working download_url, the hand-entered one with null", async () => {
      const read = ok(await call("get_certificate", { certificate_id: seed.upload.certificate_ids[0] }));
      expect(read).toMatchObject({
        object: "tax.exemption_certificate",
        status: "active",
        certificate_type: "multistate_sst",
        upload_id: seed.upload.id,
        customer: { id: seed.customer.id },
      });
      expect(read.jurisdictions.map((item: any) => item.jurisdiction).sort()).toEqual(["NC", "WA"]);
      expect(withoutLink(read)).toEqual(withoutLink((await rest(`/tax/certificates/${read.id}`)).body));
      expect((await download(read.download_url)).equals(seed.pdf)).toBe(true);
      const manual = ok(await call("get_certificate", { certificate_id: seed.manual.id }));
      expect(manual).toMatchObject({ id: seed.manual.id, status: "active", download_url: null, upload_id: null });
    });

    it("list_certificates filters by state, status, type, customer and dates, and pages with cursors", async () => {
      const ids = (result: any) => ok(result).data.map((item: any) => item.id);
      const sst = seed.upload.certificate_ids[0];
      expect(ids(await call("list_certificates", { jurisdiction: "wa" }))).toEqual([sst]);
      expect(ids(await call("list_certificates", { jurisdiction: "TX" }))).toEqual([seed.manual.id]);
      expect(ids(await call("list_certificates", { certificate_type: "resale" }))).toEqual([seed.manual.id]);
      expect(ids(await call("list_certificates", { customer: "c-acme", status: "active" })).sort()).toEqual(
        [sst, seed.manual.id].sort(),
      );
      expect(ids(await call("list_certificates", { expires_from: "2099-01-01" }))).toEqual([seed.manual.id]);
      expect(ids(await call("list_certificates", { from: "2000-01-01", to: "2001-01-01" }))).toEqual([]);
      expect(ids(await call("list_certificates", { status: "expired" }))).toEqual([]);
      const first = ok(await call("list_certificates", { limit: 1 }));
      expect(first).toMatchObject({ object: "list", has_more: true, next_cursor: expect.any(String) });
      expect(first.data[0]).not.toHaveProperty("download_url");
      const second = ok(await call("list_certificates", { limit: 1, cursor: first.next_cursor }));
      expect(second.data[0].id).not.toBe(first.data[0].id);
      expect(
        first.data
          .concat(second.data)
          .map((item: any) => item.id)
          .sort(),
      ).toEqual([sst, seed.manual.id].sort());
      expect(toolError(await call("list_certificates", { from: "2026-02-01", to: "2026-01-01" })).error_code).toBe(
        "invalid_range",
      );
      expect(
        toolError(await call("list_certificates", { expires_from: "2030-02-01", expires_to: "2030-01-01" })).error_code,
      ).toBe("invalid_range");
      expect(toolError(await call("list_certificates", { cursor: `${first.next_cursor}x` })).error_code).toBe(
        "invalid_cursor",
      );
      expect(toolError(await call("list_certificates", { status: "lost" })).error_code).toBe("invalid_arguments");
    });

    it("list_certificate_uploads and the request tools read what REST reads", async () => {
      const uploads = ok(await call("list_certificate_uploads", { status: "completed", customer: seed.customer.id }));
      expect(uploads.data.map((item: any) => item.id)).toEqual([seed.upload.id]);
      expect(uploads.data[0]).not.toHaveProperty("document_url");
      expect(ok(await call("list_certificate_uploads", { status: "failed" })).data).toEqual([]);
      expect(toolError(await call("list_certificate_uploads", { cursor: "not-a-cursor" })).error_code).toBe(
        "invalid_cursor",
      );
      const request = ok(await call("get_certificate_request", { request_id: seed.request.id }));
      expect(request).toEqual((await rest(`/tax/certificate-requests/${seed.request.id}`)).body);
      expect(request).toMatchObject({
        status: "fulfilled",
        certificate_id: seed.upload.certificate_ids[0],
        linked_buyer: { id: seed.buyer.id },
      });
      expect(
        ok(await call("list_certificate_requests", { status: "fulfilled" })).data.map((item: any) => item.id),
      ).toEqual([seed.request.id]);
      expect(ok(await call("list_certificate_requests", { status: "pending" })).data).toEqual([]);
      expect(toolError(await call("get_certificate_request", { request_id: "certreq_nope" })).error_code).toBe(
        "certificate_request_not_found",
      );
    });

    it("unknown and malformed ids: certificate_not_found, upload_not_found (also another account's), invalid_upload_id", async () => {
      expect(toolError(await call("get_certificate", { certificate_id: "cert_00000000000000000000" })).error_code).toBe(
        "certificate_not_found",
      );
      expect(
        toolError(await call("get_certificate_upload", { upload_id: "upl_00000000000000000000" })).error_code,
      ).toBe("upload_not_found");
      expect(
        toolError(await call("get_certificate_upload", { upload_id: seed.upload.id }, ctx.other.liveSecret)).error_code,
      ).toBe("upload_not_found");
      expect(
        toolError(await call("get_certificate", { certificate_id: seed.manual.id }, ctx.other.liveSecret)).error_code,
      ).toBe("certificate_not_found");
      for (const malformed of [
        "upl_short",
        "cert_00000000000000000000",
        "upl_0000000000000000000!",
        "../upl_00000000000000000000",
      ]) {
        expect(toolError(await call("get_certificate_upload", { upload_id: malformed })).error_code).toBe(
          "invalid_upload_id",
        );
      }
    });

    it("with a test key every certificate tool answers live_mode_required", async () => {
      const args: Record<string, Record<string, unknown>> = {
        get_certificate: { certificate_id: seed.manual.id },
        get_certificate_upload: { upload_id: seed.upload.id },
        get_certificate_request: { request_id: seed.request.id },
      };
      for (const name of certificateReadTools) {
        const error = toolError(await call(name, args[name] ?? {}, ctx.account.testSecret));
        expect(error, name).toMatchObject({
          error_code: "live_mode_required",
          error_message: expect.stringContaining("live"),
        });
      }
    });

    describe("write tools (MCP_WRITE_TOOLS=true)", () => {
      let writer: McpBridgeReplica;
      const write = (name: string, args: Record<string, unknown>, key = live()) => call(name, args, key, writer.mcpUrl);

      beforeAll(async () => {
        writer = await ctx.system.startMcpBridgeReplica({
          MCP_WRITE_TOOLS: "true",
          MCP_RATE_LIMIT: "100000",
          MCP_RATE_WINDOW_SECONDS: "3600",
        });
      });
      afterAll(() => writer?.stop());

      it("are absent from the default bridge and refuse a test key", async () => {
        const names = await withMcp(ctx.system.mcpUrl, live(), async (client) =>
          (await client.listTools()).tools.map((tool) => tool.name),
        );
        for (const name of certificateWriteTools) expect(names).not.toContain(name);
        for (const name of certificateWriteTools) {
          expect(toolError(await write(name, {}, ctx.account.testSecret)).error_code, name).toBe("live_mode_required");
        }
      });

      it("upload_certificate submits like POST /tax/certificates; the upload settles and its link downloads", async () => {
        const pdf = makePdf({ certificates: [sstCertificate(["GA"])], nonce: unique("n") });
        const upload = ok(
          await write("upload_certificate", { document_url: host("ga.pdf", pdf), customer: { id: seed.customer.id } }),
        );
        expect(upload).toMatchObject({
          object: "tax.certificate_upload",
          status: "processing",
          filename: "ga.pdf",
          document_type: "pdf",
          customer: { id: seed.customer.id },
        });
        expect((await download(upload.document_url)).equals(pdf)).toBe(true);
        const done = await settled(upload.id);
        expect(done).toMatchObject({ status: "completed", certificate_ids: [expect.any(String)] });
        expect(ok(await call("list_certificates", { jurisdiction: "GA" })).data.map((item: any) => item.id)).toEqual(
          done.certificate_ids,
        );
      });

      it("upload_certificate answers the submit errors in lower case", async () => {
        const code = async (args: Record<string, unknown>) =>
          toolError(await write("upload_certificate", args)).error_code;
        expect(await code({ document_url: "http://docs.test/a.pdf" })).toBe("invalid_document_url");
        expect(await code({ document_url: "https://private.test/a.pdf" })).toBe("invalid_document_url");
        expect(await code({ document_url: ctx.docs.url("/status/401") })).toBe("document_url_unauthorized");
        expect(await code({ document_url: ctx.docs.url("/missing.pdf") })).toBe("document_fetch_failed");
        expect(await code({ document_url: host("a.pdf", Buffer.from("just text"), "application/pdf") })).toBe(
          "unsupported_file_type",
        );
        const pdf = host("b.pdf", makePdf({ certificates: [sstCertificate(["WA"])], nonce: unique("n") }));
        expect(
          await code({
            document_url: pdf,
            customer: { id: seed.customer.id, reference_customer_id: "c-someone-else" },
          }),
        ).toBe("buyer_identity_conflict");
        expect(await code({ document_url: pdf, certificate_request_id: "certreq_nope" })).toBe(
          "certificate_request_not_found",
        );
        expect(await code({ document_url: pdf, customer: { id: "cust_nope" } })).toBe("customer_not_found");
      });

      it("create_buyer and link_buyer manage master buyers through the certificates service", async () => {
        const created = ok(await write("create_buyer", { legal_name: "Beta Supply Co" }));
        expect(created).toMatchObject({
          object: "tax.buyer",
          id: expect.stringMatching(/^buyer_/),
          legal_name: "Beta Supply Co",
          customer: null,
          deleted_at: null,
        });
        const linked = ok(
          await write("link_buyer", { buyer_id: created.id, customer: { reference_customer_id: "c-acme" } }),
        );
        expect(linked).toMatchObject({
          id: created.id,
          customer: { id: seed.customer.id, reference_customer_id: "c-acme" },
        });
        const premapped = ok(
          await write("create_buyer", { legal_name: "Gamma", customer: { reference_customer_id: "c-not-yet" } }),
        );
        expect(premapped.customer).toMatchObject({ id: null, reference_customer_id: "c-not-yet" });
        // A request for the newly linked buyer shows the customer it now belongs to.
        const request = (await admin("/certificate-requests", { buyer_id: created.id, jurisdictions: ["WA"] })).body;
        expect(ok(await call("get_certificate_request", { request_id: request.id }))).toMatchObject({
          linked_buyer: { id: created.id, legal_name: "Beta Supply Co" },
        });
      });

      it("cancel_certificate_request cancels as DELETE /tax/certificate-requests/{id} does, and again answers the same", async () => {
        const request = (await admin("/certificate-requests", { buyer_id: seed.buyer.id, jurisdictions: ["TX"] })).body;
        const canceled = ok(await write("cancel_certificate_request", { request_id: request.id }));
        expect(canceled).toMatchObject({ id: request.id, status: "canceled" });
        expect((await rest(`/tax/certificate-requests/${request.id}`)).body).toEqual(canceled);
        expect(ok(await write("cancel_certificate_request", { request_id: request.id }))).toEqual(canceled);
        expect(toolError(await write("cancel_certificate_request", { request_id: "certreq_nobody" })).error_code).toBe(
          "certificate_request_not_found",
        );
      });

      it("buyer errors: buyer_identity_conflict, buyer_not_found, customer_not_found, nothing to link", async () => {
        const conflict = { id: seed.customer.id, reference_customer_id: "c-other" };
        expect(toolError(await write("create_buyer", { legal_name: "X", customer: conflict })).error_code).toBe(
          "buyer_identity_conflict",
        );
        expect(toolError(await write("link_buyer", { buyer_id: seed.buyer.id, customer: conflict })).error_code).toBe(
          "buyer_identity_conflict",
        );
        expect(
          toolError(await write("link_buyer", { buyer_id: "buyer_nope", customer: { id: seed.customer.id } }))
            .error_code,
        ).toBe("buyer_not_found");
        expect(
          toolError(await write("link_buyer", { buyer_id: seed.buyer.id, customer: { id: "cust_nope" } })).error_code,
        ).toBe("customer_not_found");
        expect(toolError(await write("link_buyer", { buyer_id: seed.buyer.id, customer: {} })).error_code).toBe(
          "invalid_arguments",
        );
        // Another account's buyer is not found either.
        expect(
          toolError(
            await write(
              "link_buyer",
              { buyer_id: seed.buyer.id, customer: { reference_customer_id: "x" } },
              ctx.other.liveSecret,
            ),
          ).error_code,
        ).toBe("buyer_not_found");
      });
    });
  });
}
