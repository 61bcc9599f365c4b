import { describe, expect, it } from "vitest";
import { nestsDeeperThan } from "./json-nesting.js";

const deeper = (text: string, limit: number) => nestsDeeperThan(Buffer.from(text, "utf8"), limit);

describe("nestsDeeperThan", () => {
  const rows: Array<[string, string, number, boolean]> = [
    ["flat object", '{"a": 1}', 1, false],
    ["two levels over a limit of one", '{"a": [1]}', 1, true],
    ["siblings do not add up", '[[1], [2], {"b": 3}]', 2, false],
    ["brackets in a string do not count", '{"a": "[[[[{{{{"}', 1, false],
    ["an escaped quote does not end the string", '{"a": "\\"[[[["}', 1, false],
    ["an escaped backslash before the closing quote", '{"a": "\\\\", "b": [[1]]}', 2, true],
    ["multi-byte characters in strings", '{"é": "€[[[", "b": ["ü"]}', 2, false],
    ["stray closers do not buy depth", "]]]][[[", 2, true],
  ];
  it.each(rows)("%s", (_name, text, limit, expected) => expect(deeper(text, limit)).toBe(expected));
});
