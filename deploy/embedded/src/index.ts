export { startEmbeddedLevy, type EmbeddedLevy, type EmbeddedOptions } from "./embedded.js";
export { ensureDemoAccount, type DemoAccount } from "./demo-account.js";
