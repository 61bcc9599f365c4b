// levy.certificates.v1.CertificatesService. Certificates exist only in live mode.
import type { ConnectRouter } from "@connectrpc/connect";
import { LevyError, scopeFrom } from "@levy/kit";
import { CertificatesService } from "@levy/proto/levy/certificates/v1/certificates_pb.js";
import type { Collection } from "@levy/storage";
import type { CertificateRecord } from "../domain/certificate.js";

export function registerCertificatesService(router: ConnectRouter, certificates: Collection<CertificateRecord>): void {
  router.service(CertificatesService, {
    getCertificate: async (request) => {
      const scope = scopeFrom(request.scope);
      if (!scope.livemode) throw new LevyError("TESTMODE_NOT_SUPPORTED", "certificate operations need a live key");
      const record = await certificates.get(scope, request.certificateId);
      if (!record) throw new LevyError("CERTIFICATE_NOT_FOUND", `no certificate ${request.certificateId}`);
      return {
        certificate: { id: record.id, status: record.status, customerId: record.customer_id ?? "", createdAt: BigInt(record.created_at) },
      };
    },
  });
}
