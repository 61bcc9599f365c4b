// Wires the certificates service: its collections, the document blob store (disk in
// embedded mode, GridFS with MongoDB), the outbox relay for `upload submitted`, the
// processing worker, and the RPC surface.
import path from "node:path";
import {
  createOutbox,
  createRpcClient,
  createRpcTransport,
  outboxIndexCollection,
  startService,
  type OutboxIndexRecord,
  type RunningService,
} from "@levy/kit";
import type { EventBus } from "@levy/events";
import { CatalogService } from "@levy/proto/levy/catalog/v1/catalog_pb.js";
import type { Collection } from "@levy/storage";
import { openCollections } from "./adapters/collections.js";
import { createCustomerDirectory } from "./adapters/customer-directory.js";
import { createDocumentFetcher } from "./adapters/document-fetcher.js";
import { loadDocumentReader } from "./adapters/document-reader-factory.js";
import type { BlobStore } from "./blobs/blob-store.js";
import { createDiskBlobStore } from "./blobs/disk-blob-store.js";
import { createGridFsBlobStore } from "./blobs/gridfs-blob-store.js";
import { certificatesSettings, testHooksOf } from "./config.js";
import { processorGroup, uploadSource, uploadTopic } from "./events/upload-events.js";
import { certificateSource, certificateTopic } from "./events/certificate-events.js";
import { createCertificateWriter } from "./adapters/certificate-writer.js";
import { createSubmitUpload } from "./intake/submit-upload.js";
import type { DocumentReader } from "./processing/document-reader.js";
import { registerCertificatesService } from "./rpc/certificates-service.js";
import { createUploadWorker } from "./worker/upload-worker.js";
import { createProcessingNotes, processingNoteCollection, type ProcessingNote } from "./worker/processing-sweep.js";
import { registerBacklogMetrics } from "./worker/backlog-metrics.js";

export interface StartCertificatesOptions {
  readonly env?: Readonly<Record<string, string | undefined>>;
  readonly sharedBus?: EventBus;
  /** Replaces the document reader (tests); default: the test-only setting, else the real one. */
  readonly documentReader?: () => Promise<DocumentReader>;
}

export function startCertificates(options: StartCertificatesOptions = {}): Promise<RunningService> {
  return startService({
    service: "certificates",
    settings: certificatesSettings,
    env: options.env,
    sharedBus: options.sharedBus,
    build: async ({ store, bus, config, logger, metrics }) => {
      const hooks = testHooksOf(config);
      const catalog = createRpcClient(
        CatalogService,
        createRpcTransport({ baseUrl: config.catalogUrl, interceptors: [metrics.clientInterceptor] }),
      );
      const directory = createCustomerDirectory(catalog);
      const collections = await openCollections(store);
      const blobs: BlobStore =
        config.storage === "mongo"
          ? await createGridFsBlobStore({
              uri: config.mongodbUri ?? "",
              dbName: `${config.mongodbDbPrefix}_certificates`,
            })
          : await createDiskBlobStore(path.resolve(config.dataDir, "certificates", "blobs"));
      const outbox = createOutbox({
        owner: "certificates",
        bus,
        logger,
        registry: metrics.registry,
        index: await store.collection<OutboxIndexRecord>(outboxIndexCollection),
        sources: {
          [uploadSource]: { collection: collections.uploads as unknown as Collection<never>, topic: uploadTopic },
          [certificateSource]: {
            collection: collections.certificates as unknown as Collection<never>,
            topic: certificateTopic,
          },
        },
      });
      const writeCertificate = createCertificateWriter(collections, outbox);
      const notes = createProcessingNotes(await store.collection<ProcessingNote>(processingNoteCollection));
      registerBacklogMetrics(metrics.registry, notes, collections.uploads);
      let reader: Promise<DocumentReader> | null = null;
      const worker = createUploadWorker({
        collections,
        blobs,
        logger,
        notes,
        writeCertificate,
        outbox,
        reader: () => (reader ??= (options.documentReader ?? (() => loadDocumentReader(hooks.documentReader)))()),
      });
      const subscription = await bus.subscribe({
        topic: uploadTopic,
        group: processorGroup,
        handler: worker,
        maxAttempts: 10,
      });
      void outbox.start(config.outboxIntervalMs);
      // Kafka keeps unprocessed events across restarts; the in-process bus does not. Not
      // awaited: its publish resolves only once the worker processed the uploads.
      if (config.events === "in-process") {
        void notes.sweep(bus).then(
          (resumed) => resumed > 0 && logger.info({ uploads: resumed }, "resumed processing of certificate uploads"),
          (error: unknown) =>
            logger.warn({ err: error }, "resuming certificate uploads stopped; the next start resumes the rest"),
        );
      }
      const submit = createSubmitUpload({
        collections,
        blobs,
        outbox,
        directory,
        notes,
        fetchDocument: createDocumentFetcher({
          timeoutMs: config.fetchTimeoutMs,
          maxRedirects: config.maxRedirects,
          hooks,
        }),
      });
      return {
        serviceNames: ["levy.certificates.v1.CertificatesService"],
        registerRoutes: (router) =>
          registerCertificatesService(router, {
            collections,
            directory,
            blobs,
            submit,
            writeCertificate,
            buyers: collections.buyers,
            expiringDays: config.expiringDays,
          }),
        readinessChecks: { blobs: () => blobs.ping() },
        close: async () => {
          await outbox.stop();
          await subscription.close();
          await blobs.close();
          // The reader's OCR worker thread would keep the process alive.
          const opened = await reader?.catch(() => null);
          await (opened as { close?: () => Promise<void> } | null | undefined)?.close?.();
        },
      };
    },
  });
}
