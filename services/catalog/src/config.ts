import { hostingSettings, infrastructureSettings, upstreamUrlSetting } from "@levy/kit";

export const catalogSettings = {
  ...hostingSettings("catalog"),
  ...infrastructureSettings,
  geoResolverUrl: upstreamUrlSetting("geo-resolver"),
};
