import { describe, expect, it } from "vitest";
import { JSON_DEPTH_LIMIT, jsonNestsDeeperThan } from "./json-depth";

const nested = (levels: number, open = "[", close = "]") => `${open.repeat(levels)}${close.repeat(levels)}`;

describe("jsonNestsDeeperThan", () => {
  it("counts arrays and objects, up to the limit and one past it", () => {
    expect(jsonNestsDeeperThan(nested(JSON_DEPTH_LIMIT))).toBe(false);
    expect(jsonNestsDeeperThan(nested(JSON_DEPTH_LIMIT + 1))).toBe(true);
    expect(jsonNestsDeeperThan(`${'{"a":'.repeat(JSON_DEPTH_LIMIT + 1)}1${"}".repeat(JSON_DEPTH_LIMIT + 1)}`)).toBe(true);
    expect(jsonNestsDeeperThan('{"a":[1,{"b":[2]}],"c":{}}', 4)).toBe(false);
    expect(jsonNestsDeeperThan('{"a":[1,{"b":[2]}],"c":{}}', 3)).toBe(true);
  });

  it("ignores brackets inside strings, escaped quotes included", () => {
    const brackets = "[".repeat(1000);
    expect(jsonNestsDeeperThan(JSON.stringify({ text: brackets }))).toBe(false);
    expect(jsonNestsDeeperThan(JSON.stringify({ text: `\\"${brackets}`, more: `"\\\\"${brackets}` }))).toBe(false);
    // The escaped quote does not end the string, so the brackets after it are still text.
    expect(jsonNestsDeeperThan(`["\\"${brackets}"]`)).toBe(false);
    // An escaped backslash does end before the quote: the brackets after the string count.
    expect(jsonNestsDeeperThan(`["\\\\",${nested(JSON_DEPTH_LIMIT)}]`)).toBe(true);
  });

  it("reads a megabyte of nesting in well under a second, without recursion", () => {
    const text = nested(512 * 1024);
    const started = performance.now();
    expect(jsonNestsDeeperThan(text, Number.MAX_SAFE_INTEGER)).toBe(false);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});
