import { describe, expect, it } from "vitest";
import { dayEnd, dayStart, isDay } from "./day-range";

describe("day ranges", () => {
  it("turns a calendar day into its first and last instant in UTC", () => {
    expect(dayStart("2026-11-21")).toBe("2026-11-21T00:00:00.000Z");
    expect(dayEnd("2026-11-21")).toBe("2026-11-21T23:59:59.999Z");
  });

  it("ignores what is not a real day", () => {
    expect(dayStart(undefined)).toBeUndefined();
    expect(dayStart("")).toBeUndefined();
    expect(dayEnd("2026-02-30")).toBeUndefined();
    expect(isDay("21/11/2026")).toBe(false);
    expect(isDay("2024-02-29")).toBe(true);
  });
});
