// Opens a service's storage and event bus from configuration: MongoDB + Kafka in
// distributed mode, the embedded store + in-process bus in embedded mode. One
// database per service: `<prefix>_<service>` on the shared MongoDB URI.
import path from "node:path";
import {
  createEmbeddedStore,
  createMongoStore,
  type Store,
  type UpdateProtocolChoice,
  type UpdateProtocolSetting,
} from "@levy/storage";
import { createInProcessBus, createKafkaBus, type EventBus } from "@levy/events";
import { ConfigError, configSchemas, setting } from "./config.js";
import { z } from "zod";
import type { Registry } from "prom-client";
import { instrumentStore } from "./store-metrics.js";
import type { Logger } from "./logger.js";
import {
  kafkaBusSettings,
  kafkaClientSettings,
  kafkaSettingsProblems,
  type KafkaClientConfig,
} from "./kafka-settings.js";

export const infrastructureSettings = {
  storage: setting("STORAGE", "storage adapter: embedded (on disk) or mongo", configSchemas.storageKind()),
  mongodbUri: setting(
    "MONGODB_URI",
    "MongoDB connection string (required when STORAGE=mongo)",
    z
      .string()
      .regex(/^mongodb(\+srv)?:\/\//, "expected a mongodb:// URI")
      .optional(),
  ),
  mongodbDbPrefix: setting(
    "MONGODB_DB_PREFIX",
    "prefix of each service's database name",
    z
      .string()
      .regex(/^[a-z][a-z0-9_]{0,30}$/)
      .default("levy"),
  ),
  storageUpdateProtocol: setting(
    "STORAGE_UPDATE_PROTOCOL",
    "how MongoDB updates are made atomic: atomic (conditional single-document writes; MongoDB, Atlas, DocumentDB, Cosmos DB), marker (a claimed marker document per update, for servers that do not apply conditional updates atomically, such as FerretDB 1.x) or auto (asks the server: marker on FerretDB, atomic otherwise)",
    z.enum(["auto", "atomic", "marker"]).default("auto"),
  ),
  dataDir: setting(
    "DATA_DIR",
    "directory of the embedded store (one folder per service)",
    z.string().min(1).default("./.data"),
  ),
  events: setting("EVENTS", "event bus adapter: in-process or kafka", configSchemas.eventsKind()),
  kafkaBrokers: setting(
    "KAFKA_BROKERS",
    "comma-separated Kafka brokers host:port (required when EVENTS=kafka)",
    configSchemas.brokers().optional(),
  ),
  kafkaNamespace: setting(
    "KAFKA_NAMESPACE",
    "prefix of every Kafka topic and consumer group (<namespace>.<name>), for installations sharing one Kafka cluster; none by default",
    z
      .string()
      .regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,39}$/, "1-40 letters, digits, _ or -, starting with a letter or digit")
      .optional(),
  ),
  // SASL, TLS and topic shape (kafka-settings.ts).
  ...kafkaClientSettings,
};

export interface InfrastructureConfig extends KafkaClientConfig {
  readonly storage: "embedded" | "mongo";
  readonly mongodbUri?: string | undefined;
  readonly mongodbDbPrefix: string;
  readonly storageUpdateProtocol: UpdateProtocolSetting;
  readonly dataDir: string;
  readonly events: "in-process" | "kafka";
  readonly kafkaBrokers?: string[] | undefined;
  readonly kafkaNamespace?: string | undefined;
}

export function assertInfrastructureConfig(config: InfrastructureConfig): void {
  const problems: string[] = [];
  if (config.storage === "mongo" && !config.mongodbUri) problems.push("MONGODB_URI is required when STORAGE=mongo");
  if (config.events === "kafka" && !config.kafkaBrokers) problems.push("KAFKA_BROKERS is required when EVENTS=kafka");
  if (config.events === "kafka") problems.push(...kafkaSettingsProblems(config));
  if (problems.length > 0) throw new ConfigError(problems);
}

/**
 * With a registry, every operation is timed into levy_db_operation_duration_seconds; the
 * logger hears of a torn record the embedded store dropped at start-up and of each nedb
 * data file it migrated into LMDB.
 */
export async function openStore(
  service: string,
  config: InfrastructureConfig,
  registry?: Registry,
  logger?: Logger,
): Promise<Store> {
  const store =
    config.storage === "mongo"
      ? await createMongoStore({
          uri: config.mongodbUri ?? "",
          dbName: `${config.mongodbDbPrefix}_${service.replaceAll("-", "_")}`,
          appName: `levy-${service}`,
          updateProtocol: config.storageUpdateProtocol,
          onUpdateProtocol: (choice) => logUpdateProtocol(logger, choice),
        })
      : await createEmbeddedStore({
          dir: path.resolve(config.dataDir, service),
          onTornTail: ({ file, droppedBytes }) =>
            logger?.warn(
              { file, dropped_bytes: droppedBytes },
              "embedded store: dropped a torn last record (a write cut short by a crash or power loss, never acknowledged)",
            ),
          onMigrated: ({ file, records, renamedTo }) =>
            logger?.info(
              { file, records, renamed_to: renamedTo },
              "embedded store: migrated an nedb data file into the LMDB store",
            ),
        });
  return registry ? instrumentStore(store, registry) : store;
}

function logUpdateProtocol(logger: Logger | undefined, choice: UpdateProtocolChoice): void {
  const fields = { update_protocol: choice.protocol, requested: choice.requested, server: choice.server };
  if (choice.warning) logger?.warn(fields, `storage: ${choice.warning}`);
  else logger?.info(fields, `storage: ${choice.protocol} updates on ${choice.server}`);
}

/**
 * In embedded mode every service in the process must share one in-process bus, so the
 * caller may pass it in; otherwise each service gets its own Kafka client.
 */
export async function openEventBus(
  service: string,
  config: InfrastructureConfig,
  shared?: EventBus,
): Promise<EventBus> {
  if (config.events === "kafka") {
    return createKafkaBus({
      brokers: config.kafkaBrokers ?? [],
      clientId: `levy-${service}`,
      namespace: config.kafkaNamespace,
      ...kafkaBusSettings(config),
    });
  }
  return shared ?? createInProcessBus();
}
