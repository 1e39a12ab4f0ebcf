import { clsx, type ClassValue } from "clsx";
import { twMerge } from "tailwind-merge";

/**
 * Merge class names: `clsx` handles conditionals/arrays/objects, `tailwind-merge` resolves conflicting
 * Tailwind utilities so the last one wins (e.g. a caller's `bg-accent` overrides a default `bg-surface`).
 */
export function cn(...inputs: ClassValue[]): string {
  return twMerge(clsx(inputs));
}

export type { ClassValue };
