import { identifierText } from "@levy/kit";
import { z } from "zod";
import { certificateRequestSchema, presentCertificateRequest } from "@levy/presenters";
import { defineTool } from "../registry.js";
import { scopeOf } from "../scope.js";

export const getCertificateRequest = defineTool({
  name: "get_certificate_request",
  description:
    "One certificate request (live mode only): its status, customer, buyer, states and the certificate that fulfilled it.",
  input: z.strictObject({ request_id: identifierText().describe("certificate request ID (certreq_...)") }),
  output: certificateRequestSchema,
  write: false,
  liveOnly: true,
  async run(args, context) {
    const { request } = await context.upstream.certificates.getRequest({
      scope: scopeOf(context),
      requestId: args.request_id,
    });
    if (!request) throw new Error("certificates answered GetRequest without a request");
    return presentCertificateRequest(request);
  },
  summarize: (result) => `Certificate request ${result.id}: ${result.status}`,
});
