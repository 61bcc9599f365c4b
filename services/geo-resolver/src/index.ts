export { startGeoResolver, type StartGeoResolverOptions } from "./app.js";
export { geoResolverSettings } from "./config.js";
