import { describe, expect, it } from "vitest";
import { DEFAULT_REVIEW_KEYMAP, ReviewKeymapSchema } from "@/lib/contracts/preferences";
import {
  actionForShortcut,
  displayShortcut,
  formatShortcut,
  isModifierCombo,
  keymapConflicts,
  mergeKeymap,
  normaliseShortcut,
  parseShortcut,
  shortcutFromEvent,
  speakShortcut,
  type KeyEventLike,
} from "./keymap";

const press = (key: string, options: Partial<KeyEventLike> = {}): KeyEventLike => ({
  key,
  code: options.code ?? "",
  ctrlKey: false,
  altKey: false,
  shiftKey: false,
  metaKey: false,
  ...options,
});

describe("parseShortcut / formatShortcut", () => {
  it("reads modifiers in any order and writes them as Ctrl, Alt, Shift, Meta", () => {
    expect(normaliseShortcut("Shift+Alt+Ctrl+ArrowRight")).toBe("Ctrl+Alt+Shift+ArrowRight");
    expect(normaliseShortcut("meta+alt+k")).toBe("Alt+Meta+k");
    expect(normaliseShortcut("Control+Option+Cmd+x")).toBe("Ctrl+Alt+Meta+x");
  });

  it("spells letters by whether Shift is held", () => {
    expect(normaliseShortcut("A")).toBe("a");
    expect(normaliseShortcut("Shift+a")).toBe("Shift+A");
    expect(normaliseShortcut("Alt+A")).toBe("Alt+a");
  });

  it("drops Shift from characters that already imply it, and names the space bar", () => {
    expect(normaliseShortcut("Shift+?")).toBe("?");
    expect(normaliseShortcut("?")).toBe("?");
    expect(normaliseShortcut(" ")).toBeNull();
    expect(normaliseShortcut("Ctrl+Space")).toBe("Ctrl+Space");
    expect(normaliseShortcut("Shift+ArrowDown")).toBe("Shift+ArrowDown");
  });

  it("treats a trailing + as the plus key, and refuses modifiers alone", () => {
    expect(parseShortcut("Ctrl++")).toEqual({ ctrl: true, alt: false, shift: false, meta: false, key: "+" });
    expect(normaliseShortcut("+")).toBe("+");
    expect(parseShortcut("Ctrl+Shift")).toBeNull();
    expect(parseShortcut("")).toBeNull();
  });

  it("round-trips every default", () => {
    for (const shortcut of Object.values(DEFAULT_REVIEW_KEYMAP)) {
      expect(formatShortcut(parseShortcut(shortcut)!)).toBe(shortcut);
    }
  });
});

describe("shortcutFromEvent", () => {
  it("reads plain keys and ignores lone modifiers", () => {
    expect(shortcutFromEvent(press("j"))).toBe("j");
    expect(shortcutFromEvent(press("?", { shiftKey: true, code: "Slash" }))).toBe("?");
    expect(shortcutFromEvent(press("Shift", { shiftKey: true }))).toBeNull();
    expect(shortcutFromEvent(press("Alt", { altKey: true }))).toBeNull();
  });

  it("reads the letter from the physical key when Alt changes the character (macOS)", () => {
    expect(shortcutFromEvent(press("å", { altKey: true, code: "KeyA" }))).toBe("Alt+a");
    expect(shortcutFromEvent(press("Z", { ctrlKey: true, shiftKey: true, code: "KeyZ" }))).toBe("Ctrl+Shift+Z");
    expect(shortcutFromEvent(press("¡", { altKey: true, code: "Digit1" }))).toBe("Alt+1");
  });

  it("keeps named keys", () => {
    expect(shortcutFromEvent(press("ArrowRight", { altKey: true, code: "ArrowRight" }))).toBe("Alt+ArrowRight");
    expect(shortcutFromEvent(press(" ", { code: "Space" }))).toBe("Space");
  });
});

describe("keymaps", () => {
  it("merges overrides over the defaults and ignores unreadable ones", () => {
    const merged = mergeKeymap({ approve: "shift+alt+Y", reject: "", undo: "Ctrl+Shift" });
    expect(merged.approve).toBe("Alt+Shift+Y");
    expect(merged.reject).toBe(DEFAULT_REVIEW_KEYMAP.reject);
    expect(merged.undo).toBe(DEFAULT_REVIEW_KEYMAP.undo);
    expect(mergeKeymap(null)).toEqual(DEFAULT_REVIEW_KEYMAP);
  });

  it("finds the action of a key press", () => {
    const keymap = mergeKeymap({ approve: "y" });
    expect(actionForShortcut(keymap, "y")).toBe("approve");
    expect(actionForShortcut(keymap, "Alt+a")).toBeNull();
    expect(actionForShortcut(keymap, "?")).toBe("showShortcuts");
  });

  it("reports each clash once, on the later action, as the contract does", () => {
    const keymap = { ...DEFAULT_REVIEW_KEYMAP, reject: "alt+a", undo: "?" };
    expect(keymapConflicts(keymap)).toEqual({ reject: "approve", showShortcuts: "undo" });
    expect(ReviewKeymapSchema.safeParse(keymap).success).toBe(false);
    expect(keymapConflicts(DEFAULT_REVIEW_KEYMAP)).toEqual({});
  });

  it("knows which shortcuts may fire while typing", () => {
    expect(isModifierCombo("Alt+a")).toBe(true);
    expect(isModifierCombo("Ctrl+z")).toBe(true);
    expect(isModifierCombo("Shift+A")).toBe(false);
    expect(isModifierCombo("?")).toBe(false);
  });

  it("shows and speaks shortcuts", () => {
    expect(displayShortcut("Alt+ArrowRight")).toEqual(["Alt", "→"]);
    expect(displayShortcut("Ctrl+z")).toEqual(["Ctrl", "Z"]);
    expect(speakShortcut("Alt+ArrowLeft")).toBe("Alt plus Arrow Left");
    expect(speakShortcut("?")).toBe("question mark");
  });

  it("maps the pick, page, zoom, row and reset keys, every one usable while typing in a value", () => {
    const fire = (key: string, options: Partial<KeyEventLike>) => actionForShortcut(DEFAULT_REVIEW_KEYMAP, shortcutFromEvent(press(key, options))!);
    expect(fire("p", { altKey: true, code: "KeyP" })).toBe("pickFromPage");
    expect(fire("=", { altKey: true, code: "Equal" })).toBe("zoomIn");
    expect(fire("-", { altKey: true, code: "Minus" })).toBe("zoomOut");
    expect(fire("PageDown", { altKey: true, code: "PageDown" })).toBe("nextPage");
    expect(fire("PageUp", { altKey: true, code: "PageUp" })).toBe("previousPage");
    expect(fire("n", { altKey: true, code: "KeyN" })).toBe("addRow");
    expect(fire("Delete", { altKey: true, code: "Delete" })).toBe("removeRow");
    // Shift with Alt: a different key from Alt+R (reject).
    expect(fire("R", { altKey: true, shiftKey: true, code: "KeyR" })).toBe("resetReview");
    expect(fire("r", { altKey: true, code: "KeyR" })).toBe("reject");
    for (const action of ["pickFromPage", "zoomIn", "zoomOut", "nextPage", "previousPage", "addRow", "removeRow", "resetReview"] as const) {
      expect(isModifierCombo(DEFAULT_REVIEW_KEYMAP[action])).toBe(true);
    }
    expect(ReviewKeymapSchema.safeParse(DEFAULT_REVIEW_KEYMAP).success).toBe(true);
  });

  it("remaps the new actions like the others", () => {
    const keymap = mergeKeymap({ pickFromPage: "Ctrl+Shift+P", addRow: "alt+insert" });
    expect(actionForShortcut(keymap, "Ctrl+Shift+P")).toBe("pickFromPage");
    expect(keymap.addRow).toBe("Alt+insert");
    expect(keymapConflicts({ ...keymap, removeRow: "Ctrl+Shift+P" })).toEqual({ removeRow: "pickFromPage" });
  });
});
