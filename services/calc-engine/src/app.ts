// Wires the calc-engine: rate data (validated at start-up), an optional imported US ZIP
// rate table, stored calculations, and clients of geo-resolver and catalog.
import { createRpcClient, createRpcTransport, startService, type RunningService } from "@levy/kit";
import type { EventBus } from "@levy/events";
import { CatalogService } from "@levy/proto/levy/catalog/v1/catalog_pb.js";
import { CertificatesService } from "@levy/proto/levy/certificates/v1/certificates_pb.js";
import { newId } from "@levy/kit";
import { createCertificateExemptions } from "./exemptions/certificate-exemptions.js";
import { GeoResolverService } from "@levy/proto/levy/geo_resolver/v1/geo_resolver_pb.js";
import { createCalculationStore } from "./calculations/calculation-store.js";
import { startCalculationPurge } from "./calculations/calculation-purge.js";
import { calcEngineSettings } from "./config.js";
import { loadRateDataDir } from "./rates/load-rate-data.js";
import { RateBook } from "./rates/rate-book.js";
import { loadZipRateLookup } from "./rates/zip-rate-lookup.js";
import { registerCalcEngineService } from "./rpc/calc-engine-service.js";
import { createCalculationMetrics } from "./calculations/calculation-metrics.js";

export interface StartCalcEngineOptions {
  readonly env?: Readonly<Record<string, string | undefined>>;
  readonly sharedBus?: EventBus;
}

export function startCalcEngine(options: StartCalcEngineOptions = {}): Promise<RunningService> {
  return startService({
    service: "calc-engine",
    settings: calcEngineSettings,
    env: options.env,
    sharedBus: options.sharedBus,
    build: async ({ store, bus, config, metrics, logger }) => {
      const book = new RateBook(loadRateDataDir(config.rateDataDir));
      const zipRates = config.usZipRatesPath
        ? await loadZipRateLookup(
            config.usZipRatesPath,
            { horizonDays: config.usZipRatesHorizonDays, reloadMs: config.usZipRatesReloadMs },
            logger,
          )
        : undefined;
      logger.info({ jurisdictions: book.size, zipRates: zipRates !== undefined }, "rate data loaded");
      const transport = (baseUrl: string) => createRpcTransport({ baseUrl, interceptors: [metrics.clientInterceptor] });
      const exemptions = createCertificateExemptions(
        createRpcClient(CertificatesService, transport(config.certificatesUrl)),
        { ttlMs: config.exemptionCacheMs },
      );
      // Every instance keeps its own cache, so every instance needs every event: one group each.
      const following = await exemptions.follow(bus, newId("calc-engine-exemptions"));
      const calculations = await createCalculationStore(store);
      const purge = startCalculationPurge({
        store: calculations,
        logger,
        intervalMs: config.calculationPurgeIntervalMs,
        retainAfterExpirySeconds: config.calculationRetentionDays * 24 * 3600,
      });
      const deps = {
        exemptions,
        book,
        zipRates: zipRates?.lookup,
        geo: createRpcClient(GeoResolverService, transport(config.geoResolverUrl)),
        catalog: createRpcClient(CatalogService, transport(config.catalogUrl)),
        store: calculations,
        now: () => Math.floor(Date.now() / 1000),
        expirySeconds: config.calculationTtlDays * 24 * 3600,
      };
      const calculationMetrics = createCalculationMetrics(metrics.registry);
      return {
        serviceNames: ["levy.calc_engine.v1.CalcEngineService"],
        registerRoutes: (router) => registerCalcEngineService(router, deps, calculationMetrics),
        ...(zipRates
          ? { readinessWarnings: { us_zip_rates: () => zipRates.staleWarnings(new Date().toISOString().slice(0, 10)) } }
          : {}),
        close: async () => {
          zipRates?.close();
          await purge.stop();
          await following.close();
        },
      };
    },
  });
}
