/** Pure state for the toast system (kept free of React so it can be unit-tested). */

export type ToastTone = "success" | "error" | "info";

export type ToastItem<Content = string> = {
  id: string;
  title: Content;
  description?: Content | undefined;
  tone: ToastTone;
};

export type ToastAction<Content = string> =
  | { type: "add"; toast: ToastItem<Content> }
  | { type: "dismiss"; id: string }
  | { type: "clear" };

/** How many toasts stay on screen; older ones are dropped first. */
export const MAX_TOASTS = 4;

/** Auto-dismiss delay. */
export const TOAST_DURATION_MS = 5000;

export function toastReducer<Content>(
  state: readonly ToastItem<Content>[],
  action: ToastAction<Content>,
  max: number = MAX_TOASTS,
): ToastItem<Content>[] {
  switch (action.type) {
    case "add": {
      const withoutSameId = state.filter((toast) => toast.id !== action.toast.id);
      return [...withoutSameId, action.toast].slice(-max);
    }
    case "dismiss":
      return state.filter((toast) => toast.id !== action.id);
    case "clear":
      return [];
  }
}
