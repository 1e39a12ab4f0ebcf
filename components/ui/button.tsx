import type { ComponentPropsWithRef } from "react";
import { cn } from "@/lib/utils/cn";
import { Spinner } from "./spinner";

export type ButtonVariant = "primary" | "secondary" | "ghost" | "danger";
export type ButtonSize = "sm" | "md";

export type ButtonProps = ComponentPropsWithRef<"button"> & {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Shows a spinner, sets `aria-busy` and disables the button until the pending work finishes. */
  loading?: boolean;
};

const variantClasses: Record<ButtonVariant, string> = {
  primary: "border-transparent bg-accent text-surface hover:bg-accent-hover",
  secondary: "border-line bg-surface text-ink hover:border-line-strong hover:bg-subtle",
  ghost: "border-transparent bg-transparent text-ink hover:bg-subtle",
  danger: "border-transparent bg-danger text-surface hover:bg-danger/90",
};

const sizeClasses: Record<ButtonSize, string> = {
  sm: "h-7 gap-1.5 px-2.5 text-xs",
  md: "h-8 gap-2 px-3 text-sm",
};

/** Shared look, so links (`<a>`/`<Link>`) can be styled as buttons: `className={buttonClasses({ variant: "secondary" })}`. */
export function buttonClasses({
  variant = "primary",
  size = "md",
  className,
}: { variant?: ButtonVariant; size?: ButtonSize; className?: string } = {}): string {
  return cn(
    "inline-flex shrink-0 cursor-pointer items-center justify-center whitespace-nowrap rounded-lg border font-medium transition-colors select-none",
    "disabled:cursor-not-allowed disabled:opacity-50 aria-busy:cursor-wait aria-busy:opacity-80",
    "[&_svg]:shrink-0",
    variantClasses[variant],
    sizeClasses[size],
    className,
  );
}

export function Button({
  variant = "primary",
  size = "md",
  loading = false,
  disabled,
  type = "button",
  className,
  children,
  ...props
}: ButtonProps) {
  return (
    <button
      type={type}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      className={buttonClasses({ variant, size, className })}
      {...props}
    >
      {loading ? <Spinner label={null} size="sm" /> : null}
      {children}
    </button>
  );
}
