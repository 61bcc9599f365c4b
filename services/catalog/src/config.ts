import { hostingSettings, infrastructureSettings, upstreamUrlSetting } from "@levy/kit";

export const catalogSettings = {
  ...hostingSettings("catalog"),
  ...infrastructureSettings,
  certificatesUrl: upstreamUrlSetting("certificates"),
  geoResolverUrl: upstreamUrlSetting("geo-resolver"),
};
