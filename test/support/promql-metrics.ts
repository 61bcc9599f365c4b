// Pulls the metric names out of PromQL expressions, and checks them against what the
// services really export. A small tokenizer, not a full parser: it skips strings, label
// matchers ({...}), ranges and subqueries ([...]), grouping label lists (by, without,
// on, ignoring, group_left, group_right), numbers and durations; an identifier followed
// by "(" is a function or an aggregation, a keyword is a keyword, and what is left is
// a metric name.

const keywords = new Set([
  "by",
  "without",
  "on",
  "ignoring",
  "group_left",
  "group_right",
  "bool",
  "and",
  "or",
  "unless",
  "offset",
  "atan2",
  "inf",
  "nan",
]);
const labelListKeywords = new Set(["by", "without", "on", "ignoring", "group_left", "group_right"]);
const aggregations = new Set([
  "sum",
  "min",
  "max",
  "avg",
  "group",
  "stddev",
  "stdvar",
  "count",
  "count_values",
  "bottomk",
  "topk",
  "quantile",
  "limitk",
  "limit_ratio",
]);
const identifier = /[a-zA-Z_:][a-zA-Z0-9_:]*/y;

function skipString(text: string, start: number): number {
  const quote = text[start];
  let index = start + 1;
  while (index < text.length && text[index] !== quote) index += text[index] === "\\" ? 2 : 1;
  return index + 1;
}

function skipBalanced(text: string, start: number, open: string, close: string): number {
  let depth = 0;
  for (let index = start; index < text.length; index += 1) {
    const char = text[index]!;
    if (char === '"' || char === "'" || char === "`") {
      index = skipString(text, index) - 1;
    } else if (char === open) {
      depth += 1;
    } else if (char === close && --depth === 0) {
      return index + 1;
    }
  }
  throw new Error(`unbalanced ${open} in: ${text}`);
}

function nextNonSpace(text: string, index: number): number {
  while (index < text.length && /\s/.test(text[index]!)) index += 1;
  return index;
}

/** Metric names a PromQL expression selects, in order of appearance, without repeats. */
export function metricNamesOf(expression: string): string[] {
  const names: string[] = [];
  let index = 0;
  while (index < expression.length) {
    const char = expression[index]!;
    if (char === '"' || char === "'" || char === "`") {
      index = skipString(expression, index);
    } else if (char === "{") {
      index = skipBalanced(expression, index, "{", "}");
    } else if (char === "[") {
      index = skipBalanced(expression, index, "[", "]");
    } else if (char === "#") {
      while (index < expression.length && expression[index] !== "\n") index += 1; // comment
    } else if (/[0-9.]/.test(char)) {
      // A number, a duration (5m, 1h30m) or a hex/exponent literal: never a name.
      while (index < expression.length && /[0-9a-zA-Z_.]/.test(expression[index]!)) index += 1;
    } else if (/[a-zA-Z_:]/.test(char) && (index === 0 || !/[$a-zA-Z0-9_]/.test(expression[index - 1]!))) {
      identifier.lastIndex = index;
      const word = identifier.exec(expression)![0];
      index += word.length;
      const after = nextNonSpace(expression, index);
      const lower = word.toLowerCase();
      if (labelListKeywords.has(lower)) {
        if (expression[after] === "(") index = skipBalanced(expression, after, "(", ")");
      } else if (
        expression[after] === "(" ||
        keywords.has(lower) ||
        (aggregations.has(lower) && /^(by|without)\b/i.test(expression.slice(after)))
      ) {
        // A function or aggregation name (also "sum by (le) (...)"), or a keyword.
      } else if (!names.includes(word)) {
        names.push(word);
      }
    } else if (char === "$") {
      // A Grafana variable ($__rate_interval, ${service}): not a metric.
      index += 1;
      if (expression[index] === "{") index = skipBalanced(expression, index, "{", "}");
      else while (index < expression.length && /[a-zA-Z0-9_]/.test(expression[index]!)) index += 1;
    } else {
      index += 1;
    }
  }
  return names;
}

/** Metric families of a Prometheus text exposition that have at least one sample. */
export function exportedFamilies(exposition: string): Map<string, string> {
  const types = new Map<string, string>();
  for (const [, name, type] of exposition.matchAll(/^# TYPE (\S+) (\S+)$/gm)) types.set(name!, type!);
  const sampled = new Map<string, string>();
  for (const [, sample] of exposition.matchAll(/^([a-zA-Z_:][a-zA-Z0-9_:]*)[{ ]/gm)) {
    const family = types.has(sample!) ? sample! : sample!.replace(/_(bucket|sum|count)$/, "");
    const type = types.get(family);
    if (type) sampled.set(family, type);
  }
  return sampled;
}

/** Names queried that no service exports with a sample (_bucket/_sum/_count only on histograms and summaries). */
export function missingMetrics(queried: Iterable<string>, families: ReadonlyMap<string, string>): string[] {
  const missing = new Set<string>();
  for (const name of queried) {
    if (families.has(name)) continue;
    const base = name.replace(/_(bucket|sum|count)$/, "");
    const type = families.get(base);
    const histogramPart = base !== name && (type === "histogram" || (type === "summary" && !name.endsWith("_bucket")));
    if (!histogramPart) missing.add(name);
  }
  return [...missing].sort();
}

/**
 * The aggregation applied directly to each selector of `metric` in an expression, in
 * order ("max" for `max by (service) (metric{...})`); "none" for a bare selector.
 * Gauges every replica reads from the same database must be aggregated with max.
 */
export function aggregationsOver(expression: string, metric: string): string[] {
  const text = expression.replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|`[^`]*`/g, '""');
  const found: string[] = [];
  const selector = new RegExp(`(?<![a-zA-Z0-9_:])${metric}(?![a-zA-Z0-9_:])`, "g");
  for (const match of text.matchAll(selector)) {
    const before = text.slice(0, match.index).trimEnd();
    const wrapped = /([a-zA-Z_]+)\s*(?:(?:by|without)\s*\([^()]*\)\s*)?\(\s*$/.exec(before);
    found.push(wrapped ? wrapped[1]! : "none");
  }
  return found;
}
