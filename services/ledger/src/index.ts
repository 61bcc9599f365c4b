export { startLedger, type StartLedgerOptions } from "./app.js";
export { ledgerSettings } from "./config.js";
