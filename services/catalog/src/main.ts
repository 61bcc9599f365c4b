// Runs the catalog service as its own process (distributed mode).
import { exitOnStartupError, stopOnSignals } from "@levy/kit";
import { startCatalog } from "./app.js";

try {
  const catalog = await startCatalog();
  stopOnSignals(() => catalog.stop(), catalog.logger);
} catch (error) {
  exitOnStartupError(error, "catalog");
}
