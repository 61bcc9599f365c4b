// Runs the calc-engine service as its own process (distributed mode).
import { exitOnStartupError, stopOnSignals } from "@levy/kit";
import { startCalcEngine } from "./app.js";

try {
  const service = await startCalcEngine();
  stopOnSignals(() => service.stop(), service.logger);
} catch (error) {
  exitOnStartupError(error, "calc-engine");
}
