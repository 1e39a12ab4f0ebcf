"use client";

import * as DialogPrimitive from "@radix-ui/react-dialog";
import type { ComponentPropsWithRef } from "react";
import { cn } from "@/lib/utils/cn";

export type DialogProps = ComponentPropsWithRef<typeof DialogPrimitive.Root>;

/** Root: pass `open`/`onOpenChange` to control it, or use `DialogTrigger` for uncontrolled use. */
export function Dialog(props: DialogProps) {
  return <DialogPrimitive.Root {...props} />;
}

export type DialogTriggerProps = ComponentPropsWithRef<typeof DialogPrimitive.Trigger>;

/** Opens the dialog. Use `asChild` to render your own `<Button>` as the trigger. */
export function DialogTrigger(props: DialogTriggerProps) {
  return <DialogPrimitive.Trigger {...props} />;
}

export type DialogCloseProps = ComponentPropsWithRef<typeof DialogPrimitive.Close>;

/** Closes the dialog. Use `asChild` to render your own `<Button>`. */
export function DialogClose(props: DialogCloseProps) {
  return <DialogPrimitive.Close {...props} />;
}

export type DialogContentProps = ComponentPropsWithRef<typeof DialogPrimitive.Content> & {
  /** Hide the top-right close (×) button, e.g. when the footer already has a Cancel button. */
  hideCloseButton?: boolean;
  /** Max width of the panel. */
  size?: "sm" | "md" | "lg";
};

const sizeClasses: Record<NonNullable<DialogContentProps["size"]>, string> = {
  sm: "max-w-sm",
  md: "max-w-lg",
  lg: "max-w-2xl",
};

/**
 * Portal + dimmed overlay + centred, focus-trapped panel. Escape and a click outside close it, focus returns
 * to the trigger. Include a `DialogTitle` (required for the accessible name) and usually a `DialogDescription`.
 */
export function DialogContent({
  className,
  children,
  hideCloseButton = false,
  size = "md",
  ...props
}: DialogContentProps) {
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-ink/40" />
      <DialogPrimitive.Content
        className={cn(
          "fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] -translate-x-1/2 -translate-y-1/2 flex-col gap-4 overflow-y-auto",
          "rounded-lg border border-line bg-surface p-5 text-sm text-ink shadow-lg",
          sizeClasses[size],
          className,
        )}
        {...props}
      >
        {children}
        {hideCloseButton ? null : (
          <DialogPrimitive.Close
            aria-label="Close"
            className="absolute top-3 right-3 inline-flex size-7 cursor-pointer items-center justify-center rounded-lg text-muted transition-colors hover:bg-subtle hover:text-ink"
          >
            <svg viewBox="0 0 16 16" fill="none" aria-hidden="true" focusable="false" className="size-4">
              <path d="m4 4 8 8M12 4l-8 8" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" />
            </svg>
          </DialogPrimitive.Close>
        )}
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

export type DialogHeaderProps = ComponentPropsWithRef<"div">;

export function DialogHeader({ className, ...props }: DialogHeaderProps) {
  return <div className={cn("flex flex-col gap-1.5 pr-8", className)} {...props} />;
}

export type DialogTitleProps = ComponentPropsWithRef<typeof DialogPrimitive.Title>;

export function DialogTitle({ className, ...props }: DialogTitleProps) {
  return <DialogPrimitive.Title className={cn("text-base font-semibold text-ink", className)} {...props} />;
}

export type DialogDescriptionProps = ComponentPropsWithRef<typeof DialogPrimitive.Description>;

export function DialogDescription({ className, ...props }: DialogDescriptionProps) {
  return <DialogPrimitive.Description className={cn("text-sm text-muted", className)} {...props} />;
}

export type DialogFooterProps = ComponentPropsWithRef<"div">;

export function DialogFooter({ className, ...props }: DialogFooterProps) {
  return (
    <div className={cn("flex flex-col-reverse gap-2 pt-1 sm:flex-row sm:justify-end", className)} {...props} />
  );
}
