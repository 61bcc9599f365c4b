export { startCalcEngine, type StartCalcEngineOptions } from "./app.js";
export { calcEngineSettings } from "./config.js";
