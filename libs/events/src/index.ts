// @levy/events: the event port and its two adapters.
export {
  EventBusError,
  type EventEnvelope,
  type EventHandler,
  type BatchHandler,
  maxEventBatch,
  type SubscribeOptions,
  type Subscription,
  type EventBus,
  type ConsumerLag,
  type ProcessedEventLog,
} from "./port.js";
export { createKafkaBus, type KafkaBusOptions, type KafkaTopicOptions } from "./kafka-bus.js";
export {
  kafkaSaslMechanisms,
  type KafkaSaslMechanism,
  type KafkaSasl,
  type KafkaTls,
  type KafkaSecurity,
} from "./kafka-security.js";
export { createInProcessBus } from "./in-process-bus.js";
export { withEventDedupe, createMemoryProcessedEventLog } from "./dedupe.js";
export { createEvent, newEventId, parseEnvelope, type NewEvent } from "./create-event.js";
export {
  deadLetterTopic,
  deliverWithRetries,
  isOutage,
  isTransientFailure,
  type DeliveryOutcome,
} from "./deliver-with-retries.js";
