// Wires the calc-engine service.
import { startService, type RunningService } from "@levy/kit";
import type { EventBus } from "@levy/events";
import { calcEngineSettings } from "./config.js";
import { registerCalcEngineService } from "./rpc/calc-engine-service.js";

export interface StartCalcEngineOptions {
  readonly env?: Readonly<Record<string, string | undefined>>;
  readonly sharedBus?: EventBus;
}

export function startCalcEngine(options: StartCalcEngineOptions = {}): Promise<RunningService> {
  return startService({
    service: "calc-engine",
    settings: calcEngineSettings,
    env: options.env,
    sharedBus: options.sharedBus,
    build: async () => ({
      serviceNames: ["levy.calc_engine.v1.CalcEngineService"],
      registerRoutes: registerCalcEngineService,
    }),
  });
}
