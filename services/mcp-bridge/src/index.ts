export { startMcpBridge, type StartMcpBridgeOptions, type RunningMcpBridge } from "./app.js";
export { mcpBridgeSettings } from "./config.js";
