// Summarises a V8 .cpuprofile (from node --cpu-prof): self time per function, largest
// first, so the biggest costs of the request path show at the top. Pure; unit-tested.

const shortUrl = (url) => {
  if (!url) return "";
  const withoutScheme = url.replace(/^file:\/\//, "");
  const modules = withoutScheme.lastIndexOf("node_modules/");
  if (modules >= 0) return withoutScheme.slice(modules + "node_modules/".length);
  const levy = withoutScheme.search(/\/(services|libs|deploy|bench)\//);
  return levy >= 0 ? withoutScheme.slice(levy + 1) : withoutScheme;
};

/**
 * Self time (ms) per function, aggregated over nodes with the same name and location.
 * `fromMicros` (same monotonic clock as process.hrtime) skips the samples before it, e.g.
 * start-up, so only the time under load is counted.
 */
export function selfTimes(profile, { fromMicros = 0 } = {}) {
  const byNode = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfMicros = new Map();
  let at = profile.startTime;
  profile.samples.forEach((id, index) => {
    const delta = profile.timeDeltas[index] ?? 0;
    at += delta;
    if (at >= fromMicros) selfMicros.set(id, (selfMicros.get(id) ?? 0) + delta);
  });
  const totals = new Map();
  let totalMicros = 0;
  for (const [id, micros] of selfMicros) {
    const frame = byNode.get(id).callFrame;
    const name = frame.functionName || "(anonymous)";
    const where = frame.url ? `${shortUrl(frame.url)}:${frame.lineNumber + 1}` : "";
    const key = `${name}\u0000${where}`;
    const entry = totals.get(key) ?? { name, where, selfMs: 0 };
    entry.selfMs += micros / 1000;
    totals.set(key, entry);
    totalMicros += micros;
  }
  const totalMs = totalMicros / 1000;
  return {
    totalMs,
    functions: [...totals.values()]
      .map((entry) => ({ ...entry, share: totalMs > 0 ? entry.selfMs / totalMs : 0 }))
      .sort((a, b) => b.selfMs - a.selfMs),
  };
}

/** Self time per package or Levy workspace (node_modules/<pkg>, services/<name>, node internals). */
export function selfTimesByModule(profile, options = {}) {
  const { totalMs, functions } = selfTimes(profile, options);
  const byModule = new Map();
  for (const fn of functions) {
    const module = moduleOf(fn.where, fn.name);
    byModule.set(module, (byModule.get(module) ?? 0) + fn.selfMs);
  }
  return [...byModule]
    .map(([module, selfMs]) => ({ module, selfMs, share: totalMs > 0 ? selfMs / totalMs : 0 }))
    .sort((a, b) => b.selfMs - a.selfMs);
}

function moduleOf(where, name) {
  if (!where) return name.startsWith("(") ? name : "(native)";
  if (where.startsWith("node:")) return "node internals";
  const parts = where.split("/");
  if (parts[0] === "services" || parts[0] === "libs" || parts[0] === "deploy" || parts[0] === "bench")
    return `${parts[0]}/${parts[1]}`;
  return parts[0].startsWith("@") ? `${parts[0]}/${parts[1]}` : parts[0];
}

export function formatSelfTimes(summary, limit = 25) {
  const lines = [`total sampled: ${summary.totalMs.toFixed(0)} ms`, "  self ms   share  function  (location)"];
  for (const fn of summary.functions.slice(0, limit)) {
    lines.push(
      `${fn.selfMs.toFixed(1).padStart(9)}  ${(fn.share * 100).toFixed(1).padStart(5)}%  ${fn.name}${fn.where ? `  (${fn.where})` : ""}`,
    );
  }
  return lines.join("\n");
}
