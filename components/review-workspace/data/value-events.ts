import type { ValueMeta } from "../field-values";
import type { ValuePath } from "../value-paths";

/** What the data side tells the workspace about the values a reviewer points at. */
export type ValueEvents = {
  /** A value got focus: it becomes the target of picks on the page, and its source box is shown. */
  onFocusValue: (path: ValuePath, meta: ValueMeta) => void;
  /** The pointer is over a value (or left it: null): its source box is shown while it stays. */
  onHoverValue: (meta: ValueMeta | null) => void;
};
