import type { ComponentPropsWithRef } from "react";
import { cn } from "@/lib/utils/cn";

export type LabelProps = ComponentPropsWithRef<"label">;

export function Label({ className, ...props }: LabelProps) {
  return <label className={cn("text-sm font-medium text-ink", className)} {...props} />;
}
