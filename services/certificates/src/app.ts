// Wires the certificates service.
import { startService, type RunningService } from "@levy/kit";
import type { EventBus } from "@levy/events";
import { certificatesSettings } from "./config.js";
import { certificateCollection, type CertificateRecord } from "./domain/certificate.js";
import { registerCertificatesService } from "./rpc/certificates-service.js";

export interface StartCertificatesOptions {
  readonly env?: Readonly<Record<string, string | undefined>>;
  readonly sharedBus?: EventBus;
}

export function startCertificates(options: StartCertificatesOptions = {}): Promise<RunningService> {
  return startService({
    service: "certificates",
    settings: certificatesSettings,
    env: options.env,
    sharedBus: options.sharedBus,
    build: async ({ store }) => {
      const certificates = await store.collection<CertificateRecord>(certificateCollection);
      return {
        serviceNames: ["levy.certificates.v1.CertificatesService"],
        registerRoutes: (router) => registerCertificatesService(router, certificates),
      };
    },
  });
}
