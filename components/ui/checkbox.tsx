"use client";

import { useId, type ComponentPropsWithRef, type ReactNode } from "react";
import { cn } from "@/lib/utils/cn";

export type CheckboxProps = Omit<ComponentPropsWithRef<"input">, "type"> & {
  /** Visible label; the whole label row toggles the checkbox. Omit it only if you label the box another way. */
  label?: ReactNode;
  /** Secondary text under the label, linked with `aria-describedby`. */
  description?: ReactNode;
  invalid?: boolean;
  /** Class for the outer wrapper (the `className` prop styles the box itself). */
  wrapperClassName?: string;
};

export function Checkbox({
  label,
  description,
  invalid,
  className,
  wrapperClassName,
  id,
  "aria-describedby": ariaDescribedBy,
  "aria-invalid": ariaInvalid,
  ...props
}: CheckboxProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const descriptionId = `${inputId}-description`;
  const hasDescription = description !== undefined && description !== null && description !== false;
  const describedByIds = [ariaDescribedBy, hasDescription ? descriptionId : undefined].filter(Boolean).join(" ");

  const box = (
    <input
      type="checkbox"
      id={inputId}
      aria-describedby={describedByIds || undefined}
      aria-invalid={invalid || ariaInvalid || undefined}
      className={cn(
        "mt-0.5 size-4 shrink-0 cursor-pointer rounded border-line-strong accent-accent",
        "disabled:cursor-not-allowed disabled:opacity-50",
        className,
      )}
      {...props}
    />
  );

  if (label === undefined && !hasDescription) return box;

  return (
    <div className={cn("flex items-start gap-2", wrapperClassName)}>
      {box}
      <div className="flex flex-col gap-0.5">
        {label !== undefined ? (
          <label
            htmlFor={inputId}
            className={cn("cursor-pointer text-sm text-ink", props.disabled && "cursor-not-allowed text-muted")}
          >
            {label}
          </label>
        ) : null}
        {hasDescription ? (
          <p id={descriptionId} className="text-xs text-muted">
            {description}
          </p>
        ) : null}
      </div>
    </div>
  );
}
