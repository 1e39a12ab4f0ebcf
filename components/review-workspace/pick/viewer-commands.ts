import type { MutableRefObject } from "react";
import type { RowCell } from "./phrases";

/** What the workspace's shortcuts ask of whichever viewer shows the document; false: nothing to do (the key passes). */
export type ViewerCommands = {
  zoomIn: () => boolean;
  zoomOut: () => boolean;
  nextPage: () => boolean;
  previousPage: () => boolean;
  /** Starts picking from the page with the keyboard, for the value being filled. */
  pickFromPage: () => boolean;
};
export type ViewerCommandsRef = MutableRefObject<ViewerCommands | null>;

/** What every viewer gets for picking values off its pages. */
export type PickProps = {
  /** The value a click or drag on the page fills, or null when picking is off. */
  pickLabel: string | null;
  onPick: (text: string) => void;
  /** A row region picked while a table cell is being filled: fills the row by column; false when it could not. */
  onPickRow: (pick: { page: number; rotation: number; cells: RowCell[] }) => boolean;
  /** Turns picking off (the page selects text again) until a value is focused anew. */
  onStopPicking: () => void;
  /** Keyboard picking ended (filled or not): focus goes back to the value. */
  onKeyboardPickDone: () => void;
  commandsRef: ViewerCommandsRef;
};
