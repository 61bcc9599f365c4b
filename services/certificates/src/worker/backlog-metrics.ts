// The processing backlog, computed on scrape from the processing notes (one per upload
// submitted and not yet settled, in both modes): a count and one list(limit 1) plus one
// get, however long the backlog.
//   levy_certificate_uploads_processing                    uploads waiting or being read
//   levy_certificate_oldest_processing_upload_age_seconds  age of the oldest (0 when none)
import { Gauge, type Registry } from "prom-client";
import type { Collections } from "../adapters/collections.js";
import type { ProcessingNotes } from "./processing-sweep.js";

export function registerBacklogMetrics(
  registry: Registry,
  notes: ProcessingNotes,
  uploads: Collections["uploads"],
): void {
  type Figures = { count: number; ageSeconds: number } | null;
  // One reading of the store per scrape: the first gauge (collected first, in registration
  // order) starts it and the second reuses it. A database that does not answer keeps the
  // last figures rather than failing the scrape.
  let reading: Promise<Figures> | null = null;
  const fresh = (): Promise<Figures> =>
    (reading = (async () => {
      const backlog = await notes.backlog();
      const oldest = backlog.oldest ? await uploads.get(backlog.oldest.scope, backlog.oldest.uploadId) : null;
      const ageSeconds =
        oldest && oldest.status === "processing" ? Math.max(0, Date.now() / 1000 - oldest.created_at) : 0;
      return { count: backlog.count, ageSeconds };
    })().catch(() => null));
  new Gauge({
    name: "levy_certificate_uploads_processing",
    help: "Certificate uploads submitted and not yet processed (waiting or being read)",
    registers: [registry],
    async collect() {
      const figures = await fresh();
      if (figures) this.set(figures.count);
    },
  });
  new Gauge({
    name: "levy_certificate_oldest_processing_upload_age_seconds",
    help: "Age of the oldest certificate upload still processing; 0 when none is",
    registers: [registry],
    async collect() {
      const figures = await (reading ?? fresh());
      if (figures) this.set(figures.ageSeconds);
    },
  });
}
