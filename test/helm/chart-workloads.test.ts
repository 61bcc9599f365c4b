// Every Deployment keeps the chart's promises: gRPC probes, requests and limits, a
// locked-down non-root container on a read-only root filesystem, exactly the
// environment its service reads (names from the code), secrets only by reference.
import { assertInfrastructureConfig, loadConfig } from "@levy/kit";
import { beforeAll, describe, expect, it } from "vitest";
import { livenessServiceName } from "../../libs/kit/src/health.js";
import {
  componentOf,
  ofKind,
  productionValues,
  provisionChartTools,
  renderValid,
  type K8sObject,
} from "./chart-tools.js";
import {
  calleesOf,
  defaultPorts,
  envNamesOf,
  envPrefix,
  nodeRuntimeEnvNames,
  publicPortEnv,
  secretEnvNames,
  serviceNames,
  settingsOf,
  type ServiceName,
} from "./code-topology.js";

const renderings: [string, () => K8sObject[]][] = [
  ["default values", () => renderValid()],
  ["production-like values", () => renderValid({ values: [productionValues] })],
];

describe.each(renderings)("chart workloads with %s", (rendering, renderObjects) => {
  let objects: K8sObject[];
  beforeAll(() => {
    provisionChartTools();
    objects = renderObjects();
  }, 40 * 60_000);

  const deploymentOf = (service: ServiceName) => ofKind(objects, "Deployment").find((d) => componentOf(d) === service)!;
  const containerOf = (service: ServiceName) => deploymentOf(service).spec.template.spec.containers[0];
  const configOf = (service: ServiceName) => {
    const name = containerOf(service).envFrom[0].configMapRef.name;
    return ofKind(objects, "ConfigMap").find((map) => map.metadata.name === name)!.data!;
  };

  it("sets KAFKA_NAMESPACE in every service's ConfigMap only when kafka.namespace is given", () => {
    const namespaces = serviceNames.map((service) => configOf(service).KAFKA_NAMESPACE);
    expect(new Set(namespaces)).toEqual(new Set([rendering === "default values" ? undefined : "levy-prod"]));
  });

  it("sets STORAGE_UPDATE_PROTOCOL in every service's ConfigMap from mongodb.updateProtocol", () => {
    const protocols = serviceNames.map((service) => configOf(service).STORAGE_UPDATE_PROTOCOL);
    expect(new Set(protocols)).toEqual(new Set([rendering === "default values" ? "auto" : "atomic"]));
  });

  it("has one Deployment per service", () => {
    expect(ofKind(objects, "Deployment").map(componentOf).sort()).toEqual([...serviceNames].sort());
  });

  it.each(serviceNames)("%s: gRPC readiness and liveness probes on its gRPC port", (service) => {
    const container = containerOf(service);
    const grpcPort = Number(configOf(service)[`${envPrefix(service)}_GRPC_PORT`]);
    expect(container.ports.find((port: any) => port.name === "grpc").containerPort).toBe(grpcPort);
    expect(container.readinessProbe.grpc.port).toBe(grpcPort);
    expect(container.readinessProbe.grpc.service).toMatch(/^levy\.[a-z_]+\.v1\.[A-Za-z]+Service$/);
    expect(container.livenessProbe.grpc).toEqual({ port: grpcPort, service: livenessServiceName });
    expect(container.startupProbe.grpc).toEqual({ port: grpcPort, service: livenessServiceName });
  });

  it.each(serviceNames)("%s: resource requests and limits", (service) => {
    const { requests, limits } = containerOf(service).resources;
    for (const resources of [requests, limits]) expect(Object.keys(resources).sort()).toEqual(["cpu", "memory"]);
  });

  it.each(serviceNames)("%s: non-root, read-only, no privileges, writable /tmp only", (service) => {
    const pod = deploymentOf(service).spec.template.spec;
    expect(pod.securityContext).toMatchObject({ runAsNonRoot: true, seccompProfile: { type: "RuntimeDefault" } });
    expect(pod.securityContext.runAsUser).toBeGreaterThan(0);
    expect(pod.automountServiceAccountToken).toBe(false);
    expect(pod.containers).toHaveLength(1);
    expect(containerOf(service).securityContext).toEqual({
      allowPrivilegeEscalation: false,
      readOnlyRootFilesystem: true,
      runAsNonRoot: true,
      capabilities: { drop: ["ALL"] },
    });
    // Data files (extraVolumeMounts, the IP database, Kafka's TLS files from a Secret) are
    // mounted read-only; /tmp is the only writable mount.
    const [tmp, ...mounts] = containerOf(service).volumeMounts;
    expect(tmp).toEqual({ name: "tmp", mountPath: "/tmp" });
    expect(mounts.filter((mount: any) => mount.readOnly !== true)).toEqual([]);
    expect(pod.volumes[0]).toEqual({ name: "tmp", emptyDir: { sizeLimit: expect.any(String) } });
    if (rendering === "default values") expect(pod.volumes).toHaveLength(1);
  });

  it.each(serviceNames)("%s: exactly the variables its code reads, with its default ports", (service) => {
    const config = configOf(service);
    const env = containerOf(service).env;
    const secretEnv = env.filter((variable: any) => variable.valueFrom?.secretKeyRef);
    const rendered = [...Object.keys(config), ...env.map((variable: any) => variable.name)];
    const reads = envNamesOf(service);
    expect(rendered.filter((name) => !reads.has(name) && !nodeRuntimeEnvNames.has(name))).toEqual([]);
    expect(new Set(rendered).size).toBe(rendered.length);
    const prefix = envPrefix(service);
    expect(config).toMatchObject({ STORAGE: "mongo", EVENTS: "kafka", BIND_HOST: "0.0.0.0" });
    expect(config[`${prefix}_GRPC_PORT`]).toBe(String(defaultPorts[service].grpc));
    expect(config[`${prefix}_OPS_PORT`]).toBe(String(defaultPorts[service].ops));
    const publicEnv = publicPortEnv[service];
    if (publicEnv) expect(Number(config[publicEnv])).toBe(containerOf(service).ports[2].containerPort);
    const expectedSecrets =
      service === "gateway"
        ? ["ADMIN_TOKEN", "API_KEY_PEPPER", "API_KEY_PEPPER_PREVIOUS", "KAFKA_BROKERS", "MONGODB_URI"]
        : ["KAFKA_BROKERS", "MONGODB_URI"];
    const kafkaSasl = rendering === "default values" ? [] : ["KAFKA_SASL_PASSWORD", "KAFKA_SASL_USERNAME"]; // production values use SCRAM
    expect(secretEnv.map((env: any) => env.name).sort()).toEqual([...expectedSecrets, ...kafkaSasl].sort());
    // Only the previous pepper may be missing from its Secret (it exists during a rotation).
    const optional = secretEnv
      .filter((env: any) => env.valueFrom.secretKeyRef.optional === true)
      .map((env: any) => env.name);
    expect(optional).toEqual(service === "gateway" ? ["API_KEY_PEPPER_PREVIOUS"] : []);
  });

  it.each(serviceNames)("%s: a URL for each service it calls, naming that service's gRPC Service", (service) => {
    const config = configOf(service);
    const serviceUrls = new Set(serviceNames.map((name) => `${envPrefix(name)}_URL`));
    const urls = Object.keys(config)
      .filter((name) => serviceUrls.has(name))
      .sort();
    expect(urls).toEqual(
      calleesOf(service)
        .map((callee) => `${envPrefix(callee)}_URL`)
        .sort(),
    );
    for (const callee of calleesOf(service)) {
      const url = new URL(config[`${envPrefix(callee)}_URL`]!);
      const target = ofKind(objects, "Service").find((s) => s.metadata.name === url.hostname)!;
      expect(target.spec.selector["app.kubernetes.io/component"]).toBe(callee);
      expect(target.spec.ports.find((port: any) => port.name === "grpc").port).toBe(Number(url.port));
    }
  });

  it.each(serviceNames)("%s: its ConfigMap and Secrets pass the service's own configuration check", (service) => {
    const fromSecrets: Record<string, string> = {
      MONGODB_URI: "mongodb://mongo.example:27017",
      KAFKA_BROKERS: "kafka-0.example:9092,kafka-1.example:9092",
      KAFKA_SASL_USERNAME: "levy",
      KAFKA_SASL_PASSWORD: "kafka-password-from-a-secret",
      ADMIN_TOKEN: "adm_0123456789abcdef0123456789",
      API_KEY_PEPPER: "0123456789abcdef0123456789abcdef0123456789",
      API_KEY_PEPPER_PREVIOUS: "fedcba9876543210fedcba9876543210fedcba9876",
    };
    const env = {
      ...configOf(service),
      ...Object.fromEntries(containerOf(service).env.map((e: any) => [e.name, fromSecrets[e.name]])),
    };
    const config = loadConfig(settingsOf[service], env) as any;
    expect(() => assertInfrastructureConfig(config)).not.toThrow();
    expect(config).toMatchObject({
      storage: "mongo",
      events: "kafka",
      host: "0.0.0.0",
      grpcPort: defaultPorts[service].grpc,
    });
  });

  it("renders no secret values: no Secret objects, secrets only through secretKeyRef", () => {
    expect(ofKind(objects, "Secret")).toEqual([]);
    for (const map of ofKind(objects, "ConfigMap")) {
      expect(Object.keys(map.data!).filter((name) => secretEnvNames.has(name))).toEqual([]);
    }
    for (const deployment of ofKind(objects, "Deployment")) {
      for (const env of deployment.spec.template.spec.containers[0].env) {
        // Secrets only by reference; plain values only for non-secret extras (extraEnv).
        if (secretEnvNames.has(env.name)) {
          expect(env.value).toBeUndefined();
          expect(env.valueFrom.secretKeyRef.name).toMatch(/^[a-z0-9-]+$/);
        } else {
          expect(nodeRuntimeEnvNames.has(env.name)).toBe(true);
        }
      }
    }
    expect(JSON.stringify(objects)).not.toMatch(/mongodb(\+srv)?:\/\/|sk_(test|prod)_|adm_/);
  });
});
