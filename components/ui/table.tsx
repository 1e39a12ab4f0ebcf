import type { ComponentPropsWithRef } from "react";
import { cn } from "@/lib/utils/cn";

export type TableProps = ComponentPropsWithRef<"table"> & {
  /** Class for the scroll container around the table. */
  containerClassName?: string;
};

export function Table({ className, containerClassName, ...props }: TableProps) {
  return (
    // Focusable, so a keyboard user can scroll a table wider than a narrow screen (axe: scrollable-region-focusable).
    <div tabIndex={0} className={cn("w-full overflow-x-auto rounded-lg border border-line bg-surface", containerClassName)}>
      <table className={cn("w-full border-collapse text-left text-sm text-ink", className)} {...props} />
    </div>
  );
}

export type TableHeaderProps = ComponentPropsWithRef<"thead">;

export function TableHeader({ className, ...props }: TableHeaderProps) {
  return <thead className={cn("bg-subtle", className)} {...props} />;
}

export type TableBodyProps = ComponentPropsWithRef<"tbody">;

export function TableBody({ className, ...props }: TableBodyProps) {
  return <tbody className={cn("[&>tr:last-child]:border-b-0", className)} {...props} />;
}

export type TableRowProps = ComponentPropsWithRef<"tr">;

export function TableRow({ className, ...props }: TableRowProps) {
  return (
    <tr
      className={cn("border-b border-line transition-colors [tbody>&]:hover:bg-subtle/60", className)}
      {...props}
    />
  );
}

export type TableHeadProps = ComponentPropsWithRef<"th">;

/** Column header cell; `scope="col"` by default (pass `scope="row"` for row headers). */
export function TableHead({ className, scope = "col", ...props }: TableHeadProps) {
  return (
    <th
      scope={scope}
      className={cn("h-9 px-3 text-left align-middle text-xs font-medium whitespace-nowrap text-muted", className)}
      {...props}
    />
  );
}

export type TableCellProps = ComponentPropsWithRef<"td">;

export function TableCell({ className, ...props }: TableCellProps) {
  return <td className={cn("px-3 py-2 align-middle", className)} {...props} />;
}

export type TableCaptionProps = ComponentPropsWithRef<"caption"> & {
  /** Keep the caption for screen readers only. */
  srOnly?: boolean;
};

/** Must be the first child of `<Table>`. */
export function TableCaption({ className, srOnly = false, ...props }: TableCaptionProps) {
  return (
    <caption
      className={cn(srOnly ? "sr-only" : "caption-bottom px-3 py-2 text-left text-xs text-muted", className)}
      {...props}
    />
  );
}
