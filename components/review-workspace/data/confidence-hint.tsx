import { cn } from "@/lib/utils/cn";
import { confidenceLabel, type ConfidenceLevel } from "../field-values";

/** Tints of a value by how sure the engine was; a person's correction reads as settled. */
export const LEVEL_CLASSES: Record<ConfidenceLevel, string> = {
  high: "",
  none: "",
  corrected: "",
  missing: "",
  medium: "border-warning/60 bg-warning-soft text-warning",
  low: "border-danger/60 bg-danger-soft text-danger",
};

const SHORT: Record<ConfidenceLevel, string> = { high: "", none: "", corrected: "Corrected", missing: "Not found", medium: "Check", low: "Low" };

/**
 * The confidence in words next to a value, so colour is never the only signal. The full wording is the
 * element's text for screen readers (the input points at it with aria-describedby); sighted people see the
 * short form and the percentage.
 */
export function ConfidenceHint({ id, level, confidence, compact = false }: { id: string; level: ConfidenceLevel; confidence: number | null; compact?: boolean }) {
  const percent = confidence === null ? "" : `${Math.round(confidence * 100)}%`;
  const short = SHORT[level];
  if (compact && (level === "high" || level === "none" || level === "missing" || level === "corrected")) {
    return (
      <span id={id} className="sr-only">
        {confidenceLabel(level, confidence)}
      </span>
    );
  }
  return (
    <span id={id} className={cn("inline-flex items-center gap-1 text-xs", level === "medium" ? "text-warning" : level === "low" ? "text-danger" : "text-muted")}>
      <span className="sr-only">{confidenceLabel(level, confidence)}</span>
      <span aria-hidden="true" className={cn(short ? "font-medium" : "")}>
        {short}
        {short && percent && level !== "corrected" && level !== "missing" ? " · " : ""}
        {level === "corrected" || level === "missing" ? "" : percent}
      </span>
    </span>
  );
}
