// LevyError <-> ConnectError: the code and meta travel as a levy.common.v1.ErrorInfo
// detail, so the gateway sees exactly what the service decided.
import { create } from "@bufbuild/protobuf";
import { Code, ConnectError } from "@connectrpc/connect";
import { isOutage } from "@levy/events";
import { ErrorInfoSchema } from "@levy/proto/levy/common/v1/common_pb.js";
import { type ErrorCode, errorCodes, isErrorCode } from "./error-codes.js";
import { LevyError } from "./levy-error.js";

/**
 * A database or broker outage (StorageError and EventBusError say `code: "unavailable"`)
 * is the retryable 503 the caller can act on, not an internal error.
 */
function outage(error: unknown): LevyError | null {
  if (!(error instanceof Error) || error instanceof LevyError || !isOutage(error)) return null;
  return new LevyError("upstream_unavailable", "a dependency is unavailable, retry shortly", undefined, {
    cause: error,
  });
}

export function toConnectError(error: unknown): ConnectError {
  if (error instanceof ConnectError) return error;
  const levy =
    error instanceof LevyError
      ? error
      : (outage(error) ?? new LevyError("internal_error", "internal error", undefined, { cause: error }));
  const detail = create(ErrorInfoSchema, { code: levy.code, message: levy.message, meta: { ...(levy.meta ?? {}) } });
  return new ConnectError(
    levy.message,
    errorCodes[levy.code],
    undefined,
    [{ desc: ErrorInfoSchema, value: detail }],
    error,
  );
}

/** The Levy error code a peer's ConnectError carries, if it carries one. */
export function levyCodeOf(error: unknown): ErrorCode | undefined {
  if (!(error instanceof ConnectError)) return undefined;
  const [info] = error.findDetails(ErrorInfoSchema);
  return info && isErrorCode(info.code) ? info.code : undefined;
}

/** Recovers the LevyError a service raised; infrastructure failures become upstream_* codes. */
export function fromConnectError(error: unknown): LevyError {
  if (error instanceof LevyError) return error;
  const down = outage(error);
  if (down) return down;
  const connectError = ConnectError.from(error);
  const [info] = connectError.findDetails(ErrorInfoSchema);
  if (info && isErrorCode(info.code)) {
    return new LevyError(info.code, info.message, Object.keys(info.meta).length > 0 ? info.meta : undefined, {
      cause: error,
    });
  }
  switch (connectError.code) {
    // Aborted or Canceled without our ErrorInfo is the transport's: the connection or
    // stream to the dependency dropped mid-call (it crashed or restarted). Retryable,
    // like an unreachable one.
    case Code.Aborted:
    case Code.Canceled:
    case Code.Unavailable:
      return new LevyError("upstream_unavailable", "a dependency is unavailable, retry shortly", undefined, {
        cause: error,
      });
    case Code.DeadlineExceeded:
      return new LevyError("upstream_timeout", "a dependency did not answer in time, retry shortly", undefined, {
        cause: error,
      });
    default:
      return new LevyError("internal_error", "internal error", undefined, { cause: error });
  }
}

/**
 * An error another service raised about a field of an object this service passed on (an
 * address), re-addressed to where that object sits in this service's request:
 * "address_postal_code" under "merchant.default_address" becomes
 * "merchant.default_address.address_postal_code", and the message says where. Errors
 * without a field (outages, timeouts) are returned unchanged.
 */
export function nestFieldError(error: unknown, path: string): unknown {
  const levy = fromConnectError(error);
  const field = levy.meta?.field;
  if (!field) return error;
  return new LevyError(
    levy.code,
    `${path}: ${levy.message}`,
    { ...levy.meta, field: `${path}.${field}` },
    { cause: error },
  );
}
