import { describe, expect, it } from "vitest";
import { formatWaiting, isLongWait, isoDuration, secondsSince } from "./format-waiting";

describe("formatWaiting", () => {
  it("says under a minute for fresh arrivals, and for clock skew", () => {
    expect(formatWaiting(0)).toBe("under 1 min");
    expect(formatWaiting(59)).toBe("under 1 min");
    expect(formatWaiting(-5)).toBe("under 1 min");
  });
  it("counts minutes below an hour", () => {
    expect(formatWaiting(60)).toBe("1 min");
    expect(formatWaiting(12 * 60 + 59)).toBe("12 min");
  });
  it("counts hours and minutes below a day, dropping zero minutes", () => {
    expect(formatWaiting(3 * 3600 + 12 * 60)).toBe("3 h 12 min");
    expect(formatWaiting(3600)).toBe("1 h");
    expect(formatWaiting(24 * 3600 - 1)).toBe("23 h 59 min");
  });
  it("counts days and hours from a day on", () => {
    expect(formatWaiting(24 * 3600)).toBe("1 d");
    expect(formatWaiting(2 * 86400 + 5 * 3600 + 30 * 60)).toBe("2 d 5 h");
    expect(formatWaiting(40 * 86400)).toBe("40 d");
  });
});

describe("isLongWait", () => {
  it("flags a day or more", () => {
    expect(isLongWait(24 * 3600 - 1)).toBe(false);
    expect(isLongWait(24 * 3600)).toBe(true);
  });
});

describe("isoDuration", () => {
  it("writes ISO 8601 durations", () => {
    expect(isoDuration(3 * 3600 + 12 * 60)).toBe("PT3H12M");
    expect(isoDuration(2 * 86400 + 5 * 3600)).toBe("P2DT5H");
    expect(isoDuration(86400)).toBe("P1D");
    expect(isoDuration(42)).toBe("PT42S");
  });
});

describe("secondsSince", () => {
  it("measures from a timestamp to now and never goes negative", () => {
    const now = Date.parse("2026-03-04T10:00:00Z");
    expect(secondsSince("2026-03-04T09:00:00Z", now)).toBe(3600);
    expect(secondsSince("2026-03-04T10:00:05Z", now)).toBe(0);
  });
});
