// A small evaluator of Kubernetes NetworkPolicy semantics, enough for the policies the
// chart renders: a pod selected by any policy of a direction is isolated in that
// direction and then allows only what some rule of those policies allows; a connection
// needs the source's egress and the destination's ingress. Peers: podSelector (same
// namespace unless a namespaceSelector is given), namespaceSelector, ipBlock (outside
// the cluster); an absent from/to allows every peer, absent ports every port.
import type { K8sObject } from "./chart-tools.js";

export interface Endpoint {
  readonly name: string;
  /** Namespace labels; the release's namespace is { "kubernetes.io/metadata.name": <ns> }. */
  readonly namespaceLabels: Record<string, string>;
  /** Pod labels; null for an address outside the cluster. */
  readonly podLabels: Record<string, string> | null;
}

interface Selector {
  matchLabels?: Record<string, string>;
  matchExpressions?: unknown[];
}

function matches(selector: Selector | undefined, labels: Record<string, string>): boolean {
  if (selector?.matchExpressions?.length) throw new Error("matchExpressions are not evaluated by this test");
  return Object.entries(selector?.matchLabels ?? {}).every(([key, value]) => labels[key] === value);
}

function peerMatches(peer: any, endpoint: Endpoint, policyNamespace: Record<string, string>): boolean {
  if (peer.ipBlock) return endpoint.podLabels === null;
  if (endpoint.podLabels === null) return false;
  const namespaceOk = peer.namespaceSelector
    ? matches(peer.namespaceSelector, endpoint.namespaceLabels)
    : JSON.stringify(endpoint.namespaceLabels) === JSON.stringify(policyNamespace);
  return namespaceOk && (!peer.podSelector || matches(peer.podSelector, endpoint.podLabels));
}

function ruleAllows(
  rule: any,
  peers: any[] | undefined,
  endpoint: Endpoint,
  port: number,
  policyNamespace: Record<string, string>,
): boolean {
  const portOk =
    !rule.ports || rule.ports.some((entry: any) => (entry.protocol ?? "TCP") === "TCP" && entry.port === port);
  const peerOk = !peers || peers.length === 0 || peers.some((peer) => peerMatches(peer, endpoint, policyNamespace));
  return portOk && peerOk;
}

export function createPolicyEvaluator(objects: readonly K8sObject[], releaseNamespace: Record<string, string>) {
  const policies = objects.filter((object) => object.kind === "NetworkPolicy");
  const selecting = (pod: Endpoint, type: "Ingress" | "Egress") =>
    pod.podLabels === null || JSON.stringify(pod.namespaceLabels) !== JSON.stringify(releaseNamespace)
      ? []
      : policies.filter(
          (policy) => policy.spec.policyTypes.includes(type) && matches(policy.spec.podSelector, pod.podLabels!),
        );

  /** Whether `source` may open a TCP connection to `destination` on `port`. */
  return function allows(source: Endpoint, destination: Endpoint, port: number): boolean {
    const egress = selecting(source, "Egress");
    const egressOk =
      egress.length === 0 ||
      egress.some((policy) =>
        (policy.spec.egress ?? []).some((rule: any) => ruleAllows(rule, rule.to, destination, port, releaseNamespace)),
      );
    const ingress = selecting(destination, "Ingress");
    const ingressOk =
      ingress.length === 0 ||
      ingress.some((policy) =>
        (policy.spec.ingress ?? []).some((rule: any) => ruleAllows(rule, rule.from, source, port, releaseNamespace)),
      );
    return egressOk && ingressOk;
  };
}
