import type { ComponentPropsWithRef } from "react";
import { cn } from "@/lib/utils/cn";
import { fieldClasses } from "./input";

export type TextareaProps = ComponentPropsWithRef<"textarea"> & {
  invalid?: boolean;
};

export function Textarea({ className, invalid, "aria-invalid": ariaInvalid, rows = 4, ...props }: TextareaProps) {
  return (
    <textarea
      rows={rows}
      aria-invalid={invalid || ariaInvalid || undefined}
      className={cn(fieldClasses, "min-h-16 resize-y read-only:bg-subtle px-2.5 py-1.5 leading-5", className)}
      {...props}
    />
  );
}
