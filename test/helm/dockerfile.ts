// A Dockerfile read the way Docker reads it, enough for tests: comments dropped,
// continuation lines joined, instructions grouped into stages by FROM.
export interface Instruction {
  readonly keyword: string;
  readonly args: string;
}

export interface Stage {
  readonly from: string;
  readonly name: string | null;
  readonly instructions: Instruction[];
}

export interface ParsedDockerfile {
  /** ARG instructions before the first FROM (usable in FROM lines). */
  readonly globalArgs: Map<string, string>;
  readonly stages: Stage[];
}

function instructions(text: string): Instruction[] {
  const joined: string[] = [];
  let pending = "";
  for (const raw of text.split("\n")) {
    const line = raw.trim();
    if (pending === "" && (line === "" || line.startsWith("#"))) continue;
    if (pending !== "" && line.startsWith("#")) continue; // comments inside a continued instruction
    pending += (pending ? " " : "") + line.replace(/\\$/, "").trim();
    if (!line.endsWith("\\")) {
      joined.push(pending);
      pending = "";
    }
  }
  return joined.map((line) => {
    const space = line.indexOf(" ");
    return { keyword: line.slice(0, space).toUpperCase(), args: line.slice(space + 1).trim() };
  });
}

export function parseDockerfile(text: string): ParsedDockerfile {
  const globalArgs = new Map<string, string>();
  const stages: Stage[] = [];
  for (const instruction of instructions(text)) {
    if (instruction.keyword === "FROM") {
      const [from, as, name] = instruction.args.split(/\s+/);
      stages.push({ from: from!, name: as?.toUpperCase() === "AS" ? name! : null, instructions: [] });
    } else if (stages.length === 0) {
      if (instruction.keyword === "ARG") {
        const [key, value = ""] = instruction.args.split("=", 2);
        globalArgs.set(key!, value);
      }
    } else {
      stages.at(-1)!.instructions.push(instruction);
    }
  }
  return { globalArgs, stages };
}

/** `${NAME}` in a FROM line replaced by the global ARG's default. */
export function baseImage(dockerfile: ParsedDockerfile, stage: Stage): string {
  return stage.from.replace(
    /\$\{(\w+)\}|\$(\w+)/g,
    (_match, braced, bare) => dockerfile.globalArgs.get(braced ?? bare) ?? "",
  );
}
