"use client";

/**
 * Moves focus to the next value the engine was unsure of (amber or red), after the focused one, wrapping
 * around; false when there is none. Values mark themselves with `data-attention` (see ScalarField, TableField).
 */
export function focusNextNeedingAttention(container: HTMLElement | null): boolean {
  if (!container) return false;
  const controls = [...container.querySelectorAll<HTMLElement>("[data-attention='true']")]
    .map((value) => value.querySelector<HTMLElement>("input, select, textarea"))
    .filter((control): control is HTMLElement => control !== null);
  if (controls.length === 0) return false;
  const active = document.activeElement;
  const after = active ? controls.find((control) => active.compareDocumentPosition(control) & Node.DOCUMENT_POSITION_FOLLOWING) : undefined;
  const next = after ?? controls[0]!;
  next.focus();
  next.scrollIntoView({ block: "nearest" });
  return true;
}
