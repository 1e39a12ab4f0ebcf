"use client";

import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useReducer,
  useRef,
  useState,
  type ReactNode,
} from "react";
import { cn } from "@/lib/utils/cn";
import {
  TOAST_DURATION_MS,
  toastReducer,
  type ToastAction,
  type ToastItem,
  type ToastTone,
} from "@/lib/utils/toast-queue";

export type { ToastTone } from "@/lib/utils/toast-queue";

export type ToastOptions = {
  title: ReactNode;
  description?: ReactNode;
  tone?: ToastTone;
};

export type ToastApi = {
  /** Shows a toast and returns its id. It dismisses itself after 5 s (paused while hovered or focused). */
  toast: (options: ToastOptions) => string;
  dismiss: (id: string) => void;
};

const ToastContext = createContext<ToastApi | null>(null);

function reducer(state: ToastItem<ReactNode>[], action: ToastAction<ReactNode>): ToastItem<ReactNode>[] {
  return toastReducer(state, action);
}

export type ToastProviderProps = {
  children: ReactNode;
  /** Auto-dismiss delay in ms. */
  duration?: number;
};

/**
 * Holds toasts and renders them in a polite live region (always mounted, so additions are announced).
 * Mount once near the root of the client tree. Toasts sit where they cover no value and no dialog's main button:
 * bottom left from 768 px (the review workspace's page, never its data; dialogs are centred with their buttons on
 * the right), at the top on a phone (its dialogs and the review's decision bar are at the bottom).
 */
export function ToastProvider({ children, duration = TOAST_DURATION_MS }: ToastProviderProps) {
  const [toasts, dispatch] = useReducer(reducer, []);
  const counter = useRef(0);

  const dismiss = useCallback((id: string) => dispatch({ type: "dismiss", id }), []);
  const toast = useCallback((options: ToastOptions) => {
    counter.current += 1;
    const id = `toast-${counter.current}`;
    dispatch({
      type: "add",
      toast: { id, title: options.title, description: options.description, tone: options.tone ?? "info" },
    });
    return id;
  }, []);

  const api = useMemo<ToastApi>(() => ({ toast, dismiss }), [toast, dismiss]);

  return (
    <ToastContext value={api}>
      {children}
      <div
        role="status"
        aria-live="polite"
        aria-atomic="false"
        aria-label="Notifications"
        className="pointer-events-none fixed inset-x-4 top-2 z-[60] flex flex-col gap-2 md:inset-x-auto md:top-auto md:bottom-4 md:left-4 md:w-full md:max-w-sm"
      >
        {toasts.map((item) => (
          <Toast key={item.id} item={item} duration={duration} onDismiss={dismiss} />
        ))}
      </div>
    </ToastContext>
  );
}

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error("useToast() must be used inside <ToastProvider>.");
  return api;
}

const toneStyles: Record<ToastTone, { icon: string; label: string }> = {
  success: { icon: "bg-success-soft text-success", label: "Success" },
  error: { icon: "bg-danger-soft text-danger", label: "Error" },
  info: { icon: "bg-accent-soft text-accent", label: "Info" },
};

function ToneIcon({ tone }: { tone: ToastTone }) {
  return (
    <span
      aria-hidden="true"
      className={cn("mt-px flex size-5 shrink-0 items-center justify-center rounded-full", toneStyles[tone].icon)}
    >
      <svg viewBox="0 0 16 16" fill="none" focusable="false" className="size-3.5">
        {tone === "success" ? (
          <path d="m4 8.5 2.5 2.5L12 5.5" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round" strokeLinejoin="round" />
        ) : tone === "error" ? (
          <path d="M8 4.5v4M8 11.25v.25" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round" />
        ) : (
          <path d="M8 7.5v4M8 4.5v.25" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round" />
        )}
      </svg>
    </span>
  );
}

type ToastViewProps = {
  item: ToastItem<ReactNode>;
  duration: number;
  onDismiss: (id: string) => void;
};

function Toast({ item, duration, onDismiss }: ToastViewProps) {
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const paused = hovered || focused;
  const remaining = useRef(duration);

  useEffect(() => {
    if (paused) return;
    const startedAt = Date.now();
    const timer = window.setTimeout(() => onDismiss(item.id), remaining.current);
    return () => {
      window.clearTimeout(timer);
      remaining.current = Math.max(0, remaining.current - (Date.now() - startedAt));
    };
  }, [paused, item.id, onDismiss]);

  return (
    <div
      className="pointer-events-auto flex items-start gap-2.5 rounded-lg border border-line bg-surface p-3 text-sm text-ink shadow-lg"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
      }}
    >
      <ToneIcon tone={item.tone} />
      <div className="flex min-w-0 flex-1 flex-col gap-0.5">
        <p className="font-medium">
          {item.tone === "info" ? null : <span className="sr-only">{toneStyles[item.tone].label}: </span>}
          {item.title}
        </p>
        {item.description ? <p className="text-muted break-words">{item.description}</p> : null}
      </div>
      <button
        type="button"
        aria-label="Dismiss notification"
        onClick={() => onDismiss(item.id)}
        className="-mt-0.5 -mr-1 inline-flex size-6 shrink-0 cursor-pointer items-center justify-center rounded-md text-muted transition-colors hover:bg-subtle hover:text-ink"
      >
        <svg viewBox="0 0 16 16" fill="none" aria-hidden="true" focusable="false" className="size-3.5">
          <path d="m4 4 8 8M12 4l-8 8" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" />
        </svg>
      </button>
    </div>
  );
}
