// Starts the gateway's webhook machinery: the store, the consumer that turns domain events
// into deliveries, and the worker that sends them.
import type { EventBus } from "@levy/events";
import type { Logger } from "@levy/kit";
import type { Store } from "@levy/storage";
import { startDeliveryWorker } from "./delivery-worker.js";
import type { ObjectSources } from "./event-objects.js";
import { followWebhookSources } from "./event-intake.js";
import { webhookSettingsOf, type WebhookConfig, type WebhookSettings } from "./webhook-settings.js";
import { openWebhookStore, type WebhookStore } from "./webhook-store.js";

export interface RunningWebhooks {
  readonly store: WebhookStore;
  readonly settings: WebhookSettings;
  stop(): Promise<void>;
}

export async function startWebhooks(options: {
  config: WebhookConfig;
  store: Store;
  bus: EventBus;
  logger: Logger;
  sources: ObjectSources;
}): Promise<RunningWebhooks> {
  const settings = webhookSettingsOf(options.config);
  const store = await openWebhookStore(options.store);
  const worker = startDeliveryWorker({ store, policy: settings.policy, post: settings.post, logger: options.logger });
  const subscription = await followWebhookSources(options.bus, store, options.sources, worker.wake);
  return {
    store,
    settings,
    stop: async () => {
      await subscription.close();
      await worker.stop();
    },
  };
}
