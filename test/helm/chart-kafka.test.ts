// The chart's kafka block reaches every pod as the settings libs/kit reads: SASL
// credentials from an existing Secret (env by secretKeyRef), TLS files mounted read-only
// from another Secret, topic shape in the ConfigMap; values.schema.json refuses
// combinations the services would refuse, and there is no way to skip verification.
import { loadConfig } from "@levy/kit";
import { beforeAll, describe, expect, it } from "vitest";
import { kafkaBusSettings, kafkaClientSettings, kafkaSettingsProblems } from "../../libs/kit/src/kafka-settings.js";
import {
  chartDir,
  componentOf,
  helm,
  ofKind,
  productionValues,
  provisionChartTools,
  renderValid,
  type K8sObject,
} from "./chart-tools.js";
import { serviceNames } from "./code-topology.js";

const kafkaEnvNames = new Set(Object.values(kafkaClientSettings).map((setting) => setting.env));

/** Per Deployment: its container's Kafka variables (ConfigMap values, or "secret:<name>/<key>"), mounts and volumes. */
function kafkaWiring(objects: K8sObject[]) {
  return ofKind(objects, "Deployment").map((deployment) => {
    const pod = deployment.spec.template.spec;
    const container = pod.containers[0];
    const configMap = ofKind(objects, "ConfigMap").find(
      (map) => map.metadata.name === container.envFrom[0].configMapRef.name,
    )!;
    const env: Record<string, string> = {};
    for (const [name, value] of Object.entries(configMap.data!)) if (kafkaEnvNames.has(name)) env[name] = value;
    for (const entry of container.env) {
      const ref = entry.valueFrom?.secretKeyRef;
      if (kafkaEnvNames.has(entry.name)) env[entry.name] = `secret:${ref.name}/${ref.key}`;
    }
    // Only Kafka's own mounts: production values also mount rate tables and a CA bundle.
    const mounts = container.volumeMounts.filter((mount: any) => mount.name === "kafka-tls");
    const volumes = pod.volumes.filter((volume: any) => volume.name === "kafka-tls");
    return { service: componentOf(deployment)!, env, mounts, volumes };
  });
}

describe("chart kafka settings", () => {
  beforeAll(() => provisionChartTools(), 40 * 60_000);

  it("by default: plaintext, no SASL, the code's topic defaults, nothing mounted", () => {
    const wiring = kafkaWiring(renderValid());
    expect(wiring.map((pod) => pod.service).sort()).toEqual([...serviceNames].sort());
    for (const pod of wiring) {
      expect(pod.env).toEqual({});
      expect(pod.mounts).toEqual([]);
      expect(pod.volumes).toEqual([]);
    }
  });

  it("production values: SCRAM credentials from a Secret, CA and client certificate mounted read-only, topic shape", () => {
    for (const pod of kafkaWiring(renderValid({ values: [productionValues] }))) {
      expect(pod.env).toEqual({
        KAFKA_SASL_MECHANISM: "scram-sha-512",
        KAFKA_SASL_USERNAME: "secret:levy-prod-kafka-user/username",
        KAFKA_SASL_PASSWORD: "secret:levy-prod-kafka-user/password",
        KAFKA_TLS: "true",
        KAFKA_TLS_CA_FILE: "/etc/levy/kafka-tls/ca.crt",
        KAFKA_TLS_CERT_FILE: "/etc/levy/kafka-tls/tls.crt",
        KAFKA_TLS_KEY_FILE: "/etc/levy/kafka-tls/tls.key",
        KAFKA_TLS_SERVERNAME: "kafka.tax.example.com",
        KAFKA_TOPIC_PARTITIONS: "6",
        KAFKA_TOPIC_REPLICATION_FACTOR: "3",
      });
      expect(pod.mounts).toEqual([{ name: "kafka-tls", mountPath: "/etc/levy/kafka-tls", readOnly: true }]);
      expect(pod.volumes).toEqual([
        {
          name: "kafka-tls",
          secret: {
            secretName: "levy-prod-kafka-tls",
            defaultMode: 0o440,
            items: ["ca.crt", "tls.crt", "tls.key"].map((key) => ({ key, path: key })),
          },
        },
      ]);
      // What the pod gets is what the service accepts (the files exist only in the pod).
      const env = { EVENTS: "kafka", ...pod.env, KAFKA_SASL_USERNAME: "levy", KAFKA_SASL_PASSWORD: "from-the-secret" };
      expect(kafkaSettingsProblems(loadConfig(kafkaClientSettings, env))).toEqual([]);
    }
  });

  it("mounts only the CA when no client certificate is asked for, and passes the server name", () => {
    const objects = renderValid({
      set: [
        "kafka.tls.enabled=true",
        "kafka.tls.existingSecret=kafka-ca",
        "kafka.tls.servername=kafka.internal",
        "kafka.sasl.mechanism=plain",
        "kafka.sasl.existingSecret=kafka-user",
        "kafka.sasl.usernameKey=user",
      ],
    });
    for (const pod of kafkaWiring(objects)) {
      expect(pod.env).toEqual({
        KAFKA_SASL_MECHANISM: "plain",
        KAFKA_SASL_USERNAME: "secret:kafka-user/user",
        KAFKA_SASL_PASSWORD: "secret:kafka-user/password",
        KAFKA_TLS: "true",
        KAFKA_TLS_CA_FILE: "/etc/levy/kafka-tls/ca.crt",
        KAFKA_TLS_SERVERNAME: "kafka.internal",
      });
      expect(pod.volumes[0].secret.items).toEqual([{ key: "ca.crt", path: "ca.crt" }]);
    }
  });

  it("trusts the public CAs when TLS is on without a Secret", () => {
    for (const pod of kafkaWiring(renderValid({ set: ["kafka.tls.enabled=true"] }))) {
      expect(pod.env).toEqual({ KAFKA_TLS: "true" });
      expect(pod.volumes).toEqual([]);
      expect(kafkaBusSettings(loadConfig(kafkaClientSettings, pod.env)).security.tls).toEqual({
        servername: undefined,
      });
    }
  });

  const rejected: [string, string[], RegExp][] = [
    [
      "an unknown SASL mechanism",
      ["kafka.sasl.mechanism=gssapi", "kafka.sasl.existingSecret=s"],
      /kafka.sasl.mechanism/,
    ],
    ["a SASL mechanism without its Secret", ["kafka.sasl.mechanism=scram-sha-512"], /kafka.sasl.existingSecret/],
    ["PLAIN without TLS", ["kafka.sasl.mechanism=plain", "kafka.sasl.existingSecret=s"], /kafka.tls.enabled/],
    [
      "a client certificate without its Secret",
      ["kafka.tls.enabled=true", "kafka.tls.clientCertificate=true"],
      /kafka.tls.existingSecret/,
    ],
    ["a TLS Secret while TLS is off", ["kafka.tls.existingSecret=kafka-ca"], /kafka.tls.enabled/],
    ["a switch that skips certificate verification", ["kafka.tls.insecureSkipVerify=true"], /insecureSkipVerify/],
    ["zero partitions", ["kafka.topics.partitions=0"], /kafka.topics.partitions/],
    ["a replication factor of zero", ["kafka.topics.replicationFactor=0"], /kafka.topics.replicationFactor/],
  ];
  it.each(rejected)("rejects %s through values.schema.json", (_, set, field) => {
    const result = helm("template", "rel", chartDir, ...set.flatMap((pair) => ["--set", pair]));
    expect(result.status).not.toBe(0);
    expect(result.stderr).toMatch(/values don't meet the specifications of the schema/);
    expect(result.stderr).toMatch(field);
  });
});
