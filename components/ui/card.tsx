import type { ComponentPropsWithRef } from "react";
import { cn } from "@/lib/utils/cn";

export type CardProps = ComponentPropsWithRef<"div">;

export function Card({ className, ...props }: CardProps) {
  return <div className={cn("rounded-lg border border-line bg-surface text-ink", className)} {...props} />;
}

export type CardHeaderProps = ComponentPropsWithRef<"div">;

export function CardHeader({ className, ...props }: CardHeaderProps) {
  return <div className={cn("flex flex-col gap-1 px-4 pt-4", className)} {...props} />;
}

export type CardTitleProps = ComponentPropsWithRef<"h2"> & {
  /** Heading level to keep the page outline right; defaults to h2 (below the page's h1). */
  as?: "h2" | "h3" | "h4";
};

export function CardTitle({ as: Heading = "h2", className, ...props }: CardTitleProps) {
  return <Heading className={cn("text-sm font-semibold text-ink", className)} {...props} />;
}

export type CardDescriptionProps = ComponentPropsWithRef<"p">;

export function CardDescription({ className, ...props }: CardDescriptionProps) {
  return <p className={cn("text-sm text-muted", className)} {...props} />;
}

export type CardContentProps = ComponentPropsWithRef<"div">;

export function CardContent({ className, ...props }: CardContentProps) {
  return <div className={cn("p-4", className)} {...props} />;
}

export type CardFooterProps = ComponentPropsWithRef<"div">;

export function CardFooter({ className, ...props }: CardFooterProps) {
  return (
    <div className={cn("flex items-center justify-end gap-2 border-t border-line px-4 py-3", className)} {...props} />
  );
}
