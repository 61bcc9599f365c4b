// The NetworkPolicies allow exactly the calls the code makes (derived from each
// service's <NAME>_URL settings, not from the chart), Prometheus on the ops ports, DNS,
// MongoDB and Kafka; only the gateway's and the MCP bridge's public ports are reachable
// from outside, and only their Services may leave the cluster network.
import { beforeAll, describe, expect, it } from "vitest";
import {
  componentOf,
  ofKind,
  productionValues,
  provisionChartTools,
  renderValid,
  type K8sObject,
} from "./chart-tools.js";
import { callGraph, serviceNames, type ServiceName } from "./code-topology.js";
import { createPolicyEvaluator, type Endpoint } from "./network-policies.js";

const namespace = { "kubernetes.io/metadata.name": "levy" };
const outsiders: Record<string, Endpoint> = {
  internet: { name: "internet", namespaceLabels: {}, podLabels: null },
  "same-namespace pod": { name: "same-namespace pod", namespaceLabels: namespace, podLabels: { app: "other" } },
  "other namespace": {
    name: "other namespace",
    namespaceLabels: { "kubernetes.io/metadata.name": "shop" },
    podLabels: { app: "shop" },
  },
  "ingress controller": {
    name: "ingress controller",
    namespaceLabels: { "kubernetes.io/metadata.name": "ingress-nginx" },
    podLabels: { app: "ingress-nginx" },
  },
  prometheus: {
    name: "prometheus",
    namespaceLabels: { "kubernetes.io/metadata.name": "monitoring" },
    podLabels: { "app.kubernetes.io/name": "prometheus" },
  },
};
const publicServices = ["gateway", "mcp-bridge"];

describe.each([
  [
    "default values",
    [] as string[],
    ["internet", "same-namespace pod", "other namespace", "ingress controller", "prometheus"],
  ],
  ["production-like values", [productionValues], ["ingress controller"]],
])("network with %s", (_, values, mayReachPublicPorts) => {
  let objects: K8sObject[];
  let pods: Record<ServiceName, Endpoint>;
  let ports: Record<ServiceName, { grpc: number; ops: number; public?: number }>;
  let allows: ReturnType<typeof createPolicyEvaluator>;
  beforeAll(() => {
    provisionChartTools();
    objects = renderValid({ values });
    allows = createPolicyEvaluator(objects, namespace);
    pods = {} as typeof pods;
    ports = {} as typeof ports;
    for (const deployment of ofKind(objects, "Deployment")) {
      const service = componentOf(deployment) as ServiceName;
      pods[service] = {
        name: service,
        namespaceLabels: namespace,
        podLabels: deployment.spec.template.metadata.labels,
      };
      const containerPorts = Object.fromEntries(
        deployment.spec.template.spec.containers[0].ports.map((p: any) => [p.name, p.containerPort]),
      );
      ports[service] = {
        grpc: containerPorts.grpc,
        ops: containerPorts.ops,
        public: containerPorts.http ?? containerPorts.mcp,
      };
    }
  }, 40 * 60_000);

  const portsOf = (service: ServiceName) =>
    Object.entries(ports[service]).filter(([, port]) => port !== undefined) as [string, number][];

  it("lets services call each other exactly along the code's call graph, on gRPC only", () => {
    const allowed: string[] = [];
    for (const caller of serviceNames) {
      for (const callee of serviceNames) {
        for (const [kind, port] of portsOf(callee)) {
          if (allows(pods[caller], pods[callee], port))
            allowed.push(kind === "grpc" ? `${caller}->${callee}` : `${caller}->${callee}:${kind}`);
        }
      }
    }
    expect(allowed.sort()).toEqual(callGraph());
    expect(callGraph()).toContain("gateway->ledger"); // the graph is not empty by accident
  });

  it("opens only the public ports of gateway and mcp-bridge to the outside, and ops ports to Prometheus", () => {
    for (const [name, outsider] of Object.entries(outsiders)) {
      const reachable = serviceNames.flatMap((service) =>
        portsOf(service)
          .filter(([, port]) => allows(outsider, pods[service], port))
          .map(([kind]) => `${service}:${kind}`),
      );
      const expected = [
        ...(mayReachPublicPorts.includes(name) ? publicServices.map((service) => `${service}:public`) : []),
        ...(name === "prometheus" ? serviceNames.map((service) => `${service}:ops`) : []),
      ];
      expect({ name, reachable: reachable.sort() }).toEqual({ name, reachable: expected.sort() });
    }
  });

  it("lets every service reach DNS, MongoDB and Kafka and nothing else outside, but certificates public https hosts", () => {
    const dns = {
      name: "dns",
      namespaceLabels: { "kubernetes.io/metadata.name": "kube-system" },
      podLabels: { "k8s-app": "kube-dns" },
    };
    const mongo = {
      name: "mongo",
      namespaceLabels: { "kubernetes.io/metadata.name": "mongodb" },
      podLabels: { "app.kubernetes.io/name": "mongodb" },
    };
    const kafka = {
      name: "kafka",
      namespaceLabels: { "kubernetes.io/metadata.name": "kafka" },
      podLabels: { "strimzi.io/cluster": "levy" },
    };
    for (const service of serviceNames) {
      expect(allows(pods[service], dns, 53)).toBe(true);
      expect(allows(pods[service], mongo, 27017)).toBe(true);
      expect(allows(pods[service], kafka, 9092)).toBe(true);
      // certificates fetches submitted documents (services/certificates/src/fetching), the
      // gateway delivers webhooks (services/gateway/src/webhooks); geo-resolver's
      // geoipupdate init container downloads from MaxMind (production values).
      expect(allows(pods[service], outsiders.internet!, 443)).toBe(
        service === "certificates" || service === "gateway" || (service === "geo-resolver" && values.length > 0),
      );
      expect(allows(pods[service], outsiders.internet!, 80)).toBe(false);
      expect(allows(pods[service], mongo, 9092)).toBe(values.length === 0); // production pins Kafka to its pods
    }
  });

  it("exposes only the public Services of gateway and mcp-bridge beyond ClusterIP or through the Ingress", () => {
    const services = ofKind(objects, "Service");
    const publicOnes = services.filter((s) => s.metadata.name.endsWith("-public"));
    expect(publicOnes.map((s) => s.spec.selector["app.kubernetes.io/component"]).sort()).toEqual(publicServices);
    for (const service of services.filter((s) => !publicOnes.includes(s))) expect(service.spec.type).toBe("ClusterIP");
    const backends = ofKind(objects, "Ingress").flatMap((ingress) =>
      ingress.spec.rules.map((rule: any) => rule.http.paths[0].backend.service.name),
    );
    for (const backend of backends) expect(publicOnes.map((s) => s.metadata.name)).toContain(backend);
  });
});

it(
  "keeps internal services internal even when the public Services become LoadBalancers",
  () => {
    provisionChartTools();
    const objects = renderValid({
      set: ["services.gateway.publicService.type=LoadBalancer", "services.mcp-bridge.publicService.type=NodePort"],
    });
    const exposed = ofKind(objects, "Service").filter((s) => s.spec.type !== "ClusterIP");
    expect(
      exposed.map((s) => [s.spec.selector["app.kubernetes.io/component"], s.spec.ports.map((p: any) => p.targetPort)]),
    ).toEqual([
      ["gateway", ["http"]],
      ["mcp-bridge", ["mcp"]],
    ]);
  },
  40 * 60_000,
);
