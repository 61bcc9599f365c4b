// Transactions and their refunds. Every change is one optimistic single-document write
// on the transaction (retried on a version conflict), carrying its event in the outbox.
import { LevyError, epochSeconds, newId } from "@levy/kit";
import { transactionIdFor } from "../domain/transaction-id.js";
import type { EventEnvelope } from "@levy/events";
import type { Calculation } from "@levy/proto/levy/calc_engine/v1/calc_engine_pb.js";
import {
  StorageError,
  type Collection,
  type GroupReader,
  type Range,
  type Scope,
  type Store,
  type Stored,
  type WriteGroup,
} from "@levy/storage";
import { errors } from "../domain/errors.js";
import { transactionFromCalculation } from "../domain/from-calculation.js";
import { refundDate } from "../domain/processing-dates.js";
import { applyRefundLines, planRefund, type RefundRequest } from "../domain/refund-math.js";
import {
  liveRefunds,
  refundIndexCollection,
  transactionCollection,
  type RefundIndexRecord,
  type RefundRecord,
  type TransactionRecord,
  type TransactionType,
} from "../domain/transaction.js";
import { eventTypes, ledgerEvent, refundPayload, transactionPayload } from "../events/ledger-events.js";
import type { Outbox, OutboxDocument } from "@levy/kit";

export const transactionSource = "transactions";
/** Catalog's customer ids (cust_ and 20 letters or digits); anything else is a reference_customer_id. */
const customerIdPattern = /^cust_[A-Za-z0-9]{20}$/;
const maxAttempts = 25;

export interface RecordOptions {
  readonly type: TransactionType;
  readonly reference_order_id: string;
  readonly reference_payment_id: string;
  readonly transaction_processed_at: number;
  readonly metadata: Record<string, string>;
}

export interface ListTransactionsOptions {
  readonly limit: number;
  readonly cursor?: string | undefined;
  readonly from?: number | undefined;
  readonly to?: number | undefined;
  readonly merchantId?: string | undefined;
  /** Customer service id (cust_...) or reference_customer_id. */
  readonly customer?: string | undefined;
  readonly referenceOrderId?: string | undefined;
  readonly type?: TransactionType | undefined;
}

export interface TransactionStore {
  readonly collection: Collection<TransactionRecord>;
  record(
    scope: Scope,
    calculation: Calculation,
    options: RecordOptions,
  ): Promise<{ transaction: Stored<TransactionRecord>; created: boolean }>;
  get(scope: Scope, id: string): Promise<Stored<TransactionRecord>>;
  delete(scope: Scope, id: string): Promise<Stored<TransactionRecord>>;
  refund(
    scope: Scope,
    transactionId: string,
    request: RefundRequest & { refund_processed_at: number | undefined; metadata: Record<string, string> },
  ): Promise<{ transaction: Stored<TransactionRecord>; refund: RefundRecord }>;
  listRefunds(
    scope: Scope,
    transactionId: string,
  ): Promise<{ transaction: Stored<TransactionRecord>; refunds: RefundRecord[] }>;
  reverse(scope: Scope, refundId: string): Promise<{ transaction: Stored<TransactionRecord>; refund: RefundRecord }>;
  list(
    scope: Scope,
    options: ListTransactionsOptions,
  ): Promise<{ items: Stored<TransactionRecord>[]; nextCursor: string | null }>;
}

function isConflict(error: unknown): boolean {
  return error instanceof StorageError && error.code === "conflict";
}

/** Opens the two collections the transaction store needs (open each collection once per store). */
export async function openTransactionCollections(store: Store) {
  return {
    transactions: await store.collection<TransactionRecord>(transactionCollection),
    refundIndex: await store.collection<RefundIndexRecord>(refundIndexCollection),
  };
}

/**
 * Writes a sale together with what its event does elsewhere in the same store, planned
 * inside the write (Store.writePlanned): `plan` answers those writes for the sale's
 * events, or null when they cannot go in the sale's group (the consumer applies them).
 */
export interface AlongsideSale {
  readonly writePlanned: NonNullable<Store["writePlanned"]>;
  readonly plan: (read: GroupReader, scope: Scope, events: readonly EventEnvelope[]) => WriteGroup | null;
}

export function createTransactionStore(
  collections: { transactions: Collection<TransactionRecord>; refundIndex: Collection<RefundIndexRecord> },
  outbox: Outbox,
  alongside?: AlongsideSale,
): TransactionStore {
  const { transactions, refundIndex } = collections;

  /** Inserts the sale; with `alongside`, its event's effects share the sale's commit, all or nothing. */
  async function insertSale(scope: Scope, draft: TransactionRecord): Promise<Stored<TransactionRecord>> {
    if (!alongside) return transactions.insert(scope, draft);
    const [stored] = await alongside.writePlanned((read) => {
      const sale = { collection: transactionCollection.name, scope, insert: draft };
      const effects = alongside.plan(read, scope, draft.pending_events);
      return effects
        ? { writes: [sale, ...effects.writes], records: effects.records }
        : { writes: [sale], records: [] };
    });
    return stored as unknown as Stored<TransactionRecord>;
  }

  async function get(scope: Scope, id: string): Promise<Stored<TransactionRecord>> {
    const record = await transactions.get(scope, id);
    if (!record || record.deleted_at !== null) throw errors.transactionNotFound(id);
    return record;
  }

  /** A stored sale for this order: the same one again when the calculation matches, else a conflict. */
  function sameOrder(
    stored: Stored<TransactionRecord>,
    calculationId: string,
    options: RecordOptions,
  ): Stored<TransactionRecord> {
    if (stored.calculation_id !== calculationId)
      throw errors.orderAlreadyRecorded(options.reference_order_id, stored.id);
    if (stored.deleted_at !== null) throw errors.transactionDeleted(stored.id);
    return stored;
  }

  /**
   * The sale that refused an insert. Its id derives from the order reference, so the
   * usual case (a retry) is one lookup by id; searching by order or calculation id (a
   * collection scan on FerretDB) is left for the rare cases: the same calculation under
   * another order reference, and transactions stored before ids were derived.
   */
  async function existing(
    scope: Scope,
    calculationId: string,
    options: RecordOptions,
  ): Promise<Stored<TransactionRecord> | null> {
    const derived = await transactions.get(scope, transactionIdFor(scope, options.type, options.reference_order_id));
    if (derived) return sameOrder(derived, calculationId, options);
    const byOrder = await transactions.findOne(scope, {
      reference_order_id: options.reference_order_id,
      type: options.type,
    });
    if (byOrder) return sameOrder(byOrder, calculationId, options);
    const byCalculation = await transactions.findOne(scope, { calculation_id: calculationId, type: options.type });
    if (byCalculation) {
      if (byCalculation.reference_order_id !== options.reference_order_id) {
        throw errors.calculationAlreadyRecorded(calculationId, byCalculation.id, byCalculation.reference_order_id);
      }
      if (byCalculation.deleted_at !== null) throw errors.transactionDeleted(byCalculation.id);
      return byCalculation;
    }
    return null;
  }

  /** Writes `change` on the transaction with its events, retrying version conflicts. */
  async function change<R>(
    scope: Scope,
    id: string,
    build: (current: Stored<TransactionRecord>) => {
      set: Partial<TransactionRecord>;
      events: EventEnvelope[];
      result: R;
    },
  ): Promise<{ transaction: Stored<TransactionRecord>; result: R }> {
    for (let attempt = 0; attempt < maxAttempts; attempt += 1) {
      const current = await get(scope, id);
      const { set, events, result } = build(current);
      // Published events stay on a transaction until its next change (keepsPublishedEvents).
      const pending = await outbox.unpublished(scope, transactionSource, id, current.pending_events ?? []);
      try {
        const transaction = await outbox.announceAndWrite(scope, transactionSource, id, events, () =>
          transactions.update(scope, id, {
            expectedVersion: current.version,
            set: { ...set, pending_events: [...pending, ...events] },
          }),
        );
        await outbox.flush(scope, transactionSource, id, transaction);
        return { transaction, result };
      } catch (error) {
        if (!isConflict(error)) throw error;
        await new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(50, 2 * (attempt + 1))));
      }
    }
    throw errors.busy(`transaction ${id}`);
  }

  return {
    collection: transactions,
    get,
    async record(scope, calculation, options) {
      // Insert first and look for an existing sale only when a unique index refuses the
      // insert: a lookup by order or calculation id is a collection scan on FerretDB, so
      // doing it on every record made recording slower with every transaction stored.
      const id = transactionIdFor(scope, options.type, options.reference_order_id);
      const draft = transactionFromCalculation(calculation, { ...options, id, now: epochSeconds() });
      const event = ledgerEvent(scope, eventTypes.transactionRecorded, transactionPayload(draft));
      draft.pending_events = [event];
      try {
        // The outbox entry and the sale share one commit on the embedded store.
        const transaction = await outbox.announceAndWrite(scope, transactionSource, draft.id, [event], () =>
          insertSale(scope, draft),
        );
        await outbox.flush(scope, transactionSource, draft.id, transaction);
        return { transaction, created: true };
      } catch (error) {
        // The same order or calculation is already recorded (a retry, or a concurrent
        // record that won the unique index): the same sale again, or a conflict.
        if (error instanceof StorageError && error.code === "duplicate") {
          const winner = await existing(scope, calculation.id, options);
          if (winner) return { transaction: winner, created: false };
        }
        throw error;
      }
    },
    async delete(scope, id) {
      const { transaction } = await change(scope, id, (current) => {
        if (liveRefunds(current).length > 0) throw errors.hasLiveRefunds(id);
        const deletedAt = epochSeconds();
        const payload = transactionPayload({ ...current, deleted_at: deletedAt });
        return {
          set: { deleted_at: deletedAt },
          events: [ledgerEvent(scope, eventTypes.transactionDeleted, payload)],
          result: null,
        };
      });
      return transaction;
    },
    async refund(scope, transactionId, request) {
      const refundId = newId("ref_tr");
      // The date is decided before the index entry is written, so the entry can carry it
      // (the filing export finds a month's refunds by it); the sale's date never changes.
      const processedAt = refundDate(request.refund_processed_at, await get(scope, transactionId), epochSeconds());
      await refundIndex.insertIfAbsent(scope, {
        id: refundId,
        transaction_id: transactionId,
        refund_processed_at: processedAt,
      });
      const { transaction, result } = await change(scope, transactionId, (current) => {
        const lines = planRefund(current, request);
        const refund: RefundRecord = {
          id: refundId,
          refund_type: request.refund_type === "full" ? "full" : "partial",
          refund_processed_at: processedAt,
          created_at: epochSeconds(),
          lines,
          reversed_at: null,
          metadata: request.metadata,
        };
        const updated = {
          ...current,
          lines: applyRefundLines(current, lines, 1),
          refunds: [...current.refunds, refund],
        };
        return {
          set: { lines: updated.lines, refunds: updated.refunds },
          events: [ledgerEvent(scope, eventTypes.refundCreated, refundPayload(updated, refund))],
          result: refund,
        };
      });
      return { transaction, refund: result };
    },
    async listRefunds(scope, transactionId) {
      const transaction = await get(scope, transactionId);
      return { transaction, refunds: transaction.refunds };
    },
    async reverse(scope, refundId) {
      const entry = await refundIndex.get(scope, refundId);
      if (!entry) throw errors.refundNotFound(refundId);
      const owner = await transactions.get(scope, entry.transaction_id);
      if (!owner?.refunds.some((refund) => refund.id === refundId)) throw errors.refundNotFound(refundId);
      const { transaction, result } = await change(scope, entry.transaction_id, (current) => {
        const refund = current.refunds.find((candidate) => candidate.id === refundId);
        if (!refund) throw errors.refundNotFound(refundId);
        if (refund.reversed_at !== null) throw errors.refundAlreadyReversed(refundId);
        const reversed: RefundRecord = { ...refund, reversed_at: epochSeconds() };
        const updated = {
          ...current,
          lines: applyRefundLines(current, refund.lines, -1),
          refunds: current.refunds.map((candidate) => (candidate.id === refundId ? reversed : candidate)),
        };
        return {
          set: { lines: updated.lines, refunds: updated.refunds },
          events: [ledgerEvent(scope, eventTypes.refundReversed, refundPayload(updated, reversed))],
          result: reversed,
        };
      });
      return { transaction, refund: result };
    },
    async list(scope, options) {
      if (options.from !== undefined && options.to !== undefined && options.from > options.to) {
        throw new LevyError("invalid_range", "from is after to", { field: "from" });
      }
      const range: Range | undefined =
        options.from !== undefined || options.to !== undefined
          ? {
              field: "transaction_processed_at",
              ...(options.from !== undefined ? { gte: options.from } : {}),
              ...(options.to !== undefined ? { lt: options.to + 1 } : {}),
            }
          : undefined;
      const merchant = options.merchantId
        ? options.merchantId.startsWith("merch_")
          ? { merchant_id: options.merchantId }
          : { reference_merchant_id: options.merchantId }
        : {};
      const customer = options.customer
        ? customerIdPattern.test(options.customer)
          ? { customer_id: options.customer }
          : { reference_customer_id: options.customer }
        : {};
      const page = await transactions.list(scope, {
        where: {
          deleted_at: null,
          ...merchant,
          ...customer,
          ...(options.referenceOrderId ? { reference_order_id: options.referenceOrderId } : {}),
          ...(options.type ? { type: options.type } : {}),
        },
        ...(range ? { range } : {}),
        limit: options.limit,
        ...(options.cursor ? { cursor: options.cursor } : {}),
      });
      return { items: page.items, nextCursor: page.nextCursor };
    },
  };
}

export type { OutboxDocument };
