// Every scoped RPC carries levy.common.v1.Scope; a missing account is a caller bug.
import type { Scope as ScopeMessage } from "@levy/proto/levy/common/v1/common_pb.js";
import type { Scope } from "@levy/storage";
import { LevyError } from "./levy-error.js";

export function scopeFrom(message: ScopeMessage | undefined): Scope {
  if (!message || message.accountId === "") throw new LevyError("invalid_request", "scope.account_id is required");
  return { accountId: message.accountId, livemode: message.livemode };
}
