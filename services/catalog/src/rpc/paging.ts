// The cursor error every list RPC reports (page sizes: @levy/kit pageSize).
import { LevyError } from "@levy/kit";
import { StorageError } from "@levy/storage";

export function withCursorErrors<T>(promise: Promise<T>): Promise<T> {
  return promise.catch((error: unknown) => {
    if (error instanceof StorageError && error.code === "invalid_cursor") {
      throw new LevyError("invalid_cursor", "cursor is malformed or expired; restart from the first page", {
        field: "cursor",
      });
    }
    throw error;
  });
}
