import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/services/errors";
import { assertNoNulCharacter, findNulCharacter } from "./nul-characters";

describe("NUL characters in requests", () => {
  it("finds the first NUL in strings, arrays, nested objects and keys, and names its path", () => {
    expect(findNulCharacter({ name: "ok", rules: [{ label: "fine" }] })).toBeNull();
    expect(findNulCharacter("a\u0000b")).toBe("(value)");
    expect(findNulCharacter({ name: "a\u0000" })).toBe("name");
    expect(findNulCharacter({ routing: { rules: [{ label: "x" }, { label: "\u0000" }] } })).toBe("routing.rules.1.label");
    expect(findNulCharacter({ custom: { "k\u0000": 1 } })).toBe("custom.k\u0000");
    expect(findNulCharacter([1, true, null, { n: 2 }])).toBeNull();
  });

  it("refuses it as a 400 that says where", () => {
    expect(() => assertNoNulCharacter({ name: "x" }, "request body")).not.toThrow();
    try {
      assertNoNulCharacter({ q: "a\u0000" }, "query");
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).status).toBe(400);
      expect((error as AppError).message).toBe("Invalid query: q contains a NUL character (U+0000), which text cannot hold");
    }
  });
});

describe("NUL scan on deep values", () => {
  it("walks 100,000 levels without recursion and names the path", () => {
    let value: unknown = "end\u0000";
    for (let level = 0; level < 100_000; level++) value = level % 2 ? { k: value } : [value];
    const path = findNulCharacter(value)!;
    expect(path.split(".")).toHaveLength(100_000);
    expect(path.startsWith("k.0.k.0")).toBe(true);
  });

  it("finds the first NUL in document order, keys included", () => {
    expect(findNulCharacter({ a: { x: "\u0000" }, "b\u0000": 1 })).toBe("a.x");
    expect(findNulCharacter({ a: 1, "b\u0000": { x: "\u0000" } })).toBe("b\u0000");
    expect(findNulCharacter([["ok"], ["ok", "\u0000"]])).toBe("1.1");
  });
});

describe("lone surrogates in requests", () => {
  it("refuses a lone high or low surrogate, in values and keys, and accepts a pair", () => {
    expect(findNulCharacter({ name: "emoji 😀 \ud83d\ude00" })).toBeNull();
    expect(findNulCharacter({ name: "x\ud800" })).toBe("name");
    expect(findNulCharacter({ list: ["ok", "\udc00y"] })).toBe("list.1");
    expect(findNulCharacter({ "k\ud800": 1 })).toBe("k\ud800");
    expect(() => assertNoNulCharacter({ name: "\ud800x" }, "request body")).toThrow("Invalid request body: name contains a lone surrogate (U+D800 to U+DFFF), which is not text");
  });
});
