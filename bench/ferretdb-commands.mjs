// FerretDB's own count of the commands it answered, by command name, read from its debug
// listener's Prometheus text (`ferretdb_client_requests_total`). In distributed mode the
// harness prints the commands per request beside the CPU: the count is exact where the CPU
// is noisy on a shared machine, and FerretDB costs a fixed amount per command
// (docs/performance.md, "Distributed path, third pass").

/** Commands answered so far by name, from the metrics text. */
export function parseCommandCounts(text) {
  const counts = {};
  for (const line of text.split("\n")) {
    const match = /^ferretdb_client_requests_total\{([^}]*)\}\s+(\S+)/.exec(line);
    if (!match) continue;
    const command = /(?:^|,)command="([^"]*)"/.exec(match[1])?.[1] ?? "unknown";
    counts[command] = (counts[command] ?? 0) + Number(match[2]);
  }
  return counts;
}

/** Per request, by command and in total ("all"), between two readings; null without requests. */
export function commandsPerRequest(before, after, requests) {
  if (!before || !after || !(requests > 0)) return null;
  const perRequest = {};
  let all = 0;
  for (const [command, count] of Object.entries(after)) {
    const delta = count - (before[command] ?? 0);
    if (delta <= 0) continue;
    perRequest[command] = delta / requests;
    all += delta;
  }
  return { ...perRequest, all: all / requests };
}

/** A reader of FerretDB's counts at `debugUrl` (start.sh's FERRETDB_DEBUG_URL); undefined without one. */
export function ferretdbCommandReader(debugUrl) {
  if (!debugUrl) return undefined;
  return async () => {
    try {
      const response = await fetch(new URL("/debug/metrics", debugUrl));
      return response.ok ? parseCommandCounts(await response.text()) : null;
    } catch {
      return null;
    }
  };
}
