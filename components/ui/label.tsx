import type { ComponentPropsWithRef } from "react";
import { cn } from "@/lib/utils/cn";

export type LabelProps = ComponentPropsWithRef<"label">;

export function Label({ className, ...props }: LabelProps) {
  // eslint-disable-next-line jsx-a11y/label-has-associated-control -- callers pass htmlFor or wrap the control
  return <label className={cn("text-sm font-medium text-ink", className)} {...props} />;
}
