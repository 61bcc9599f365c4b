// Runs the geo-resolver service as its own process (distributed mode).
import { exitOnStartupError, stopOnSignals } from "@levy/kit";
import { startGeoResolver } from "./app.js";

try {
  const service = await startGeoResolver();
  stopOnSignals(() => service.stop(), service.logger);
} catch (error) {
  exitOnStartupError(error, "geo-resolver");
}
