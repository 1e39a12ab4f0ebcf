import { cn } from "@/lib/utils/cn";
import type { Rect } from "../geometry";

const percent = (value: number) => `${(value * 100).toFixed(3)}%`;

/** A rectangle drawn over a page slot, given in fractions of the slot. */
export function RectOverlay({ rect, className, testId }: { rect: Rect; className?: string; testId?: string }) {
  return (
    <div
      aria-hidden="true"
      data-testid={testId}
      className={cn("pointer-events-none absolute", className)}
      style={{ left: percent(rect.left), top: percent(rect.top), width: percent(rect.right - rect.left), height: percent(rect.bottom - rect.top) }}
    />
  );
}
