// Page-size bounds shared by every list RPC, and the cursor error they all report.
import { LevyError } from "@levy/kit";
import { StorageError } from "@levy/storage";

export const defaultPageSize = 10;
export const maxPageSize = 100;

export function clampLimit(limit: number): number {
  return limit > 0 ? Math.min(limit, maxPageSize) : defaultPageSize;
}

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
