// geoipUpdate: the IP database comes from a shared volume kept current by MaxMind's
// geoipupdate (a CronJob, and an init container for the first download), with the
// credentials from an existing Secret; the geo-resolver reads it read-only.
import { beforeAll, describe, expect, it } from "vitest";
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

const databaseFile = "/var/lib/levy/geoip/GeoLite2-City.mmdb";

function geoResolverPod(objects: K8sObject[]) {
  return ofKind(objects, "Deployment").find((deployment) => componentOf(deployment) === "geo-resolver")!.spec.template
    .spec;
}

function configOf(objects: K8sObject[], service: string) {
  return ofKind(objects, "ConfigMap").find((map) => map.metadata.name === `rel-levy-${service}`)!.data!;
}

/** The geoipupdate container's credentials: Secret references, never values. */
function credentialsOf(container: any) {
  return container.env
    .filter((env: any) => env.name.startsWith("GEOIPUPDATE_") && env.valueFrom)
    .map((env: any) => [env.name, env.valueFrom.secretKeyRef]);
}

describe("geoipUpdate", () => {
  let objects: K8sObject[];
  beforeAll(() => {
    provisionChartTools();
    objects = renderValid({ values: [productionValues] });
  }, 40 * 60_000);

  it("is off by default: the geo-resolver uses the database in its image", () => {
    const defaults = renderValid();
    expect(ofKind(defaults, "CronJob")).toEqual([]);
    expect(geoResolverPod(defaults).initContainers).toBeUndefined();
    expect(configOf(defaults, "geo-resolver").GEO_RESOLVER_IP_DB_IPV4).toBeUndefined();
  });

  it("runs geoipupdate on a schedule into a shared claim, with the credentials from the Secret", () => {
    const [cronJob] = ofKind(objects, "CronJob");
    expect(cronJob!.spec.schedule).toBe("17 5 * * 3,6");
    const pod = cronJob!.spec.jobTemplate.spec.template.spec;
    const container = pod.containers[0];
    expect(container.image).toBe("ghcr.io/maxmind/geoipupdate:v7.1.1");
    expect(credentialsOf(container)).toEqual([
      ["GEOIPUPDATE_ACCOUNT_ID", { name: "levy-prod-maxmind", key: "account-id" }],
      ["GEOIPUPDATE_LICENSE_KEY", { name: "levy-prod-maxmind", key: "license-key" }],
    ]);
    expect(container.env).toContainEqual({ name: "GEOIPUPDATE_EDITION_IDS", value: "GeoLite2-City" });
    expect(container.securityContext).toMatchObject({
      runAsNonRoot: true,
      readOnlyRootFilesystem: true,
      allowPrivilegeEscalation: false,
    });
    const [claim] = ofKind(objects, "PersistentVolumeClaim");
    expect(claim!.spec).toMatchObject({ accessModes: ["ReadWriteMany"], storageClassName: "efs-sc" });
    expect(pod.volumes).toContainEqual({ name: "geoip", persistentVolumeClaim: { claimName: claim!.metadata.name } });
  });

  it("gives the geo-resolver the database read-only, fetched before it starts", () => {
    const pod = geoResolverPod(objects);
    expect(pod.initContainers.map((container: any) => container.name)).toEqual(["geoipupdate"]);
    expect(credentialsOf(pod.initContainers[0])).toHaveLength(2);
    expect(pod.containers[0].volumeMounts).toContainEqual({
      name: "geoip",
      mountPath: "/var/lib/levy/geoip",
      readOnly: true,
    });
    expect(configOf(objects, "geo-resolver")).toMatchObject({
      GEO_RESOLVER_IP_DB_IPV4: databaseFile,
      GEO_RESOLVER_IP_DB_IPV6: databaseFile,
    });
    for (const other of ["calc-engine", "ledger"])
      expect(configOf(objects, other).GEO_RESOLVER_IP_DB_IPV4).toBeUndefined();
  });

  it("uses an existing claim instead of creating one", () => {
    const rendered = renderValid({
      values: [productionValues],
      set: ["geoipUpdate.persistence.existingClaim=shared-geoip"],
    });
    expect(ofKind(rendered, "PersistentVolumeClaim")).toEqual([]);
    expect(geoResolverPod(rendered).volumes).toContainEqual({
      name: "geoip",
      persistentVolumeClaim: { claimName: "shared-geoip" },
    });
  });

  it("refuses IP database paths in settings while geoipUpdate sets them", () => {
    const result = helm(
      "template",
      "rel",
      chartDir,
      "--set",
      "geoipUpdate.enabled=true",
      "--set",
      "services.geo-resolver.settings.GEO_RESOLVER_IP_DB_IPV4=/x.mmdb",
    );
    expect(result.status).not.toBe(0);
    expect(result.stderr).toMatch(/geoipUpdate.enabled sets them/);
  });
});
