import { describe, expect, it } from "vitest";
import { formatDate, formatRelative } from "./format-date";

describe("date formatting", () => {
  it("formats absolute dates", () => {
    expect(formatDate("2026-03-04T10:00:00Z")).toBe("4 Mar 2026");
  });
  it("formats how long ago", () => {
    const now = Date.parse("2026-03-04T10:00:00Z");
    expect(formatRelative("2026-03-04T09:58:00Z", now)).toBe("2 minutes ago");
    expect(formatRelative("2026-03-01T10:00:00Z", now)).toBe("3 days ago");
    expect(formatRelative("2026-03-04T10:00:00Z", now)).toBe("now");
  });
});
