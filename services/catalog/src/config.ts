import { hostingSettings, infrastructureSettings } from "@levy/kit";

export const catalogSettings = {
  ...hostingSettings("catalog"),
  ...infrastructureSettings,
};
