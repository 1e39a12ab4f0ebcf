import { describe, expect, it } from "vitest";
import { isReviewPath } from "./early-start";

describe("isReviewPath", () => {
  it("is a document's review workspace", () => {
    expect(isReviewPath("/parsers/p-1/documents/d-1")).toBe(true);
    expect(isReviewPath("/parsers/p-1/documents/d-1/")).toBe(true);
  });

  it("is not the document list, a parser's other pages or anything deeper", () => {
    expect(isReviewPath("/parsers/p-1/documents")).toBe(false);
    expect(isReviewPath("/parsers/p-1/fields")).toBe(false);
    expect(isReviewPath("/parsers/p-1/documents/d-1/history")).toBe(false);
    expect(isReviewPath("/review")).toBe(false);
  });
});
