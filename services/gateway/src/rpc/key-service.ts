// levy.gateway.v1.KeyService: other services (the MCP bridge) verify API keys here,
// through the same cached key store the REST API uses, so a revocation counts for both.
import type { ConnectRouter } from "@connectrpc/connect";
import { KeyKind, KeyService } from "@levy/proto/levy/gateway/v1/gateway_pb.js";
import type { KeyStore } from "../adapters/key-store.js";

export function registerKeyService(router: ConnectRouter, keyStore: KeyStore): void {
  router.service(KeyService, {
    verifyKey: async (request) => {
      const verified = await keyStore.verify(request.secret);
      return {
        keyId: verified.keyId,
        accountId: verified.accountId,
        livemode: verified.livemode,
        kind: verified.kind === "secret" ? KeyKind.SECRET : KeyKind.PUBLISHABLE,
        pinnedApiVersion: verified.pinnedApiVersion,
      };
    },
  });
}
