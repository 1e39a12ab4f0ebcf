import { cn } from "@/lib/utils/cn";
import { confidenceLabel, type ConfidenceLevel } from "../field-values";

/**
 * How a value reads at a glance. A value the engine is sure of and that passes the parser's checks is confirmed
 * (a calm green); a doubtful one is amber; a failing one (low confidence, or a check it fails) red. A person's
 * correction and a value without a confidence stay neutral.
 */
export type ValueTone = "confirmed" | "doubtful" | "failing" | "neutral";

export function valueTone(level: ConfidenceLevel, failsCheck: boolean): ValueTone {
  if (failsCheck || level === "low") return "failing";
  if (level === "medium") return "doubtful";
  if (level === "high") return "confirmed";
  return "neutral";
}

export const TONE_CLASSES: Record<ValueTone, string> = {
  confirmed: "border-success/50 bg-success-soft/60",
  doubtful: "border-warning/60 bg-warning-soft text-warning",
  failing: "border-danger/60 bg-danger-soft text-danger",
  neutral: "",
};

const SHORT: Record<ConfidenceLevel, string> = { high: "Sure", none: "", corrected: "Corrected", missing: "Not found", medium: "Check", low: "Low" };

/**
 * The confidence in words next to a value, so colour is never the only signal. The full wording is the
 * element's text for screen readers (the input points at it with aria-describedby); sighted people see the
 * short form and the percentage. A value that fails a check says so, whatever the engine's confidence.
 */
export function ConfidenceHint({ id, level, confidence, failsCheck = false, compact = false }: {
  id: string;
  level: ConfidenceLevel;
  confidence: number | null;
  failsCheck?: boolean;
  compact?: boolean;
}) {
  const tone = valueTone(level, failsCheck);
  const percent = confidence === null ? "" : `${Math.round(confidence * 100)}%`;
  const short = failsCheck ? "Fails a check" : SHORT[level];
  const spoken = `${confidenceLabel(level, confidence)}${failsCheck ? ", fails a check" : tone === "confirmed" ? ", passes the checks" : ""}`;
  if (compact && !failsCheck && (level === "high" || level === "none" || level === "missing" || level === "corrected")) {
    return (
      <span id={id} className="sr-only">
        {spoken}
      </span>
    );
  }
  const showPercent = percent && level !== "corrected" && level !== "missing";
  return (
    <span
      id={id}
      data-tone={tone}
      className={cn("inline-flex shrink-0 items-center gap-1 text-xs", { confirmed: "text-success", doubtful: "text-warning", failing: "text-danger", neutral: "text-muted" }[tone])}
    >
      <span className="sr-only">{spoken}</span>
      <span aria-hidden="true" className={cn(short ? "font-medium" : "")}>
        {tone === "confirmed" ? "✓ " : ""}
        {short}
        {short && showPercent ? " · " : ""}
        {showPercent ? percent : ""}
      </span>
    </span>
  );
}
