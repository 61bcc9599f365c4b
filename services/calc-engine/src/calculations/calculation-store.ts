// Stored calculations, scoped to account and mode, kept until they expire so that the
// ledger can record a transaction from one. The calculation is stored as its protobuf
// JSON form: one document, written once. The ones stored here lately are also kept in
// memory (recent-calculations.ts), so recording one usually reads no document.
import { type JsonValue, fromJson, toJson } from "@bufbuild/protobuf";
import type { Scope, Store } from "@levy/storage";
import { type Calculation, CalculationSchema } from "@levy/proto/levy/calc_engine/v1/calc_engine_pb.js";
import { createRecentCalculations, type RecentCalculationsOptions } from "./recent-calculations.js";

interface CalculationRecord {
  id: string;
  created_at: number;
  expires_at: number;
  calculation: JsonValue;
}

export interface CalculationStore {
  save(scope: Scope, calculation: Calculation): Promise<void>;
  get(scope: Scope, id: string): Promise<Calculation | null>;
  /** Deletes, in every account, the calculations that expired before `before` (epoch seconds). */
  purgeExpired(before: number): Promise<number>;
}

/** Ten minutes of a busy checkout's calculations; about 40 MB at most. */
const recentByDefault: RecentCalculationsOptions = { capacity: 10_000, maxAgeMs: 10 * 60_000 };

const keyOf = (scope: Scope, id: string) => `${scope.accountId}|${scope.livemode ? "live" : "test"}|${id}`;

export async function createCalculationStore(
  store: Store,
  recentOptions: RecentCalculationsOptions = recentByDefault,
): Promise<CalculationStore> {
  const recent = createRecentCalculations(recentOptions);
  const collection = await store.collection<CalculationRecord>({
    name: "calculations",
    indexes: [{ name: "expires_at", fields: ["expires_at"] }],
    // Many requests store a calculation at once: one server command for those in step.
    groupInserts: true,
  });
  return {
    async save(scope, calculation) {
      await collection.insert(scope, {
        id: calculation.id,
        created_at: Number(calculation.createdAt),
        expires_at: Number(calculation.expiresAt),
        calculation: toJson(CalculationSchema, calculation),
      });
      recent.remember(keyOf(scope, calculation.id), calculation);
    },
    async get(scope, id) {
      const kept = recent.recall(keyOf(scope, id));
      if (kept) return kept;
      const record = await collection.get(scope, id);
      return record ? fromJson(CalculationSchema, record.calculation) : null;
    },
    async purgeExpired(before) {
      recent.dropExpiredBefore(before);
      return collection.purgeExpired("expires_at", before);
    },
  };
}
