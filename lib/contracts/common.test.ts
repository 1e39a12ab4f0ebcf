import { describe, expect, it } from "vitest";
import { PageQuerySchema, pagination } from "./common";

describe("pagination contract", () => {
  it("defaults to page 1 and 50 per page", () => {
    expect(PageQuerySchema.parse({})).toEqual({ page: 1, limit: 50 });
  });

  it("coerces query strings", () => {
    expect(PageQuerySchema.parse({ page: "3", limit: "100" })).toEqual({ page: 3, limit: 100 });
  });

  it.each([{ page: "0" }, { page: "-1" }, { page: "1.5" }, { page: "x" }, { limit: "0" }, { limit: "101" }, { limit: "" }])("refuses %o", (input) => {
    expect(PageQuerySchema.safeParse(input).success).toBe(false);
  });

  it("refuses unknown query keys", () => {
    expect(PageQuerySchema.safeParse({ pages: "2" }).success).toBe(false);
  });

  it("counts pages", () => {
    expect(pagination({ page: 2, limit: 50 }, 101)).toEqual({ page: 2, limit: 50, total: 101, pageCount: 3 });
    expect(pagination({ page: 1, limit: 50 }, 0)).toEqual({ page: 1, limit: 50, total: 0, pageCount: 0 });
  });
});
