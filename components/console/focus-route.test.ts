import { describe, expect, it } from "vitest";
import { isFocusRoute } from "./focus-route";

describe("isFocusRoute", () => {
  it("is the review workspace of one document", () => {
    expect(isFocusRoute("/parsers/p1/documents/d1")).toBe(true);
    expect(isFocusRoute("/parsers/p1/documents/d1/")).toBe(true);
  });
  it("is not the document list or other pages", () => {
    expect(isFocusRoute("/parsers/p1/documents")).toBe(false);
    expect(isFocusRoute("/parsers/p1/fields")).toBe(false);
    expect(isFocusRoute("/review")).toBe(false);
    expect(isFocusRoute("/parsers/p1/documents/d1/extra")).toBe(false);
  });
});
