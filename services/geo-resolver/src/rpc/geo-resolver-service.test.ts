// The RPCs through a real gRPC server started like in production (ports 0, embedded
// store in a temporary folder), with errors travelling as LevyError details.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Client } from "@connectrpc/connect";
import { createRpcClient, createRpcTransport, fromConnectError, type RunningService } from "@levy/kit";
import { GeoResolverService } from "@levy/proto/levy/geo_resolver/v1/geo_resolver_pb.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startGeoResolver } from "../app.js";

let service: RunningService;
let client: Client<typeof GeoResolverService>;
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), "geo-resolver-"));
  service = await startGeoResolver({
    env: { GEO_RESOLVER_GRPC_PORT: "0", GEO_RESOLVER_OPS_PORT: "0", DATA_DIR: dataDir, LOG_LEVEL: "silent" },
  });
  client = createRpcClient(GeoResolverService, createRpcTransport({ baseUrl: `http://127.0.0.1:${service.grpcPort}` }));
});

afterAll(async () => {
  await service?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

async function levyErrorOf(call: Promise<unknown>) {
  try {
    await call;
  } catch (error) {
    return fromConnectError(error);
  }
  throw new Error("expected an error");
}

const usAddress = { addressCountry: "US", addressPostalCode: "19103", addressLine1: "1 Main St" };

describe("GeoResolverService over gRPC", () => {
  it("ResolveAddress answers jurisdictions, precision and status", async () => {
    const response = await client.resolveAddress({ address: usAddress });
    expect(response.jurisdictions.map((j) => j.id)).toEqual([
      "US",
      "US-PA",
      "US-PA-COUNTY-PHILADELPHIA",
      "US-PA-CITY-PHILADELPHIA",
    ]);
    expect(response.jurisdictions[2]).toMatchObject({
      type: "COUNTY",
      authorityName: "Pennsylvania Department of Revenue",
      source: "county FIPS 42101",
    });
    expect(response).toMatchObject({ resolutionPrecision: "POSTAL", addressResolutionStatus: "POSTAL_ONLY" });
    expect(response.addressUsed).toMatchObject({
      addressProvince: "PA",
      addressCity: "Philadelphia",
      addressLine1: "1 Main St",
    });
  });

  it("ResolveAddress carries the territory citation", async () => {
    const response = await client.resolveAddress({ address: { addressCountry: "ES", addressPostalCode: "35001" } });
    expect(response.jurisdictions).toHaveLength(1);
    expect(response.jurisdictions[0]).toMatchObject({
      id: "ES-VATX-CANARY_ISLANDS",
      type: "COUNTRY",
      source: expect.stringContaining("2006/112/EC"),
    });
  });

  it("ResolveAddress refuses a contradiction with invalid_address and the field", async () => {
    const error = await levyErrorOf(client.resolveAddress({ address: { ...usAddress, addressProvince: "NY" } }));
    expect(error.code).toBe("invalid_address");
    expect(error.meta).toMatchObject({ field: "address_postal_code" });
  });

  it("ResolveAddress needs an address", async () => {
    expect((await levyErrorOf(client.resolveAddress({}))).code).toBe("missing_field");
  });

  it("ResolveLocation resolves an IP and reports the source", async () => {
    // 2.17.80.1: a GeoLite2 record with ZIP 60602 (see domain/resolve-location.test.ts).
    const response = await client.resolveLocation({ ip: { value: "2.17.80.1", resolution: "" } });
    expect(response).toMatchObject({ locationSource: "ip", zeroRate: false, resolutionPrecision: "POSTAL" });
    expect(response.jurisdictions[1]?.id).toBe("US-IL");
  });

  it("ResolveLocation answers zero rates in zero mode and IP errors in strict mode", async () => {
    expect(await client.resolveLocation({ ip: { value: "10.0.0.1", resolution: "zero" } })).toMatchObject({
      zeroRate: true,
      jurisdictions: [],
      locationSource: "ip",
    });
    expect((await levyErrorOf(client.resolveLocation({ ip: { value: "10.0.0.1", resolution: "strict" } }))).code).toBe(
      "IP_RESOLUTION_FAILED",
    );
    expect((await levyErrorOf(client.resolveLocation({ ip: { value: "nope", resolution: "" } }))).meta).toMatchObject({
      field: "customer.ip.value",
    });
  });

  it("ResolveLocation prefers the address", async () => {
    const response = await client.resolveLocation({ address: usAddress, ip: { value: "2.17.80.1", resolution: "" } });
    expect(response.locationSource).toBe("address");
    expect(response.jurisdictions[1]?.id).toBe("US-PA");
  });
});
