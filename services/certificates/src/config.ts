import { hostingSettings, infrastructureSettings } from "@levy/kit";

export const certificatesSettings = {
  ...hostingSettings("certificates"),
  ...infrastructureSettings,
};
