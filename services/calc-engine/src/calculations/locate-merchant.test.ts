import { create } from "@bufbuild/protobuf";
import { createClient, createRouterTransport } from "@connectrpc/connect";
import { LevyError, toConnectError } from "@levy/kit";
import { AddressSchema } from "@levy/proto/levy/common/v1/common_pb.js";
import { GeoResolverService } from "@levy/proto/levy/geo_resolver/v1/geo_resolver_pb.js";
import { describe, expect, it } from "vitest";
import { locateMerchant } from "./locate-merchant.js";

/** A geo-resolver that refuses every address as the real one refuses CA with ZIP 19103. */
function refusingGeo() {
  const transport = createRouterTransport(({ service }) => {
    service(GeoResolverService, {
      resolveAddress: () => {
        throw new Error("not used");
      },
      resolveLocation: () => {
        throw toConnectError(
          new LevyError("invalid_address", "ZIP 19103 is in Pennsylvania (PA), not in CA", {
            field: "address_postal_code",
            reason: "contradiction",
          }),
        );
      },
    });
  });
  return createClient(GeoResolverService, transport);
}

describe("locating a platform's merchant", () => {
  it("when the merchant's stored address contradicts itself, the error names merchant.default_address, not the customer's address", async () => {
    const address = create(AddressSchema, { addressCountry: "US", addressProvince: "CA", addressPostalCode: "19103" });
    const failure = await locateMerchant(refusingGeo(), address).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(LevyError);
    expect(failure).toMatchObject({
      code: "invalid_address",
      meta: { field: "merchant.default_address.address_postal_code", reason: "contradiction" },
    });
    expect((failure as LevyError).message).toMatch(/^merchant\.default_address: /);
  });
});
