import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "./safe-redirect";

describe("safeRedirectPath", () => {
  it("keeps same-site paths", () => {
    expect(safeRedirectPath("/settings/api-keys?x=1")).toBe("/settings/api-keys?x=1");
  });
  it("refuses other sites and odd values", () => {
    for (const value of ["//evil.test", "https://evil.test", "/\\evil.test", "javascript:alert(1)", "", undefined, 42]) {
      expect(safeRedirectPath(value)).toBe("/");
    }
  });
});
