import { hostingSettings, infrastructureSettings } from "@levy/kit";

export const calcEngineSettings = {
  ...hostingSettings("calc-engine"),
  ...infrastructureSettings,
};
