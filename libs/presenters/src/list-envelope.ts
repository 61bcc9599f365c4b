// The public list envelope, shared by every list: {object: "list", data, has_more,
// next_cursor}; the services' empty next cursor means the last page (null).
export function listEnvelope<T>(data: T[], nextCursor: string) {
  return {
    object: "list" as const,
    data,
    has_more: nextCursor !== "",
    next_cursor: nextCursor === "" ? null : nextCursor,
  };
}
