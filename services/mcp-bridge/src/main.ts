// Runs the mcp-bridge service as its own process (distributed mode).
import { exitOnStartupError, stopOnSignals } from "@levy/kit";
import { startMcpBridge } from "./app.js";

try {
  const service = await startMcpBridge();
  stopOnSignals(() => service.stop(), service.logger);
} catch (error) {
  exitOnStartupError(error, "mcp-bridge");
}
