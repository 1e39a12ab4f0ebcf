"use client";

const CONTROL = "input, select, textarea, button";

function controlsOf(container: HTMLElement, selector: string): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>(selector)]
    .map((value) => value.querySelector<HTMLElement>(CONTROL))
    .filter((control): control is HTMLElement => control !== null && !control.hasAttribute("disabled"));
}

function focusAndShow(control: HTMLElement): true {
  control.focus();
  control.scrollIntoView({ block: "nearest" });
  return true;
}

/**
 * Moves focus to the next value that needs attention (amber or red, a required value not found, a check it
 * fails), after the focused one, wrapping around; false when there is none. Values mark themselves with
 * `data-attention` (see ScalarField, TableField).
 */
export function focusNextNeedingAttention(container: HTMLElement | null): boolean {
  if (!container) return false;
  const controls = controlsOf(container, "[data-attention='true']");
  if (controls.length === 0) return false;
  const active = document.activeElement;
  const after = active ? controls.find((control) => active.compareDocumentPosition(control) & Node.DOCUMENT_POSITION_FOLLOWING) : undefined;
  return focusAndShow(after ?? controls[0]!);
}

/** Focus on the document's first value (when nothing needs attention, that is where a reviewer starts). */
export function focusFirstValue(container: HTMLElement | null): boolean {
  if (!container) return false;
  const [first] = controlsOf(container, "[data-value-path]");
  return first ? focusAndShow(first) : false;
}

/** Where the keyboard starts on a document: the first value that needs attention, else the first value. */
export function focusEntryPoint(container: HTMLElement | null): boolean {
  if (!container) return false;
  const [attention] = controlsOf(container, "[data-attention='true']");
  return attention ? focusAndShow(attention) : focusFirstValue(container);
}
