import { describe, expect, it } from "vitest";
import { PageSelectionError, parsePages } from "./parse-pages";

describe("parsePages", () => {
  it("selects everything when empty", () => {
    expect(parsePages("", 3)).toEqual([1, 2, 3]);
    expect(parsePages(undefined, 2)).toEqual([1, 2]);
    expect(parsePages("all", 2)).toEqual([1, 2]);
  });
  it("reads ranges and lists", () => {
    expect(parsePages("1-3", 10)).toEqual([1, 2, 3]);
    expect(parsePages("1,4,7", 10)).toEqual([1, 4, 7]);
    expect(parsePages("8-", 10)).toEqual([8, 9, 10]);
    expect(parsePages("2-4, 3-5", 10)).toEqual([2, 3, 4, 5]);
  });
  it("reads n-forms and odd/even", () => {
    expect(parsePages("2n", 7)).toEqual([2, 4, 6]);
    expect(parsePages("2n+1", 7)).toEqual([1, 3, 5, 7]);
    expect(parsePages("3n-1", 10)).toEqual([2, 5, 8]);
    expect(parsePages("-n+3", 10)).toEqual([1, 2, 3]);
    expect(parsePages("odd", 5)).toEqual([1, 3, 5]);
    expect(parsePages("even", 5)).toEqual([2, 4]);
  });
  it("counts from the end", () => {
    expect(parsePages("last", 9)).toEqual([9]);
    expect(parsePages("-1", 9)).toEqual([9]);
    expect(parsePages("-2", 9)).toEqual([8]);
    expect(parsePages("last-2-last", 9)).toEqual([7, 8, 9]);
    expect(parsePages("last 2", 9)).toEqual([8, 9]);
    expect(parsePages("first 2", 9)).toEqual([1, 2]);
  });
  it("ignores pages outside the document and rejects nonsense", () => {
    expect(parsePages("5-20", 6)).toEqual([5, 6]);
    expect(() => parsePages("abc", 3)).toThrow(PageSelectionError);
    expect(() => parsePages("5-2", 9)).toThrow(PageSelectionError);
  });
});
