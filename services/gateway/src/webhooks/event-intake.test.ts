// The webhook intake turns a run of domain events into the same deliveries as the events
// one by one, listing each account's endpoints once per run.
import { mkdtemp } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { create } from "@bufbuild/protobuf";
import { createEvent, type EventEnvelope } from "@levy/events";
import { TransactionSchema } from "@levy/proto/levy/ledger/v1/ledger_pb.js";
import { createEmbeddedStore, type Scope } from "@levy/storage";
import { describe, expect, it } from "vitest";
import type { ObjectSources } from "./event-objects.js";
import { storeDeliveries, storeRunDeliveries } from "./event-intake.js";
import { openWebhookStore, type WebhookStore } from "./webhook-store.js";

const a: Scope = { accountId: "acct_a", livemode: false };
const b: Scope = { accountId: "acct_b", livemode: false };

function recorded(scope: Scope, transactionId: string): EventEnvelope {
  return createEvent({
    type: "levy.transaction.recorded",
    version: 1,
    scope,
    key: scope.accountId,
    payload: { transaction_id: transactionId },
  });
}

const sources = {
  ledger: {
    getTransaction: async ({ transactionId }: { transactionId: string }) => ({
      transaction: create(TransactionSchema, { id: transactionId, kind: "standard", livemode: false }),
    }),
  },
} as unknown as ObjectSources;

async function webhookStore(): Promise<{ store: WebhookStore; lists: () => number }> {
  const store = await openWebhookStore(
    await createEmbeddedStore({ dir: await mkdtemp(path.join(os.tmpdir(), "webhook-intake-")) }),
  );
  let lists = 0;
  const list = store.endpoints.list.bind(store.endpoints);
  const counted: WebhookStore = {
    ...store,
    endpoints: {
      ...store.endpoints,
      list: (...args) => {
        lists += 1;
        return list(...args);
      },
    },
  };
  for (const [scope, id, enabled] of [
    [a, "we_a1", ["transaction.created"]],
    [a, "we_a2", ["refund.created"]],
    [b, "we_b1", ["transaction.created", "refund.created"]],
  ] as const) {
    await store.endpoints.insert(scope, {
      id,
      url: `https://example.test/${id}`,
      description: "",
      enabled_events: [...enabled],
      secret: "whsec_test",
      created: 0,
    });
  }
  return { store: counted, lists: () => lists };
}

describe("webhook intake", () => {
  it("stores a run's deliveries as one by one would, listing each account's endpoints once", async () => {
    const events = [recorded(a, "tr_1"), recorded(b, "tr_2"), recorded(a, "tr_3")];
    const run = await webhookStore();
    const byRun = await storeRunDeliveries(events, run.store, sources);
    expect(run.lists()).toBe(2);

    const single = await webhookStore();
    const oneByOne = [];
    for (const event of events) oneByOne.push(...(await storeDeliveries(event, single.store, sources)));
    expect(single.lists()).toBe(3);

    const ids = (due: Array<{ id: string }>) => due.map((delivery) => delivery.id).sort();
    expect(ids(byRun)).toEqual(ids(oneByOne));
    expect(byRun).toHaveLength(3); // tr_1 and tr_3 to we_a1, tr_2 to we_b1
    const stored = await run.store.deliveries.list(a, { limit: 10 });
    expect(stored.items.map((delivery) => delivery.endpoint_id)).toEqual(["we_a1", "we_a1"]);
    expect(stored.items.map((delivery) => JSON.parse(delivery.body).data.object.id).sort()).toEqual(["tr_1", "tr_3"]);
  });
});
