import { hostingSettings, infrastructureSettings } from "@levy/kit";

export const ledgerSettings = {
  ...hostingSettings("ledger"),
  ...infrastructureSettings,
};
