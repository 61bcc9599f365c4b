// Reading filings and summaries, and the client's approve/reject decisions.
import { LevyError, epochSeconds } from "@levy/kit";
import { StorageError, type Collection, type Range, type Scope, type Stored, type Where } from "@levy/storage";
import { errors } from "../domain/errors.js";
import { eventTypes, ledgerEvent } from "../events/ledger-events.js";
import type { Outbox } from "@levy/kit";
import {
  effectiveStatus,
  filingStatuses,
  isFilingStatus,
  dayOf,
  monthOf,
  summaryPeriodOf,
  type FilingRecord,
  type FilingStatus,
  type StoredFilingStatus,
  type SummaryRecord,
} from "./filing.js";

export const filingSource = "filings";

export interface FilingListOptions {
  readonly limit: number;
  readonly cursor?: string | undefined;
  readonly status?: string | undefined;
  readonly from?: number | undefined;
  readonly to?: number | undefined;
}

export interface CurrencyTotals {
  currency_code: string;
  gross_sales: number;
  tax_collected: number;
  refunds: number;
  refunded_tax: number;
  transaction_count: number;
  refund_count: number;
}

export interface FilingStore {
  get(scope: Scope, id: string): Promise<Stored<FilingRecord>>;
  list(scope: Scope, options: FilingListOptions): Promise<{ items: Stored<FilingRecord>[]; nextCursor: string | null }>;
  approve(scope: Scope, id: string): Promise<Stored<FilingRecord>>;
  reject(scope: Scope, id: string, reason: string): Promise<Stored<FilingRecord>>;
  summary(
    scope: Scope,
    options: { from?: number | undefined; to?: number | undefined; merchantId?: string | undefined },
  ): Promise<{
    currencies: CurrencyTotals[];
    /** First and last UTC day summed (YYYY-MM-DD), empty when nothing bounds the sum. */
    periodFrom: string;
    periodTo: string;
    /** The seconds summed, both inclusive; null when nothing bounds the sum. */
    summedFrom: number | null;
    summedTo: number | null;
  }>;
}

function checkRange(from: number | undefined, to: number | undefined): void {
  if (from !== undefined && to !== undefined && from > to)
    throw new LevyError("invalid_range", "from is after to", { field: "from" });
}

/**
 * The stored query for a status and a period-start range, so every page is full: open
 * and pending_client_approval are one stored status ("open"), told apart by whether the
 * month has ended, i.e. whether period_start is before the current month's start.
 */
function filingSelection(
  status: FilingStatus | undefined,
  bounds: { from?: number | undefined; to?: number | undefined },
  currentMonthStart: number,
): { where?: Where<FilingRecord>; range?: Range } {
  let gte = bounds.from;
  let lt = bounds.to === undefined ? undefined : bounds.to + 1;
  if (status === "open") gte = Math.max(gte ?? currentMonthStart, currentMonthStart);
  if (status === "pending_client_approval") lt = Math.min(lt ?? currentMonthStart, currentMonthStart);
  const stored: StoredFilingStatus | undefined = status === "pending_client_approval" ? "open" : status;
  const range =
    gte !== undefined || lt !== undefined
      ? { field: "period_start", ...(gte !== undefined ? { gte } : {}), ...(lt !== undefined ? { lt } : {}) }
      : undefined;
  return { ...(stored ? { where: { status: stored } } : {}), ...(range ? { range } : {}) };
}

export function createFilingStore(
  filings: Collection<FilingRecord>,
  summaries: Collection<SummaryRecord>,
  outbox: Outbox,
): FilingStore {
  async function get(scope: Scope, id: string): Promise<Stored<FilingRecord>> {
    const record = await filings.get(scope, id);
    if (!record) throw errors.filingNotFound(id);
    return record;
  }

  async function decide(
    scope: Scope,
    id: string,
    to: "approved" | "rejected",
    reason: string,
  ): Promise<Stored<FilingRecord>> {
    for (let attempt = 0; attempt < 25; attempt += 1) {
      const current = await get(scope, id);
      const now = epochSeconds();
      const from = effectiveStatus(current, now);
      if (from !== "pending_client_approval")
        throw to === "approved" ? errors.filingNotApprovable(id, from) : errors.filingNotRejectable(id, from);
      const event = ledgerEvent(scope, eventTypes.filingStatusChanged, {
        filing_id: id,
        period: current.period,
        jurisdiction_id: current.jurisdiction_id,
        currency_code: current.currency_code,
        from_status: from,
        to_status: to,
        changed_at: now,
        ...(to === "rejected" ? { reason } : {}),
      });
      await outbox.announce(scope, filingSource, id, [event]);
      try {
        const updated = await filings.update(scope, id, {
          expectedVersion: current.version,
          set: {
            status: to,
            updated_at: now,
            ...(to === "approved" ? { approved_at: now } : { rejected_at: now, rejection_reason: reason }),
            pending_events: [...(current.pending_events ?? []), event],
          },
        });
        await outbox.flush(scope, filingSource, id);
        return updated;
      } catch (error) {
        if (!(error instanceof StorageError && error.code === "conflict")) throw error;
      }
    }
    throw errors.busy(`filing ${id}`);
  }

  return {
    get,
    async list(scope, options) {
      checkRange(options.from, options.to);
      if (options.status && !isFilingStatus(options.status))
        throw errors.invalidFilingStatus(options.status, filingStatuses);
      const selection = filingSelection(
        options.status as FilingStatus | undefined,
        options,
        monthOf(epochSeconds()).start,
      );
      const page = await filings.list(scope, {
        ...selection,
        limit: options.limit,
        ...(options.cursor ? { cursor: options.cursor } : {}),
      });
      return { items: page.items, nextCursor: page.nextCursor };
    },
    approve: (scope, id) => decide(scope, id, "approved", ""),
    reject: (scope, id, reason) => decide(scope, id, "rejected", reason),
    async summary(scope, options) {
      checkRange(options.from, options.to);
      // Day summaries before `from`'s day are skipped below; the range starts at its month
      // so that an earlier version's month summary overlapping `from` is found too.
      const range =
        options.from !== undefined || options.to !== undefined
          ? {
              field: "period_start",
              ...(options.from !== undefined ? { gte: monthOf(options.from).start } : {}),
              ...(options.to !== undefined ? { lt: options.to + 1 } : {}),
            }
          : undefined;
      const merchant = options.merchantId
        ? options.merchantId.startsWith("merch_")
          ? { merchant_id: options.merchantId }
          : { reference_merchant_id: options.merchantId }
        : {};
      const byCurrency = new Map<string, CurrencyTotals>();
      let coveredFrom: number | undefined;
      let coveredTo: number | undefined;
      let cursor: string | undefined;
      do {
        const page = await summaries.list(scope, {
          where: merchant,
          ...(range ? { range } : {}),
          limit: 500,
          ...(cursor ? { cursor } : {}),
        });
        for (const item of page.items) {
          const period = summaryPeriodOf(item);
          if (options.from !== undefined && period.end <= options.from) continue;
          const totals = byCurrency.get(item.currency_code) ?? {
            currency_code: item.currency_code,
            gross_sales: 0,
            tax_collected: 0,
            refunds: 0,
            refunded_tax: 0,
            transaction_count: 0,
            refund_count: 0,
          };
          totals.gross_sales += item.gross_sales;
          totals.tax_collected += item.tax_collected;
          totals.refunds += item.refunds;
          totals.refunded_tax += item.refunded_tax;
          totals.transaction_count += item.transaction_count;
          totals.refund_count += item.refund_count;
          byCurrency.set(item.currency_code, totals);
          coveredFrom = Math.min(coveredFrom ?? period.start, period.start);
          coveredTo = Math.max(coveredTo ?? period.end - 1, period.end - 1);
        }
        cursor = page.nextCursor ?? undefined;
      } while (cursor);
      const currencies = [...byCurrency.values()].sort((a, b) => a.currency_code.localeCompare(b.currency_code));
      // The seconds summed: the asked bounds widened to whole UTC days (and to a whole
      // month where an earlier version's month summary overlaps them); without a bound,
      // the periods that had sales.
      const summedFrom =
        options.from === undefined ? coveredFrom : Math.min(dayOf(options.from).start, coveredFrom ?? Infinity);
      const summedTo = options.to === undefined ? coveredTo : Math.max(dayOf(options.to).end - 1, coveredTo ?? -1);
      return {
        currencies,
        summedFrom: summedFrom ?? null,
        summedTo: summedTo ?? null,
        periodFrom: summedFrom === undefined ? "" : dayOf(summedFrom).period,
        periodTo: summedTo === undefined ? "" : dayOf(summedTo).period,
      };
    },
  };
}
