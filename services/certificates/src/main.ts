// Runs the certificates service as its own process (distributed mode).
import { exitOnStartupError, stopOnSignals } from "@levy/kit";
import { startCertificates } from "./app.js";

try {
  const service = await startCertificates();
  stopOnSignals(() => service.stop(), service.logger);
} catch (error) {
  exitOnStartupError(error, "certificates");
}
