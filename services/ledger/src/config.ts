import { configSchemas, hostingSettings, infrastructureSettings, setting, upstreamUrlSetting } from "@levy/kit";

export const ledgerSettings = {
  ...hostingSettings("ledger"),
  ...infrastructureSettings,
  calcEngineUrl: upstreamUrlSetting("calc-engine"),
  outboxIntervalMs: setting(
    "LEDGER_OUTBOX_INTERVAL_MS",
    "how often the outbox relay looks for unpublished events",
    configSchemas.positiveInt(1000),
  ),
};
