// The Kafka client's settings beyond the brokers: SASL credentials, TLS files and the
// shape of the topics Levy creates. CA, certificate and key are file paths so they can
// be mounted from a Kubernetes Secret; the password comes from a Secret and has no
// default. There is deliberately no setting that skips certificate verification.
import { readFileSync } from "node:fs";
import { kafkaSaslMechanisms, type KafkaSaslMechanism, type KafkaSecurity, type KafkaTopicOptions } from "@levy/events";
import { z } from "zod";
import { ConfigError, configSchemas, setting } from "./config.js";

const filePath = () => z.string().min(1).optional();

export const kafkaClientSettings = {
  kafkaSaslMechanism: setting(
    "KAFKA_SASL_MECHANISM",
    "SASL mechanism: scram-sha-512, scram-sha-256 or plain (plain only with KAFKA_TLS=true); unset: no SASL",
    z.enum(kafkaSaslMechanisms).optional(),
  ),
  kafkaSaslUsername: setting(
    "KAFKA_SASL_USERNAME",
    "SASL user name (with KAFKA_SASL_MECHANISM)",
    z.string().min(1).optional(),
  ),
  kafkaSaslPassword: setting(
    "KAFKA_SASL_PASSWORD",
    "SASL password, from a Secret (with KAFKA_SASL_MECHANISM)",
    z.string().min(1).optional(),
  ),
  kafkaTls: setting(
    "KAFKA_TLS",
    "connect to the brokers over TLS; their certificates are always verified",
    configSchemas.boolean(false),
  ),
  kafkaTlsCaFile: setting(
    "KAFKA_TLS_CA_FILE",
    "PEM file of the CAs that signed the brokers' certificates; unset: Node's bundled public CAs",
    filePath(),
  ),
  kafkaTlsCertFile: setting(
    "KAFKA_TLS_CERT_FILE",
    "PEM client certificate, for brokers that require mutual TLS (with KAFKA_TLS_KEY_FILE)",
    filePath(),
  ),
  kafkaTlsKeyFile: setting("KAFKA_TLS_KEY_FILE", "PEM unencrypted private key of KAFKA_TLS_CERT_FILE", filePath()),
  kafkaTlsServername: setting(
    "KAFKA_TLS_SERVERNAME",
    "name every broker's certificate must carry (and the SNI sent) when it is not the broker's host name; unset: the host name",
    z.string().min(1).optional(),
  ),
  kafkaTopicPartitions: setting(
    "KAFKA_TOPIC_PARTITIONS",
    "partitions of each topic Levy creates (and of its .dlq)",
    configSchemas.positiveInt(3),
  ),
  kafkaTopicReplicationFactor: setting(
    "KAFKA_TOPIC_REPLICATION_FACTOR",
    "replicas of each topic Levy creates; unset: the cluster's default.replication.factor",
    z.coerce.number().int().positive().optional(),
  ),
};

export interface KafkaClientConfig {
  readonly kafkaSaslMechanism?: KafkaSaslMechanism | undefined;
  readonly kafkaSaslUsername?: string | undefined;
  readonly kafkaSaslPassword?: string | undefined;
  readonly kafkaTls?: boolean | undefined;
  readonly kafkaTlsCaFile?: string | undefined;
  readonly kafkaTlsCertFile?: string | undefined;
  readonly kafkaTlsKeyFile?: string | undefined;
  readonly kafkaTlsServername?: string | undefined;
  readonly kafkaTopicPartitions?: number | undefined;
  readonly kafkaTopicReplicationFactor?: number | undefined;
}

/** Combinations that would be ignored or would leak the password; each named by its variables. */
export function kafkaSettingsProblems(config: KafkaClientConfig): string[] {
  const problems: string[] = [];
  const { kafkaSaslMechanism: mechanism } = config;
  if (mechanism && (!config.kafkaSaslUsername || !config.kafkaSaslPassword)) {
    problems.push("KAFKA_SASL_USERNAME and KAFKA_SASL_PASSWORD are required when KAFKA_SASL_MECHANISM is set");
  }
  if (!mechanism && (config.kafkaSaslUsername || config.kafkaSaslPassword)) {
    problems.push(
      "KAFKA_SASL_USERNAME/KAFKA_SASL_PASSWORD are set but KAFKA_SASL_MECHANISM is not: say which mechanism the brokers expect",
    );
  }
  if (mechanism === "plain" && !config.kafkaTls) {
    problems.push("KAFKA_SASL_MECHANISM=plain sends the password in clear text: it needs KAFKA_TLS=true");
  }
  if (Boolean(config.kafkaTlsCertFile) !== Boolean(config.kafkaTlsKeyFile)) {
    problems.push("KAFKA_TLS_CERT_FILE and KAFKA_TLS_KEY_FILE go together (a client certificate and its key)");
  }
  const tlsOnly = (["kafkaTlsCaFile", "kafkaTlsCertFile", "kafkaTlsKeyFile", "kafkaTlsServername"] as const).filter(
    (key) => config[key],
  );
  if (!config.kafkaTls && tlsOnly.length > 0) {
    problems.push(`${tlsOnly.map((key) => kafkaClientSettings[key].env).join(", ")} only apply with KAFKA_TLS=true`);
  }
  return problems;
}

/** The bus's security (files read now) and topic options; a file that cannot be used is a ConfigError naming its variable. */
export function kafkaBusSettings(config: KafkaClientConfig): { security: KafkaSecurity; topics: KafkaTopicOptions } {
  const problems: string[] = [];
  const pem = (key: "kafkaTlsCaFile" | "kafkaTlsCertFile" | "kafkaTlsKeyFile"): string | undefined => {
    const file = config[key];
    if (!file) return undefined;
    const { env } = kafkaClientSettings[key];
    try {
      const text = readFileSync(file, "utf8");
      if (!text.includes("-----BEGIN ")) problems.push(`${env}: ${file} holds no PEM block`);
      return text;
    } catch (error) {
      problems.push(
        `${env}: cannot read ${file} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`,
      );
      return undefined;
    }
  };
  const tls = config.kafkaTls
    ? {
        ca: pem("kafkaTlsCaFile"),
        cert: pem("kafkaTlsCertFile"),
        key: pem("kafkaTlsKeyFile"),
        servername: config.kafkaTlsServername,
      }
    : undefined;
  if (problems.length > 0) throw new ConfigError(problems);
  const sasl =
    config.kafkaSaslMechanism && config.kafkaSaslUsername && config.kafkaSaslPassword
      ? { mechanism: config.kafkaSaslMechanism, username: config.kafkaSaslUsername, password: config.kafkaSaslPassword }
      : undefined;
  return {
    security: { sasl, tls },
    topics: { partitions: config.kafkaTopicPartitions, replicationFactor: config.kafkaTopicReplicationFactor },
  };
}
