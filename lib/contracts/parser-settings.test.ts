import { describe, expect, it } from "vitest";
import { ConfidenceScoresSchema, confidenceThresholds, DEFAULT_PARSER_SETTINGS } from "./parser-settings";
import { UpdateParserSchema } from "./parsers";

describe("confidence scores setting", () => {
  it("accepts the toggle alone, and thresholds between 0 and 1 with low ≤ high", () => {
    expect(ConfidenceScoresSchema.safeParse({ enabled: true }).success).toBe(true);
    expect(ConfidenceScoresSchema.safeParse({ enabled: true, highThreshold: 0.95, lowThreshold: 0.4 }).success).toBe(true);
    expect(ConfidenceScoresSchema.safeParse({ enabled: true, highThreshold: 1.2 }).success).toBe(false);
    const reversed = UpdateParserSchema.safeParse({ confidenceScores: { enabled: true, highThreshold: 0.6, lowThreshold: 0.7 } });
    expect(reversed.success).toBe(false);
    expect(reversed.error?.issues[0]?.path).toEqual(["confidenceScores", "lowThreshold"]);
    expect(ConfidenceScoresSchema.safeParse({ enabled: true, colour: "red" }).success).toBe(false);
  });

  it("falls back on the defaults 0.9 and 0.5 for what a parser leaves out", () => {
    expect(confidenceThresholds(undefined)).toEqual({ high: 0.9, low: 0.5 });
    expect(confidenceThresholds({ confidenceScores: { enabled: true } })).toEqual({ high: 0.9, low: 0.5 });
    expect(confidenceThresholds({ confidenceScores: { enabled: true, highThreshold: 0.8 } })).toEqual({ high: 0.8, low: 0.5 });
    expect(DEFAULT_PARSER_SETTINGS.confidenceScores).toEqual({ enabled: true, highThreshold: 0.9, lowThreshold: 0.5 });
  });
});
