import { hostingSettings, infrastructureSettings, upstreamUrlSetting } from "@levy/kit";

export const catalogSettings = {
  ...hostingSettings("catalog"),
  ...infrastructureSettings,
  calcEngineUrl: upstreamUrlSetting("calc-engine"),
  certificatesUrl: upstreamUrlSetting("certificates"),
  geoResolverUrl: upstreamUrlSetting("geo-resolver"),
};
