// As POST /tax/certificates: the certificates service fetches the document (https, public
// hosts only, PDF/PNG/JPEG up to 10 MB), stores it and starts processing; the answer is the
// upload, `processing` until the certificates are read (poll get_certificate_upload).
import { z } from "zod";
import { presentUpload, submitCertificateBody, uploadSchema } from "@levy/presenters";
import { customerSelectorInput, documentLink, selectorOf } from "../certificate-scope.js";
import { defineTool } from "../registry.js";
import { scopeOf } from "../scope.js";

// The fields of POST /tax/certificates, described for agents.
const body = submitCertificateBody.shape;

export const uploadCertificate = defineTool({
  name: "upload_certificate",
  description:
    "Submits an exemption certificate document by URL (live mode only): an https URL on a public host, PDF, PNG or JPEG, at most 10 MB. Type and states are read from the document. Returns the upload (status processing); poll get_certificate_upload for the certificates.",
  input: z.strictObject({
    document_url: body.document_url.describe("https URL of the document (e.g. a pre-signed link)"),
    filename: body.filename.describe("default: the URL's last path segment"),
    customer: customerSelectorInput.optional(),
    certificate_request_id: body.certificate_request_id.describe(
      "the certificate request this document answers (certreq_...)",
    ),
    buyer_id: body.buyer_id.describe("master buyer (buyer_...)"),
  }),
  output: uploadSchema,
  write: true,
  effect: { destructive: false, idempotent: false }, // a new upload each call
  openWorld: true, // downloads the document from the caller's URL
  liveOnly: true,
  async run(args, context) {
    const { upload } = await context.upstream.certificateIntake.submitUpload({
      scope: scopeOf(context),
      documentUrl: args.document_url,
      filename: args.filename ?? "",
      customer: selectorOf(args.customer),
      certificateRequestId: args.certificate_request_id ?? "",
      buyerId: args.buyer_id ?? "",
    });
    if (!upload) throw new Error("certificates answered SubmitUpload without an upload");
    const url = await documentLink(context, upload.id);
    return { ...presentUpload(upload, url), document_url: url };
  },
  summarize: (result) => `Upload ${result.id} (${result.filename}, ${result.document_type}): ${result.status}`,
});
