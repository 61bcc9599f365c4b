// levy.calc_engine.v1.CalcEngineService.
import type { ConnectRouter } from "@connectrpc/connect";
import { CalcEngineService } from "@levy/proto/levy/calc_engine/v1/calc_engine_pb.js";
import { taxCategories } from "../domain/tax-categories.js";

export function registerCalcEngineService(router: ConnectRouter): void {
  router.service(CalcEngineService, {
    listTaxCategories: async () => ({ categories: taxCategories.map((category) => ({ ...category })) }),
  });
}
