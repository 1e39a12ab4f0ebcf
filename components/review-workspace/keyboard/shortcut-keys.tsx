import { displayShortcut, speakShortcut } from "./keymap";

/** A shortcut as keycaps (`Alt` `→`), read out in words. */
export function ShortcutKeys({ shortcut }: { shortcut: string }) {
  return (
    <span className="inline-flex items-center gap-0.5">
      <span className="sr-only">{speakShortcut(shortcut)}</span>
      {displayShortcut(shortcut).map((part, index) => (
        <kbd key={index} aria-hidden="true" className="inline-flex h-5 min-w-5 items-center justify-center rounded border border-line-strong bg-subtle px-1 font-mono text-xs text-ink">
          {part}
        </kbd>
      ))}
    </span>
  );
}
