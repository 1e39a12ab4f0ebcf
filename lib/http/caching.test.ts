import { describe, expect, it } from "vitest";
import { etagOf, ifNoneMatchHits, paginationLinks } from "./caching";

describe("conditional GETs", () => {
  it("gives the same text the same weak ETag and matches it in If-None-Match lists and `*`", () => {
    const tag = etagOf('{"a":1}');
    expect(tag).toMatch(/^W\/"[\w-]{32}"$/);
    expect(etagOf('{"a":1}')).toBe(tag);
    expect(etagOf('{"a":2}')).not.toBe(tag);
    expect(ifNoneMatchHits(tag, tag)).toBe(true);
    expect(ifNoneMatchHits(`"x", ${tag.slice(2)}`, tag)).toBe(true);
    expect(ifNoneMatchHits("*", tag)).toBe(true);
    expect(ifNoneMatchHits('"other"', tag)).toBe(false);
    expect(ifNoneMatchHits(null, tag)).toBe(false);
  });
});

describe("pagination links", () => {
  it("names first, prev, next and last, keeping the other query parameters", () => {
    const header = paginationLinks({ data: [], pagination: { page: 2, limit: 10, total: 35, pageCount: 4 } }, "http://h/api/v1/parsers?status=x&page=2&limit=10");
    expect(header).toBe(
      [
        '</api/v1/parsers?status=x&page=1&limit=10>; rel="first"',
        '</api/v1/parsers?status=x&page=1&limit=10>; rel="prev"',
        '</api/v1/parsers?status=x&page=3&limit=10>; rel="next"',
        '</api/v1/parsers?status=x&page=4&limit=10>; rel="last"',
      ].join(", "),
    );
  });

  it("has no prev on the first page, no next on the last, and nothing for a body without pagination", () => {
    expect(paginationLinks({ pagination: { page: 1, limit: 50, total: 0, pageCount: 0 } }, "http://h/x")).toBe('</x?page=1&limit=50>; rel="first", </x?page=1&limit=50>; rel="last"');
    expect(paginationLinks({ data: [] }, "http://h/x")).toBeNull();
  });
});
