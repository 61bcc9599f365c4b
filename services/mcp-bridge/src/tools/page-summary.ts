// The one-line summary above a page of results in a tool's text content.

/** "3 transactions (more available: pass next_cursor as cursor)" */
export function pageSummary(count: number, noun: string, hasMore: boolean): string {
  return `${count} ${noun}${hasMore ? " (more available: pass next_cursor as cursor)" : ""}`;
}
