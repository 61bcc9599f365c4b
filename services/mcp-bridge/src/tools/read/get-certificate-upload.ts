import { z } from "zod";
import { presentUpload, uploadSchema } from "@levy/presenters";
import { checkUploadId, documentLink, uploadIdInput } from "../certificate-scope.js";
import { defineTool } from "../registry.js";
import { scopeOf } from "../scope.js";

export const getCertificateUpload = defineTool({
  name: "get_certificate_upload",
  description:
    "One certificate upload (live mode only): its processing status, the certificates it yielded, and document_url, a signed link to the document valid for about an hour.",
  input: z.strictObject({ upload_id: uploadIdInput }),
  output: uploadSchema,
  write: false,
  liveOnly: true,
  async run(args, context) {
    const { upload } = await context.upstream.certificates.getUpload({
      scope: scopeOf(context),
      uploadId: checkUploadId(args.upload_id),
    });
    if (!upload) throw new Error("certificates answered GetUpload without an upload");
    const url = await documentLink(context, upload.id);
    return { ...presentUpload(upload, url), document_url: url };
  },
  summarize: (result) =>
    `Upload ${result.id} (${result.filename}): ${result.status}, ${result.certificate_ids.length} certificate(s)`,
});
