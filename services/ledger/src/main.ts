// Runs the ledger service as its own process (distributed mode).
import { exitOnStartupError, stopOnSignals } from "@levy/kit";
import { startLedger } from "./app.js";

try {
  const service = await startLedger();
  stopOnSignals(() => service.stop(), service.logger);
} catch (error) {
  exitOnStartupError(error, "ledger");
}
