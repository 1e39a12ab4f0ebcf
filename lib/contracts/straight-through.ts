import { z } from "zod";

/**
 * Straight-through processing of a review stage: off by default. When on, a document reaching the stage skips it
 * without a person when every required value (every value, when the parser marks none required) was read with at
 * least `minConfidence` and every approval check passes; the stage's row records why (`note`), and so does the audit.
 */
export const DEFAULT_STRAIGHT_THROUGH = { enabled: false, minConfidence: 0.95 } as const;

export const StraightThroughSchema = z
  .strictObject({
    enabled: z.boolean(),
    minConfidence: z.number().min(0.5).max(1).describe("The lowest confidence (0.5–1) every required value must have"),
  })
  .meta({ id: "StraightThrough" });
export type StraightThrough = z.infer<typeof StraightThroughSchema>;
