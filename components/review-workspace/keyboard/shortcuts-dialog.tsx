"use client";

import { Button, Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui";
import { REVIEW_ACTION_LABELS, REVIEW_ACTIONS, type ReviewKeymap } from "@/lib/contracts/preferences";
import { ShortcutKeys } from "./shortcut-keys";

/** Keys of the form itself, which are not remappable: they are the browser's. */
const FORM_KEYS: Array<[string, string]> = [
  ["Tab", "Next value"],
  ["Shift+Tab", "Previous value"],
  ["Enter", "Save the value you typed"],
  ["Escape", "Discard what you typed"],
];

/** The `?` overlay: every shortcut of the workspace, with a way into the settings to change them. */
export function ShortcutsDialog({ open, onOpenChange, keymap, onCustomise }: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  keymap: ReviewKeymap;
  onCustomise: () => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent size="md">
        <DialogHeader>
          <DialogTitle>Keyboard shortcuts</DialogTitle>
          <DialogDescription>Shortcuts with Ctrl, Alt or Meta also work while you type in a field.</DialogDescription>
        </DialogHeader>
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Review shortcuts</caption>
          <thead className="text-xs text-muted">
            <tr>
              <th scope="col" className="pb-1 font-medium">
                Action
              </th>
              <th scope="col" className="pb-1 font-medium">
                Keys
              </th>
            </tr>
          </thead>
          <tbody>
            {REVIEW_ACTIONS.map((action) => (
              <tr key={action} className="border-t border-line">
                <th scope="row" className="py-1.5 pr-4 font-normal">
                  {REVIEW_ACTION_LABELS[action]}
                </th>
                <td className="py-1.5">
                  <ShortcutKeys shortcut={keymap[action]} />
                </td>
              </tr>
            ))}
            {FORM_KEYS.map(([keys, label]) => (
              <tr key={keys} className="border-t border-line text-muted">
                <th scope="row" className="py-1.5 pr-4 font-normal">
                  {label}
                </th>
                <td className="py-1.5">
                  <ShortcutKeys shortcut={keys} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <DialogFooter>
          <Button variant="secondary" onClick={onCustomise}>
            Change shortcuts
          </Button>
          <Button onClick={() => onOpenChange(false)}>Done</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
