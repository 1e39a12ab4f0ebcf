import { describe, expect, it } from "vitest";
import { cursorLayout, cursorMoveFor, cursorSelection, moveCursor, startCursor } from "./keyboard-cursor";
import type { PickWord } from "./phrases";

function line(top: number, ...words: Array<[string, number]>): PickWord[] {
  return words.map(([text, left]) => ({ text, rect: { left, top, right: left + text.length * 6, bottom: top + 10 } }));
}

const layout = cursorLayout([
  ...line(0, ["Global", 0], ["Wholesaler", 40], ["Ltd", 104]),
  ...line(20, ["Invoice", 0], ["Number:", 46], ["INV-7", 92]),
  ...line(40, ["Widget", 0], ["A", 40], ["2", 200], ["20.00", 340]),
]);
const text = (cursor: ReturnType<typeof startCursor>) => (cursor ? cursorSelection(layout, cursor)?.text : null);

describe("the keyboard cursor over a page's words", () => {
  it("starts on the phrase nearest the focused value's source, or the first phrase", () => {
    expect(text(startCursor(layout, null))).toBe("Global Wholesaler Ltd");
    expect(text(startCursor(layout, { left: 90, top: 18, right: 130, bottom: 32 }))).toBe("INV-7");
    expect(startCursor(cursorLayout([]), null)).toBeNull();
  });

  it("moves phrase by phrase, line to line, and grows word by word", () => {
    let cursor = startCursor(layout, null)!;
    cursor = moveCursor(layout, cursor, "right");
    expect(text(cursor)).toBe("Invoice Number");
    cursor = moveCursor(layout, cursor, "right");
    expect(text(cursor)).toBe("INV-7");
    // Down to the phrase whose centre is nearest (INV-7's centre is nearer "Widget A" than "2").
    cursor = moveCursor(layout, cursor, "down");
    expect(text(cursor)).toBe("Widget A");
    cursor = moveCursor(layout, cursor, "right");
    expect(text(cursor)).toBe("2");
    cursor = moveCursor(layout, cursor, "left");
    expect(text(cursor)).toBe("Widget A");
    cursor = moveCursor(layout, cursor, "grow");
    expect(text(cursor)).toBe("Widget A 2");
    cursor = moveCursor(layout, cursor, "shrink");
    expect(text(cursor)).toBe("Widget A");
    cursor = moveCursor(layout, cursor, "shrink");
    expect(text(cursor)).toBe("Widget");
    expect(text(moveCursor(layout, cursor, "shrink"))).toBe("Widget");
    cursor = moveCursor(layout, cursor, "up");
    expect(text(cursor)).toBe("Invoice Number");
    // The edges hold.
    expect(text(moveCursor(layout, startCursor(layout, null)!, "up"))).toBe("Global Wholesaler Ltd");
    expect(text(moveCursor(layout, startCursor(layout, null)!, "left"))).toBe("Global Wholesaler Ltd");
  });

  it("maps arrow keys to moves", () => {
    expect(cursorMoveFor({ key: "ArrowRight", shiftKey: true })).toBe("grow");
    expect(cursorMoveFor({ key: "ArrowLeft", shiftKey: false })).toBe("left");
    expect(cursorMoveFor({ key: "a", shiftKey: false })).toBeNull();
  });
});
