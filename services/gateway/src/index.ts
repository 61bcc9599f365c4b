export { startGateway, type RunningGateway, type StartGatewayOptions } from "./app.js";
export { gatewaySettings } from "./config.js";
export type { KeyStore, Account, IssuedKey, VerifiedKey } from "./adapters/key-store.js";
export { presentAccount, presentIssuedKey } from "@levy/presenters";
