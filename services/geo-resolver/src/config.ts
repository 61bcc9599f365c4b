import { hostingSettings, infrastructureSettings } from "@levy/kit";

export const geoResolverSettings = {
  ...hostingSettings("geo-resolver"),
  ...infrastructureSettings,
};
