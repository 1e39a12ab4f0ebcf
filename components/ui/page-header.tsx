import type { ComponentPropsWithRef, ReactNode } from "react";
import { cn } from "@/lib/utils/cn";

export type PageHeaderProps = Omit<ComponentPropsWithRef<"div">, "title"> & {
  /** Rendered as the page's single `<h1>`. */
  title: ReactNode;
  description?: ReactNode;
  /** Buttons/links aligned to the right (wrap under the title on narrow screens). */
  actions?: ReactNode;
};

export function PageHeader({ title, description, actions, className, ...props }: PageHeaderProps) {
  return (
    <div
      className={cn("flex flex-wrap items-start justify-between gap-x-4 gap-y-3 border-b border-line pb-4", className)}
      {...props}
    >
      <div className="flex min-w-0 flex-col gap-1">
        <h1 className="text-xl font-semibold tracking-tight text-ink">{title}</h1>
        {description ? <p className="max-w-prose text-sm text-muted">{description}</p> : null}
      </div>
      {actions ? <div className="flex shrink-0 flex-wrap items-center gap-2">{actions}</div> : null}
    </div>
  );
}
