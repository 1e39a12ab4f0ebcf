import type { ComponentPropsWithRef, ReactNode } from "react";
import { cn } from "@/lib/utils/cn";

export type EmptyStateProps = Omit<ComponentPropsWithRef<"div">, "title"> & {
  /** Decorative icon (hidden from assistive technology). */
  icon?: ReactNode;
  title: ReactNode;
  description?: ReactNode;
  /** Primary next step, e.g. a Button or link. */
  action?: ReactNode;
  /** Heading level for the title; defaults to h2. */
  headingLevel?: 2 | 3 | 4;
};

export function EmptyState({
  icon,
  title,
  description,
  action,
  headingLevel = 2,
  className,
  ...props
}: EmptyStateProps) {
  const Heading = `h${headingLevel}` as const;
  return (
    <div
      className={cn(
        "flex flex-col items-center justify-center gap-2 rounded-lg border border-dashed border-line-strong bg-surface px-6 py-10 text-center",
        className,
      )}
      {...props}
    >
      {icon ? (
        <div aria-hidden="true" className="mb-1 flex size-10 items-center justify-center rounded-lg bg-subtle text-muted [&_svg]:size-5">
          {icon}
        </div>
      ) : null}
      <Heading className="text-sm font-semibold text-ink">{title}</Heading>
      {description ? <p className="max-w-sm text-sm text-muted">{description}</p> : null}
      {action ? <div className="mt-2 flex flex-wrap items-center justify-center gap-2">{action}</div> : null}
    </div>
  );
}
