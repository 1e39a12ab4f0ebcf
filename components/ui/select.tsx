import type { ComponentPropsWithRef } from "react";
import { cn } from "@/lib/utils/cn";
import { fieldClasses } from "./input";

export type SelectProps = ComponentPropsWithRef<"select"> & {
  invalid?: boolean;
  /** Renders a first `<option value="">` with this text. */
  placeholder?: string;
  /** Class for the wrapper that positions the chevron (use it for width/layout). */
  wrapperClassName?: string;
};

/** Native `<select>` with the console's field styling; keeps all native keyboard and screen-reader behaviour. */
export function Select({ className, wrapperClassName, invalid, "aria-invalid": ariaInvalid, placeholder, children, ...props }: SelectProps) {
  return (
    <div className={cn("relative w-full", wrapperClassName)}>
      <select
        aria-invalid={invalid || ariaInvalid || undefined}
        className={cn(fieldClasses, "h-8 cursor-pointer appearance-none pr-8 pl-2.5 disabled:cursor-not-allowed", className)}
        {...props}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {children}
      </select>
      <svg
        viewBox="0 0 16 16"
        fill="none"
        aria-hidden="true"
        focusable="false"
        className="pointer-events-none absolute top-1/2 right-2.5 size-4 -translate-y-1/2 text-muted"
      >
        <path d="m4 6 4 4 4-4" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
    </div>
  );
}
