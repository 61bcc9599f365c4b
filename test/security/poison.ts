// What the fuzzer throws at inputs: fast-check arbitraries of hostile values and of
// mutations of a valid JSON body (wrong types, missing and extra fields, prototype keys,
// NoSQL operators, unicode edge cases). Bodies are plain JSON trees; a key such as
// "__proto__" is created with JSON.parse so it is an own property that JSON.stringify sends.
import fc from "fast-check";

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type PathStep = string | number;
export type Category =
  | "wrong type"
  | "missing field"
  | "extra field"
  | "prototype keys"
  | "operator injection"
  | "unicode";

/** NoSQL operator objects, each a JSON text so keys like $where survive as-is. */
export const operatorValues: readonly Json[] = [
  { $gt: "" },
  { $ne: null },
  { $where: "sleep(1000) || true" },
  { $regex: ".*" },
  { $exists: true },
  { $in: ["", null] },
  { $expr: { $eq: [1, 1] } },
];
export const operatorStrings = [
  '{"$gt":""}',
  '{"$ne":null}',
  "$where",
  "$gt",
  "a.b.$c",
  "[$ne]=1",
  "'; return true; //",
];
export const prototypeKeys = ["__proto__", "constructor", "prototype"] as const;

/** Unicode edge cases: lone surrogates, NUL, bidi controls, 4-byte emoji, BOM, overlong. */
export const unicodeStrings: readonly string[] = [
  "\uD800",
  "a\uDC00b",
  "\u0000",
  "nul\u0000inside",
  "\u202Eevil\u202C",
  "\u200F\u200E",
  "😀👩‍👩‍👧‍👦",
  "\uFEFFbom",
  "e\u0301\u0301\u0301",
  "𝕳𝖊𝖑𝖑𝖔",
  "\u2028\u2029",
  "%00",
  "..%2f..%2f",
  "x".repeat(10_000),
  "😀".repeat(5_000),
  "\uFFFF\uFFFE",
];

export const unicodeArb = fc.oneof(
  fc.constantFrom(...unicodeStrings),
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.string({ unit: "grapheme", maxLength: 40 }),
);

/** A JSON value of some type, to put where another type is expected. */
export const anyTypeArb: fc.Arbitrary<Json> = fc.oneof(
  fc.constantFrom<Json>(
    null,
    true,
    false,
    0,
    -1,
    1.5,
    1e308,
    -1e308,
    Number.MAX_SAFE_INTEGER + 2,
    2 ** 63,
    "",
    "0",
    "true",
    "null",
    [],
    {},
    [null],
    { a: 1 },
  ),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.string({ maxLength: 20 }),
  fc.array(fc.integer(), { maxLength: 5 }),
);

/** Every path in a JSON tree (objects and leaves), the root included as []. */
export function pathsOf(value: Json, prefix: PathStep[] = []): PathStep[][] {
  const paths: PathStep[][] = [prefix];
  if (Array.isArray(value)) {
    value.forEach((item, index) => {
      paths.push(...pathsOf(item, [...prefix, index]));
    });
  } else if (value !== null && typeof value === "object")
    for (const [key, item] of Object.entries(value)) paths.push(...pathsOf(item, [...prefix, key]));
  return paths;
}

function clone(value: Json): Json {
  return JSON.parse(JSON.stringify(value)) as Json;
}

function parentOf(root: Json, path: PathStep[]): { parent: any; key: PathStep } | null {
  if (path.length === 0) return null;
  let parent: any = root;
  for (const step of path.slice(0, -1)) parent = parent[step];
  return { parent, key: path[path.length - 1]! };
}

export function setAt(root: Json, path: PathStep[], value: Json): Json {
  const copy = clone(root);
  const at = parentOf(copy, path);
  if (!at) return value;
  at.parent[at.key] = value;
  return copy;
}

function removeAt(root: Json, path: PathStep[]): Json {
  const copy = clone(root);
  const at = parentOf(copy, path);
  if (!at) return {};
  if (Array.isArray(at.parent)) at.parent.splice(at.key as number, 1);
  else delete at.parent[at.key];
  return copy;
}

/** Adds an own key (any name, "__proto__" included) to the object at path, or wraps a leaf. */
function addKeyAt(root: Json, path: PathStep[], key: string, value: Json): Json {
  const extra = JSON.parse(`{${JSON.stringify(key)}:${JSON.stringify(value)}}`) as Json;
  const copy = clone(root);
  const at = parentOf(copy, path);
  const target = at ? at.parent[at.key] : copy;
  if (target === null || typeof target !== "object" || Array.isArray(target))
    return at ? setAt(copy, path, extra) : extra;
  Object.defineProperty(target, key, {
    value: (extra as Record<string, Json>)[key],
    enumerable: true,
    writable: true,
    configurable: true,
  });
  return copy;
}

export interface Mutation {
  readonly category: Category;
  readonly describe: string;
  readonly body: Json;
}

/** Mutations of a valid body; the path index is taken modulo the body's path count. */
export function mutationArb(valid: Json): fc.Arbitrary<Mutation> {
  const paths = pathsOf(valid);
  // A body without fields (a tool without arguments) still gets wrong types at the root.
  const leafPaths = paths.length > 1 ? paths.filter((path) => path.length > 0) : paths;
  const pick = (list: PathStep[][]) => fc.nat().map((index) => list[index % list.length]!);
  const where = (path: PathStep[]) => path.join(".") || "(root)";
  return fc.oneof(
    fc.tuple(pick(leafPaths), anyTypeArb).map(([path, value]) => ({
      category: "wrong type" as const,
      describe: `${where(path)} = ${JSON.stringify(value)}`,
      body: setAt(valid, path, value),
    })),
    pick(leafPaths).map((path) => ({
      category: "missing field" as const,
      describe: `without ${where(path)}`,
      body: removeAt(valid, path),
    })),
    fc.tuple(pick(paths), fc.string({ minLength: 1, maxLength: 12 }), anyTypeArb).map(([path, key, value]) => ({
      category: "extra field" as const,
      describe: `${where(path)}.${key} added`,
      body: addKeyAt(valid, path, key, value),
    })),
    fc.tuple(pick(paths), fc.constantFrom(...prototypeKeys)).map(([path, key]) => ({
      category: "prototype keys" as const,
      describe: `${where(path)}.${key} added`,
      body: addKeyAt(
        valid,
        path,
        key,
        JSON.parse('{"polluted":"yes","prototype":{"polluted":"yes"},"__proto__":{"polluted":"yes"}}') as Json,
      ),
    })),
    fc.tuple(pick(leafPaths), fc.constantFrom(...operatorValues)).map(([path, value]) => ({
      category: "operator injection" as const,
      describe: `${where(path)} = ${JSON.stringify(value)}`,
      body: setAt(valid, path, value),
    })),
    fc.tuple(pick(leafPaths), unicodeArb).map(([path, value]) => ({
      category: "unicode" as const,
      describe: `${where(path)} = ${JSON.stringify(value.slice(0, 40))}`,
      body: setAt(valid, path, value),
    })),
  );
}

/** Hostile strings for a path segment or a query value. */
export const hostileStringArb = fc.oneof(
  fc.constantFrom(...operatorStrings),
  unicodeArb,
  fc.constantFrom("", " ", "..", "../../etc/passwd", "%", "a/b", "?x=1", "#"),
  fc.string({ maxLength: 30 }),
);
