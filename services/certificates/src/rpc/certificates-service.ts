// levy.certificates.v1.CertificatesService: requests and buyers, certificates, uploads.
import type { ConnectRouter } from "@connectrpc/connect";
import { CertificatesService } from "@levy/proto/levy/certificates/v1/certificates_pb.js";
import { certificateHandlers } from "./certificate-handlers.js";
import { linkBuyerHandler } from "./link-buyer.js";
import { requestHandlers } from "./request-handlers.js";
import { uploadHandlers, type UploadHandlerDeps } from "./upload-handlers.js";

export function registerCertificatesService(router: ConnectRouter, deps: UploadHandlerDeps): void {
  router.service(CertificatesService, {
    ...requestHandlers(deps),
    ...linkBuyerHandler(deps),
    ...certificateHandlers(deps),
    ...uploadHandlers(deps),
  });
}
