export { startCatalog, type StartCatalogOptions } from "./app.js";
export { catalogSettings } from "./config.js";
