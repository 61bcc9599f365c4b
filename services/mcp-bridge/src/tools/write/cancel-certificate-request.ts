import { identifierText } from "@levy/kit";
import { z } from "zod";
import { certificateRequestSchema, presentCertificateRequest } from "@levy/presenters";
import { defineTool } from "../registry.js";
import { scopeOf } from "../scope.js";

export const cancelCertificateRequest = defineTool({
  name: "cancel_certificate_request",
  description:
    "Cancels a pending certificate request (live mode only); the buyer can no longer fulfil it. Cannot be undone.",
  input: z.strictObject({ request_id: identifierText().describe("certificate request ID (certreq_...)") }),
  output: certificateRequestSchema,
  write: true,
  effect: { destructive: true, idempotent: true }, // decides for good; cancelling again answers the same request
  liveOnly: true,
  async run(args, context) {
    const { request } = await context.upstream.certificates.cancelRequest({
      scope: scopeOf(context),
      requestId: args.request_id,
    });
    if (!request) throw new Error("certificates answered CancelRequest without a request");
    return presentCertificateRequest(request);
  },
  summarize: (result) => `Certificate request ${result.id}: ${result.status}`,
});
