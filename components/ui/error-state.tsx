"use client";

import type { ComponentPropsWithRef, ReactNode } from "react";
import { cn } from "@/lib/utils/cn";
import { Button } from "./button";

export type ErrorStateProps = Omit<ComponentPropsWithRef<"div">, "title"> & {
  title?: ReactNode;
  message?: ReactNode;
  /** Shows a retry button when given. */
  onRetry?: () => void;
  retryLabel?: string;
  /** Disables the retry button and shows a spinner while a retry is running. */
  retrying?: boolean;
  /** Extra actions next to the retry button (e.g. a link back). */
  action?: ReactNode;
  headingLevel?: 2 | 3 | 4;
};

export function ErrorState({
  title = "Something went wrong",
  message,
  onRetry,
  retryLabel = "Try again",
  retrying = false,
  action,
  headingLevel = 2,
  className,
  ...props
}: ErrorStateProps) {
  const Heading = `h${headingLevel}` as const;
  return (
    <div
      className={cn(
        "flex flex-col items-center justify-center gap-2 rounded-lg border border-line bg-surface px-6 py-10 text-center",
        className,
      )}
      {...props}
    >
      <div aria-hidden="true" className="mb-1 flex size-10 items-center justify-center rounded-lg bg-danger-soft text-danger">
        <svg viewBox="0 0 20 20" fill="none" className="size-5" focusable="false">
          <circle cx="10" cy="10" r="7.25" stroke="currentColor" strokeWidth="1.5" />
          <path d="M10 6.5v4" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" />
          <circle cx="10" cy="13.5" r="0.9" fill="currentColor" />
        </svg>
      </div>
      <Heading className="text-sm font-semibold text-ink">{title}</Heading>
      {message ? <p className="max-w-md text-sm break-words text-muted">{message}</p> : null}
      {onRetry || action ? (
        <div className="mt-2 flex flex-wrap items-center justify-center gap-2">
          {onRetry ? (
            <Button variant="secondary" onClick={onRetry} loading={retrying}>
              {retryLabel}
            </Button>
          ) : null}
          {action}
        </div>
      ) : null}
    </div>
  );
}
