// .dockerignore matching as Docker does it: patterns use Go's filepath.Match syntax plus
// "**" (any number of directories), are anchored at the context root, exclude whole
// directories, and the last matching line wins ("!" re-includes).
function patternToRegExp(pattern: string): RegExp {
  let source = "";
  for (let i = 0; i < pattern.length; i++) {
    const char = pattern[i]!;
    if (char === "*" && pattern[i + 1] === "*") {
      source += ".*";
      i += pattern[i + 2] === "/" ? 2 : 1;
    } else if (char === "*") source += "[^/]*";
    else if (char === "?") source += "[^/]";
    else source += char.replace(/[.+^${}()|[\]\\]/g, "\\$&");
  }
  // A pattern naming a directory excludes everything under it.
  return new RegExp(`^${source}(/.*)?$`);
}

export function dockerignoreExcludes(dockerignore: string, file: string): boolean {
  let excluded = false;
  for (const raw of dockerignore.split("\n")) {
    const line = raw.trim();
    if (line === "" || line.startsWith("#")) continue;
    const negated = line.startsWith("!");
    const pattern = (negated ? line.slice(1) : line).replace(/^\/+/, "").replace(/\/+$/, "");
    if (patternToRegExp(pattern).test(file)) excluded = !negated;
  }
  return excluded;
}
