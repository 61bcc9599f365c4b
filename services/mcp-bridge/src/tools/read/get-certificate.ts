import { identifierText } from "@levy/kit";
import { z } from "zod";
import { certificateSchema, presentCertificate } from "@levy/presenters";
import { documentLink } from "../certificate-scope.js";
import { defineTool } from "../registry.js";
import { scopeOf } from "../scope.js";

export const getCertificate = defineTool({
  name: "get_certificate",
  description:
    "One exemption certificate (live mode only) with its per-state validity and download_url, a signed link to its document valid for about an hour (null when entered by hand).",
  input: z.strictObject({ certificate_id: identifierText().describe("certificate ID (cert_...)") }),
  output: certificateSchema,
  write: false,
  liveOnly: true,
  async run(args, context) {
    const { certificate } = await context.upstream.certificates.getCertificate({
      scope: scopeOf(context),
      certificateId: args.certificate_id,
    });
    if (!certificate) throw new Error("certificates answered GetCertificate without a certificate");
    const url = certificate.documentUploadId ? await documentLink(context, certificate.documentUploadId) : null;
    return { ...presentCertificate(certificate, url), download_url: url };
  },
  summarize: (result) =>
    `Certificate ${result.id} (${result.certificate_type}): ${result.status} in ${result.jurisdictions.map((item) => item.jurisdiction).join(", ") || "no state"}`,
});
