// levy.calc_engine.v1.CalcEngineService.
import type { ConnectRouter } from "@connectrpc/connect";
import { LevyError, scopeFrom, taxCategories } from "@levy/kit";
import { CalcEngineService } from "@levy/proto/levy/calc_engine/v1/calc_engine_pb.js";
import { type CalculationDeps, calculate, calculatePlatform } from "../calculations/calculate.js";
import type { CalculationMetrics } from "../calculations/calculation-metrics.js";
import { lookupRates } from "../calculations/lookup-rates.js";

const unobserved: CalculationMetrics = { observe: (run) => run() };

export function registerCalcEngineService(
  router: ConnectRouter,
  deps: CalculationDeps,
  metrics: CalculationMetrics = unobserved,
): void {
  router.service(CalcEngineService, {
    listTaxCategories: async () => ({
      categories: taxCategories.map(({ code, name, description }) => ({ code, name, description })),
    }),
    calculate: async (request) => ({
      calculation: await metrics.observe(() => calculate(deps, scopeFrom(request.scope), request)),
    }),
    calculatePlatform: async (request) => ({
      calculation: await metrics.observe(() => calculatePlatform(deps, scopeFrom(request.scope), request)),
    }),
    lookupRates: (request) => lookupRates(deps, request),
    getCalculation: async (request) => {
      const calculation = await deps.store.get(scopeFrom(request.scope), request.calculationId);
      if (!calculation)
        throw new LevyError("calculation_not_found", `no calculation ${request.calculationId.slice(0, 60)}`);
      return { calculation };
    },
  });
}
