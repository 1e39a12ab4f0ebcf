/**
 * Moving through a table's cells with the keyboard, as in a spreadsheet: ↑/↓ go to the row above or below, ←/→ to
 * the next column once the caret is at the edge of the text (inside it they move the caret), Enter (after it has
 * saved the cell) to the row below and Shift+Enter to the row above. Keys with Ctrl, Alt or Meta are left to the
 * shortcuts. Pure, so it is unit-tested.
 */
export type GridPosition = { row: number; column: number };
export type GridKeyEvent = { key: string; shiftKey: boolean; altKey: boolean; ctrlKey: boolean; metaKey: boolean };
/** Where the caret is in the cell's text; both true for inputs without a caret (numbers, dates, selects). */
export type Caret = { atStart: boolean; atEnd: boolean };

export function gridTarget(from: GridPosition, size: { rows: number; columns: number }, event: GridKeyEvent, caret: Caret): GridPosition | null {
  if (event.altKey || event.ctrlKey || event.metaKey) return null;
  let { row, column } = from;
  switch (event.key) {
    case "ArrowUp":
      row -= 1;
      break;
    case "ArrowDown":
      row += 1;
      break;
    case "ArrowLeft":
      if (event.shiftKey || !caret.atStart) return null;
      column -= 1;
      break;
    case "ArrowRight":
      if (event.shiftKey || !caret.atEnd) return null;
      column += 1;
      break;
    case "Enter":
      row += event.shiftKey ? -1 : 1;
      break;
    default:
      return null;
  }
  if (row < 0 || row >= size.rows || column < 0 || column >= size.columns) return null;
  return { row, column };
}

/** The caret of a control: an input's selection where it has one (text), else "at both edges". */
export function caretOf(control: { value?: string; selectionStart?: number | null; selectionEnd?: number | null }): Caret {
  const start = control.selectionStart;
  const end = control.selectionEnd;
  if (typeof start !== "number" || typeof end !== "number" || typeof control.value !== "string") return { atStart: true, atEnd: true };
  return { atStart: start === 0 && end === 0, atEnd: start === control.value.length && end === control.value.length };
}
