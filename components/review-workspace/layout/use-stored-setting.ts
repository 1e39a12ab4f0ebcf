"use client";

import { useCallback, useSyncExternalStore } from "react";

const CHANGED = "quarry:stored-setting";

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    // Storage can be off (private windows): settings then last for this page only, in memory below.
    return memory.get(key) ?? null;
  }
}

const memory = new Map<string, string>();

function subscribe(onChange: () => void) {
  window.addEventListener("storage", onChange);
  window.addEventListener(CHANGED, onChange);
  return () => {
    window.removeEventListener("storage", onChange);
    window.removeEventListener(CHANGED, onChange);
  };
}

/**
 * A layout choice remembered in this browser (the divider's place, wide tables). The server renders without it
 * (null) and the stored value takes over once hydrated, without a mismatch.
 */
export function useStoredSetting(key: string): [string | null, (value: string) => void] {
  const value = useSyncExternalStore(
    subscribe,
    () => read(key),
    () => null,
  );
  const write = useCallback(
    (next: string) => {
      try {
        window.localStorage.setItem(key, next);
      } catch {
        memory.set(key, next);
      }
      window.dispatchEvent(new Event(CHANGED));
    },
    [key],
  );
  return [value, write];
}
