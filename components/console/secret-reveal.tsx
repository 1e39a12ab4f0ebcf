import type { ReactNode } from "react";
import { CopyButton } from "@/components/ui";

export type SecretRevealProps = { label: string; value: string; copyLabel: string; intro?: ReactNode };

/** A secret shown once (an API key, an invitation link): highlighted, selectable, with a copy button. */
export function SecretReveal({ label, value, copyLabel, intro }: SecretRevealProps) {
  return (
    <div className="flex flex-col gap-2 rounded-md border border-warning bg-warning-soft p-3">
      {intro ? <p className="text-xs">{intro}</p> : null}
      <div className="flex items-center gap-2">
        <code aria-label={label} className="min-w-0 flex-1 break-all font-mono text-xs">
          {value}
        </code>
        <CopyButton value={value} label={copyLabel} showLabel />
      </div>
    </div>
  );
}
