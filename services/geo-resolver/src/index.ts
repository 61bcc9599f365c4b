export { startGeoResolver, type StartGeoResolverOptions } from "./app.js";
export { geoResolverSettings } from "./config.js";
export { jurisdictionSlug } from "./domain/jurisdiction-slug.js";
export { loadGeoData, type GeoData, type GeoDataSources } from "./loading/load-geo-data.js";
