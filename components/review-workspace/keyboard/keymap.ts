import { DEFAULT_REVIEW_KEYMAP, REVIEW_ACTIONS, type ReviewAction, type ReviewKeymap } from "@/lib/contracts/preferences";

/**
 * Keyboard shortcuts of the review workspace in the contract's notation (lib/contracts/preferences.ts):
 * `KeyboardEvent.key` with modifiers in front, `+`-joined, in the order Ctrl, Alt, Shift, Meta.
 *
 * One canonical spelling per key, so that comparing two shortcuts is comparing two strings:
 * - letters are lower-case, and upper-case exactly when Shift is held (`a`, `Shift+A`);
 * - other printable characters carry no `Shift+`, because the character already says it (`?`, not `Shift+?`);
 * - the space bar is `Space` (the notation allows no whitespace); named keys keep their DOM names (`ArrowRight`).
 * Pure, so it is unit-tested and shared by the shortcut listener and the settings dialog.
 */
export const MODIFIERS = ["Ctrl", "Alt", "Shift", "Meta"] as const;
export type Modifier = (typeof MODIFIERS)[number];

export type KeyChord = { ctrl: boolean; alt: boolean; shift: boolean; meta: boolean; key: string };

/** What a keyboard event looks like to this module (a subset of KeyboardEvent, so tests need no DOM). */
export type KeyEventLike = Pick<KeyboardEvent, "key" | "code" | "ctrlKey" | "altKey" | "shiftKey" | "metaKey">;

const MODIFIER_KEYS = new Set(["Control", "Alt", "Shift", "Meta", "AltGraph", "CapsLock", "OS", "Fn"]);
const LETTER = /^[a-z]$/i;

function isPrintable(key: string): boolean {
  return [...key].length === 1;
}

/** Canonical key part: see the module comment. */
function canonicalKey(key: string, shift: boolean): string {
  if (key === " " || key.toLowerCase() === "space" || key === "Spacebar") return "Space";
  if (LETTER.test(key)) return shift ? key.toUpperCase() : key.toLowerCase();
  return key;
}

/** Whether Shift is written in the notation: printable non-letters imply it through the character itself. */
function shiftIsWritten(key: string): boolean {
  return !isPrintable(key) || LETTER.test(key) || key === "Space";
}

function normalise(chord: KeyChord): KeyChord {
  const key = canonicalKey(chord.key, chord.shift);
  return { ...chord, key, shift: chord.shift && shiftIsWritten(key) };
}

/** Reads a shortcut such as `Alt+ArrowRight`; null when it is not one (empty, or only modifiers). */
export function parseShortcut(text: string): KeyChord | null {
  const trimmed = text.trim();
  if (trimmed === "") return null;
  // `+` itself is a key (`Ctrl++`, `+`): the key is what follows the last modifier prefix.
  const chord: KeyChord = { ctrl: false, alt: false, shift: false, meta: false, key: "" };
  let rest = trimmed;
  for (;;) {
    const match = /^(Ctrl|Control|Alt|Option|Shift|Meta|Cmd|Command)\+(?=.)/i.exec(rest);
    if (!match) break;
    const name = match[1]!.toLowerCase();
    if (name === "ctrl" || name === "control") chord.ctrl = true;
    else if (name === "alt" || name === "option") chord.alt = true;
    else if (name === "shift") chord.shift = true;
    else chord.meta = true;
    rest = rest.slice(match[0].length);
  }
  if (rest === "" || MODIFIER_KEYS.has(rest)) return null;
  chord.key = rest;
  return normalise(chord);
}

/** Writes a chord in the canonical notation. */
export function formatShortcut(chord: KeyChord): string {
  const normal = normalise(chord);
  const parts: string[] = [];
  if (normal.ctrl) parts.push("Ctrl");
  if (normal.alt) parts.push("Alt");
  if (normal.shift) parts.push("Shift");
  if (normal.meta) parts.push("Meta");
  parts.push(normal.key);
  return parts.join("+");
}

/** The canonical spelling of a shortcut, or null when it is not one. */
export function normaliseShortcut(text: string): string | null {
  const chord = parseShortcut(text);
  return chord ? formatShortcut(chord) : null;
}

/**
 * The chord a key press means; null for a lone modifier (still waiting for the real key).
 * With Ctrl, Alt or Meta held, a letter or digit is read from `code`: macOS turns Alt+a into `å`, and some
 * layouts put other characters on those keys, but people mean the key they see, as written in the keymap.
 */
export function chordFromEvent(event: KeyEventLike): KeyChord | null {
  if (MODIFIER_KEYS.has(event.key) || event.key === "Dead" || event.key === "Unidentified") return null;
  let key = event.key;
  if (event.ctrlKey || event.altKey || event.metaKey) {
    const letter = /^Key([A-Z])$/.exec(event.code);
    const digit = /^Digit([0-9])$/.exec(event.code);
    if (letter) key = letter[1]!;
    else if (digit) key = digit[1]!;
  }
  return normalise({ ctrl: event.ctrlKey, alt: event.altKey, shift: event.shiftKey, meta: event.metaKey, key });
}

export function shortcutFromEvent(event: KeyEventLike): string | null {
  const chord = chordFromEvent(event);
  return chord ? formatShortcut(chord) : null;
}

/** Whether the shortcut needs Ctrl, Alt or Meta: only such shortcuts fire while someone is typing in a field. */
export function isModifierCombo(shortcut: string): boolean {
  const chord = parseShortcut(shortcut);
  return chord !== null && (chord.ctrl || chord.alt || chord.meta);
}

/** The user's overrides over the defaults, each written canonically; unknown or unreadable entries are ignored. */
export function mergeKeymap(overrides: Partial<Record<string, string>> | null | undefined): ReviewKeymap {
  const merged = { ...DEFAULT_REVIEW_KEYMAP };
  for (const action of REVIEW_ACTIONS) {
    const override = overrides?.[action];
    const normal = override ? normaliseShortcut(override) : null;
    if (normal) merged[action] = normal;
  }
  return merged;
}

/** Which action a key press triggers in this keymap, if any. */
export function actionForShortcut(keymap: ReviewKeymap, shortcut: string): ReviewAction | null {
  for (const action of REVIEW_ACTIONS) {
    if (normaliseShortcut(keymap[action]) === shortcut) return action;
  }
  return null;
}

/** Actions that share a key with an earlier action, with the action they clash with. */
export function keymapConflicts(keymap: ReviewKeymap): Partial<Record<ReviewAction, ReviewAction>> {
  const firstUser = new Map<string, ReviewAction>();
  const conflicts: Partial<Record<ReviewAction, ReviewAction>> = {};
  for (const action of REVIEW_ACTIONS) {
    // The contract rejects keys that differ only in case, so conflicts are found the same way.
    const key = (normaliseShortcut(keymap[action]) ?? keymap[action]).toLowerCase();
    const other = firstUser.get(key);
    if (other) conflicts[action] = other;
    else firstUser.set(key, action);
  }
  return conflicts;
}

const KEY_LABELS: Record<string, string> = {
  ArrowRight: "→",
  ArrowLeft: "←",
  ArrowUp: "↑",
  ArrowDown: "↓",
  Escape: "Esc",
};

/** How a shortcut reads on screen: `Alt + →`. Screen readers get the plain notation through `aria-label`. */
export function displayShortcut(shortcut: string): string[] {
  const chord = parseShortcut(shortcut);
  if (!chord) return [shortcut];
  const parts: string[] = [];
  if (chord.ctrl) parts.push("Ctrl");
  if (chord.alt) parts.push("Alt");
  if (chord.shift) parts.push("Shift");
  if (chord.meta) parts.push("Meta");
  parts.push(KEY_LABELS[chord.key] ?? (chord.key.length === 1 ? chord.key.toUpperCase() : chord.key));
  return parts;
}

/** Spoken form of a shortcut: `Alt plus Arrow Right`. */
export function speakShortcut(shortcut: string): string {
  const chord = parseShortcut(shortcut);
  if (!chord) return shortcut;
  const parts: string[] = [];
  if (chord.ctrl) parts.push("Control");
  if (chord.alt) parts.push("Alt");
  if (chord.shift) parts.push("Shift");
  if (chord.meta) parts.push("Meta");
  const spoken: Record<string, string> = { "?": "question mark", "/": "slash", "+": "plus", "-": "minus", ".": "period", ",": "comma" };
  parts.push(spoken[chord.key] ?? chord.key.replace(/([a-z])([A-Z])/g, "$1 $2"));
  return parts.join(" plus ");
}
