// levy.gateway.v1.RateLimitService: shared rate-limit counters for the front doors.
import type { ConnectRouter } from "@connectrpc/connect";
import { RateLimitService } from "@levy/proto/levy/gateway/v1/gateway_pb.js";
import type { RateLimitStore } from "../adapters/rate-limit-store.js";

export function registerRateLimitService(router: ConnectRouter, rateLimits: RateLimitStore): void {
  router.service(RateLimitService, {
    consume: async (request) =>
      rateLimits.consume({
        accountId: request.accountId,
        bucket: request.bucket,
        limit: request.limit,
        windowSeconds: request.windowSeconds,
      }),
  });
}
