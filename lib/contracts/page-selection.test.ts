import { describe, expect, it } from "vitest";
import { parsePageRanges, parsePageSelection, selectPages } from "./page-selection";

function pages(text: string, pageCount: number): number[] {
  const parsed = parsePageSelection(text);
  if (!parsed.ok) throw new Error(parsed.error);
  return selectPages(parsed.terms, pageCount);
}

describe("parsePageSelection", () => {
  it("selects every page when empty", () => {
    expect(pages("", 3)).toEqual([1, 2, 3]);
    expect(pages("  ", 2)).toEqual([1, 2]);
  });

  it("reads single pages, lists and ranges", () => {
    expect(pages("1,4,7", 10)).toEqual([1, 4, 7]);
    expect(pages("1-3", 10)).toEqual([1, 2, 3]);
    expect(pages(" 2 - 4 , 9", 10)).toEqual([2, 3, 4, 9]);
    expect(pages("3,1-2,2", 10)).toEqual([1, 2, 3]);
  });

  it("counts from the end", () => {
    expect(pages("-1", 5)).toEqual([5]);
    expect(pages("last", 5)).toEqual([5]);
    expect(pages("-2", 5)).toEqual([4]);
    expect(pages("2-last", 5)).toEqual([2, 3, 4, 5]);
    expect(pages("(-3)-(-1)", 5)).toEqual([3, 4, 5]);
    expect(pages("last-1", 5)).toEqual([4]);
    expect(pages("last-2-last", 5)).toEqual([3, 4, 5]);
    expect(pages("4-", 6)).toEqual([4, 5, 6]);
    expect(pages("1,LAST", 5)).toEqual([1, 5]);
  });

  it("reads n-forms, odd and even", () => {
    expect(pages("2n", 7)).toEqual([2, 4, 6]);
    expect(pages("2n+1", 7)).toEqual([1, 3, 5, 7]);
    expect(pages("odd", 6)).toEqual([1, 3, 5]);
    expect(pages("even", 6)).toEqual([2, 4, 6]);
    expect(pages("3n-1", 9)).toEqual([2, 5, 8]);
    expect(pages("n+4", 6)).toEqual([4, 5, 6]);
    expect(pages("n", 3)).toEqual([1, 2, 3]);
    expect(pages("-n+3", 9)).toEqual([1, 2, 3]);
    expect(pages("2n + 1", 4)).toEqual([1, 3]);
  });

  it("reads all, first k and last k, and semicolons", () => {
    expect(pages("all", 3)).toEqual([1, 2, 3]);
    expect(pages("*", 2)).toEqual([1, 2]);
    expect(pages("first 2; last 1", 5)).toEqual([1, 2, 5]);
  });

  it("ignores pages beyond the document", () => {
    expect(pages("5-9", 6)).toEqual([5, 6]);
    expect(pages("12", 6)).toEqual([]);
    expect(pages("-9", 6)).toEqual([]);
  });

  it.each([
    ["0", "pages start at 1"],
    ["3-1", "ends before it starts"],
    ["(-1)-(-3)", "ends before it starts"],
    ["-3--1", "in parentheses"],
    ["first 0", "at least one"],
    ["1,,2", "empty term"],
    ["abc", "is not a page"],
    ["0n+1", "at least 1"],
    ["1--", "is not a page"],
    ["2n+", "is not a page"],
    ["1.5", "is not a page"],
  ])("rejects %j", (text, message) => {
    const parsed = parsePageSelection(text);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.error).toContain(message);
  });
});

describe("parsePageRanges", () => {
  it("reads parts", () => {
    expect(parsePageRanges("1-3, 4-6,7")).toEqual({ ok: true, parts: [[1, 3], [4, 6], [7, 7]] });
  });

  it.each([
    ["", "at least one"],
    ["0-2", "pages start at 1"],
    ["3-1", "ends before"],
    ["1-3,2-4", "overlaps"],
    ["odd", "is not a page"],
  ])("rejects %j", (text, message) => {
    const parsed = parsePageRanges(text);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.error).toContain(message);
  });
});
