import type { ComponentPropsWithRef } from "react";
import { cn } from "@/lib/utils/cn";

export type InputProps = ComponentPropsWithRef<"input"> & {
  /** Marks the control invalid (`aria-invalid`) and styles it; FormField sets this for you when it has an error. */
  invalid?: boolean;
};

/** Shared field look for input/textarea/select. */
export const fieldClasses =
  "w-full rounded-lg border border-line bg-surface text-sm text-ink transition-colors placeholder:text-muted " +
  "hover:border-line-strong focus-visible:border-accent " +
  "aria-invalid:border-danger " +
  "disabled:cursor-not-allowed disabled:bg-subtle disabled:text-muted";

export function Input({ className, invalid, "aria-invalid": ariaInvalid, type = "text", ...props }: InputProps) {
  return (
    <input
      type={type}
      aria-invalid={invalid || ariaInvalid || undefined}
      className={cn(fieldClasses, "h-8 px-2.5 read-only:bg-subtle", className)}
      {...props}
    />
  );
}
