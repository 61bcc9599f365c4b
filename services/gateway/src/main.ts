// Runs the gateway as its own process (distributed mode).
import { exitOnStartupError, stopOnSignals } from "@levy/kit";
import { startGateway } from "./app.js";

try {
  const gateway = await startGateway();
  if (gateway.adminTokenGenerated)
    gateway.logger.warn("ADMIN_TOKEN was not set; a token was generated for this run only");
  stopOnSignals(() => gateway.stop(), gateway.logger);
} catch (error) {
  exitOnStartupError(error, "gateway");
}
