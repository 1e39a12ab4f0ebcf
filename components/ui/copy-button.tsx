"use client";

import { useEffect, useRef, useState, type ReactNode } from "react";
import { cn } from "@/lib/utils/cn";
import { copyText } from "@/lib/utils/copy-text";
import { Button, type ButtonProps } from "./button";

export type CopyButtonProps = Omit<ButtonProps, "onClick" | "children" | "loading"> & {
  /** The text written to the clipboard. */
  value: string;
  /** Accessible name, e.g. "Copy API key". Also the visible text when `showLabel` is set. */
  label?: string;
  /** Visible text next to the icon; by default the button is icon-only (named by `label`). */
  showLabel?: boolean;
  copiedLabel?: string;
  /** Called after a successful copy. */
  onCopied?: () => void;
  /** How long the "Copied" feedback stays, in ms. */
  resetAfter?: number;
};

type Status = "idle" | "copied" | "failed";

export function CopyButton({
  value,
  label = "Copy",
  showLabel = false,
  copiedLabel = "Copied",
  onCopied,
  resetAfter = 2000,
  variant = "ghost",
  size = "sm",
  className,
  ...props
}: CopyButtonProps) {
  const [status, setStatus] = useState<Status>("idle");
  const timer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  async function handleClick() {
    const ok = await copyText(value);
    setStatus(ok ? "copied" : "failed");
    if (ok) onCopied?.();
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => setStatus("idle"), resetAfter);
  }

  const feedback = status === "copied" ? copiedLabel : status === "failed" ? "Copy failed" : "";
  let icon: ReactNode = <CopyIcon />;
  if (status === "copied") icon = <CheckIcon />;

  return (
    <>
      <Button
        variant={variant}
        size={size}
        className={cn(!showLabel && (size === "sm" ? "w-7 px-0" : "w-8 px-0"), className)}
        aria-label={showLabel ? undefined : label}
        onClick={() => void handleClick()}
        {...props}
      >
        {icon}
        {showLabel ? <span>{status === "copied" ? copiedLabel : label}</span> : null}
      </Button>
      {/* Announces the result; changing a focused button's label is not reliably read out. */}
      <span aria-live="polite" className="sr-only">
        {feedback}
      </span>
    </>
  );
}

function CopyIcon() {
  return (
    <svg viewBox="0 0 16 16" fill="none" aria-hidden="true" focusable="false" className="size-3.5">
      <rect x="5.25" y="5.25" width="8" height="8" rx="1.5" stroke="currentColor" strokeWidth="1.5" />
      <path
        d="M10.75 3.25v-.5a1 1 0 0 0-1-1h-6a1 1 0 0 0-1 1v6a1 1 0 0 0 1 1h.5"
        stroke="currentColor"
        strokeWidth="1.5"
        strokeLinecap="round"
      />
    </svg>
  );
}

function CheckIcon() {
  return (
    <svg viewBox="0 0 16 16" fill="none" aria-hidden="true" focusable="false" className="size-3.5 text-success">
      <path d="m3.5 8.5 3 3 6-6.5" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
