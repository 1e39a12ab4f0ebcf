import type { ComponentPropsWithRef } from "react";
import { cn } from "@/lib/utils/cn";

export type SpinnerSize = "sm" | "md" | "lg";

export type SpinnerProps = Omit<ComponentPropsWithRef<"span">, "children"> & {
  size?: SpinnerSize;
  /**
   * Text announced to assistive technology (rendered visually hidden, inside `role="status"`).
   * Pass `null` when the spinner is decorative, e.g. inside a button that already sets `aria-busy`.
   */
  label?: string | null;
};

const sizeClasses: Record<SpinnerSize, string> = {
  sm: "size-3.5",
  md: "size-4",
  lg: "size-6",
};

export function Spinner({ size = "md", label = "Loading", className, ...props }: SpinnerProps) {
  const decorative = label === null;
  return (
    <span
      role={decorative ? undefined : "status"}
      aria-hidden={decorative ? true : undefined}
      className={cn("inline-flex shrink-0 items-center justify-center text-current", className)}
      {...props}
    >
      <svg
        viewBox="0 0 24 24"
        fill="none"
        aria-hidden="true"
        focusable="false"
        className={cn("animate-spin motion-reduce:animate-[spin_1.5s_linear_infinite]", sizeClasses[size])}
      >
        <circle cx="12" cy="12" r="9" stroke="currentColor" strokeOpacity="0.25" strokeWidth="3" />
        <path d="M21 12a9 9 0 0 0-9-9" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
      </svg>
      {decorative ? null : <span className="sr-only">{label}</span>}
    </span>
  );
}
