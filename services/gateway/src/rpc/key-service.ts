// levy.gateway.v1.KeyService: other services (the MCP bridge) verify API keys here,
// through the same cached key store the REST API uses, so a revocation counts for both.
// A request may carry a rate-limit charge: a verified secret key's account is then
// counted in the same call, so a front door spends one hop, not two, per request.
import type { ConnectRouter } from "@connectrpc/connect";
import { KeyKind, KeyService } from "@levy/proto/levy/gateway/v1/gateway_pb.js";
import type { KeyStore } from "../adapters/key-store.js";
import type { RateLimitStore } from "../adapters/rate-limit-store.js";

export function registerKeyService(router: ConnectRouter, keyStore: KeyStore, rateLimits: RateLimitStore): void {
  router.service(KeyService, {
    verifyKey: async (request) => {
      const verified = await keyStore.verify(request.secret);
      const charge = request.charge;
      const rate =
        charge && verified.kind === "secret"
          ? await rateLimits.consume({
              accountId: verified.accountId,
              bucket: charge.bucket,
              limit: charge.limit,
              windowSeconds: charge.windowSeconds,
            })
          : undefined;
      return {
        keyId: verified.keyId,
        accountId: verified.accountId,
        livemode: verified.livemode,
        kind: verified.kind === "secret" ? KeyKind.SECRET : KeyKind.PUBLISHABLE,
        pinnedApiVersion: verified.pinnedApiVersion,
        rate,
      };
    },
  });
}
