import { describe, expect, it } from "vitest";
import { caretOf, gridTarget } from "./grid-navigation";

const key = (name: string, modifiers: Partial<{ shiftKey: boolean; altKey: boolean; ctrlKey: boolean; metaKey: boolean }> = {}) => ({
  key: name,
  shiftKey: false,
  altKey: false,
  ctrlKey: false,
  metaKey: false,
  ...modifiers,
});
const size = { rows: 3, columns: 4 };
const edges = { atStart: true, atEnd: true };

describe("moving through a table with the keyboard", () => {
  it("goes up, down and (at the text's edge) sideways, and stops at the table's edges", () => {
    expect(gridTarget({ row: 1, column: 1 }, size, key("ArrowUp"), edges)).toEqual({ row: 0, column: 1 });
    expect(gridTarget({ row: 1, column: 1 }, size, key("ArrowDown"), edges)).toEqual({ row: 2, column: 1 });
    expect(gridTarget({ row: 1, column: 1 }, size, key("ArrowLeft"), edges)).toEqual({ row: 1, column: 0 });
    expect(gridTarget({ row: 1, column: 1 }, size, key("ArrowRight"), edges)).toEqual({ row: 1, column: 2 });
    expect(gridTarget({ row: 0, column: 0 }, size, key("ArrowUp"), edges)).toBeNull();
    expect(gridTarget({ row: 2, column: 3 }, size, key("ArrowRight"), edges)).toBeNull();
  });

  it("leaves ←/→ to the caret inside the text, and Shift+arrows to selecting", () => {
    expect(gridTarget({ row: 1, column: 1 }, size, key("ArrowLeft"), { atStart: false, atEnd: true })).toBeNull();
    expect(gridTarget({ row: 1, column: 1 }, size, key("ArrowRight"), { atStart: true, atEnd: false })).toBeNull();
    expect(gridTarget({ row: 1, column: 1 }, size, key("ArrowRight", { shiftKey: true }), edges)).toBeNull();
  });

  it("Enter goes down, Shift+Enter up; shortcuts with modifiers are not moves", () => {
    expect(gridTarget({ row: 0, column: 2 }, size, key("Enter"), edges)).toEqual({ row: 1, column: 2 });
    expect(gridTarget({ row: 1, column: 2 }, size, key("Enter", { shiftKey: true }), edges)).toEqual({ row: 0, column: 2 });
    expect(gridTarget({ row: 1, column: 1 }, size, key("ArrowDown", { altKey: true }), edges)).toBeNull();
    expect(gridTarget({ row: 1, column: 1 }, size, key("a"), edges)).toBeNull();
  });

  it("reads the caret of text inputs, and treats inputs without one as at both edges", () => {
    expect(caretOf({ value: "abc", selectionStart: 0, selectionEnd: 0 })).toEqual({ atStart: true, atEnd: false });
    expect(caretOf({ value: "abc", selectionStart: 3, selectionEnd: 3 })).toEqual({ atStart: false, atEnd: true });
    expect(caretOf({ value: "abc", selectionStart: 0, selectionEnd: 3 })).toEqual({ atStart: false, atEnd: false });
    expect(caretOf({ value: "12", selectionStart: null, selectionEnd: null })).toEqual(edges);
  });
});
