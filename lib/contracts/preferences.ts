import { z } from "zod";
import { defineOperation, UuidSchema } from "./common";

/**
 * A user's own settings, kept on the server so they follow the user from browser to browser. Today: the
 * review workspace's keyboard shortcuts, which each reviewer may remap.
 */
export const REVIEW_ACTIONS = [
  "approve",
  "reject",
  "nextDocument",
  "previousDocument",
  "nextLowConfidence",
  "undo",
  "undoDecision",
  "showShortcuts",
  "pickFromPage",
  "zoomIn",
  "zoomOut",
  "nextPage",
  "previousPage",
  "addRow",
  "removeRow",
  "resetReview",
] as const;
export type ReviewAction = (typeof REVIEW_ACTIONS)[number];

export const REVIEW_ACTION_LABELS: Record<ReviewAction, string> = {
  approve: "Approve the current stage",
  reject: "Reject the current stage",
  nextDocument: "Next document in my queue",
  previousDocument: "Previous document",
  nextLowConfidence: "Jump to the next low-confidence value",
  undo: "Undo the last edit",
  undoDecision: "Undo the last approve or reject",
  showShortcuts: "Show the shortcuts",
  pickFromPage: "Pick the focused value from the page",
  zoomIn: "Zoom in",
  zoomOut: "Zoom out",
  nextPage: "Next page",
  previousPage: "Previous page",
  addRow: "Add a row to the table",
  removeRow: "Remove the focused row",
  resetReview: "Reset the review",
};

/**
 * Keys are written as the browser's `KeyboardEvent.key` with modifiers in front, `+`-joined, in the order
 * Ctrl, Alt, Shift, Meta: `a`, `Shift+A`, `Alt+ArrowRight`, `Ctrl+z`, `?`.
 */
export const DEFAULT_REVIEW_KEYMAP: Record<ReviewAction, string> = {
  approve: "Alt+a",
  reject: "Alt+r",
  nextDocument: "Alt+ArrowRight",
  previousDocument: "Alt+ArrowLeft",
  nextLowConfidence: "Alt+l",
  undo: "Ctrl+z",
  undoDecision: "Alt+z",
  showShortcuts: "?",
  pickFromPage: "Alt+p",
  zoomIn: "Alt+=",
  zoomOut: "Alt+-",
  nextPage: "Alt+PageDown",
  previousPage: "Alt+PageUp",
  addRow: "Alt+n",
  removeRow: "Alt+Delete",
  resetReview: "Alt+Shift+R",
};

const KeySchema = z
  .string()
  .min(1)
  .max(40)
  .regex(/^((Ctrl|Alt|Shift|Meta)\+)*[^\s]+$/, "Write a key such as `a`, `Alt+a` or `Ctrl+ArrowRight`");

export const ReviewKeymapSchema = z
  .object(Object.fromEntries(REVIEW_ACTIONS.map((action) => [action, KeySchema])) as Record<ReviewAction, typeof KeySchema>)
  .superRefine((keymap, ctx) => {
    const seen = new Map<string, string>();
    for (const action of REVIEW_ACTIONS) {
      const key = keymap[action].toLowerCase();
      const other = seen.get(key);
      if (other) ctx.addIssue({ code: "custom", path: [action], message: `${keymap[action]} is already used by “${REVIEW_ACTION_LABELS[other as ReviewAction]}”` });
      else seen.set(key, action);
    }
  });
export type ReviewKeymap = z.infer<typeof ReviewKeymapSchema>;

/** Extracted fields shown as columns in the document list and the review queue, per parser, in order. */
export const LIST_COLUMNS_MAX = 6;
const ListColumnNamesSchema = z.array(z.string().trim().min(1, "Name a field").max(100)).max(LIST_COLUMNS_MAX, `At most ${LIST_COLUMNS_MAX} columns`);
export const ListColumnsSchema = z.record(UuidSchema, ListColumnNamesSchema);
export type ListColumns = z.infer<typeof ListColumnsSchema>;

export const PreferencesSchema = z
  .object({
    reviewKeymap: ReviewKeymapSchema.describe("Shortcuts of the review workspace; unset actions use the defaults"),
    listColumns: ListColumnsSchema.describe("By parser id: the extracted fields shown as columns in its document list and in the review queue"),
  })
  .meta({ id: "Preferences" });
export type Preferences = z.infer<typeof PreferencesSchema>;

export const UpdatePreferencesSchema = z.strictObject({
  reviewKeymap: z
    .strictObject(Object.fromEntries(REVIEW_ACTIONS.map((action) => [action, KeySchema.optional()])) as Record<ReviewAction, z.ZodOptional<typeof KeySchema>>)
    .nullable()
    .optional()
    .describe("The actions to remap; null restores every default. The merged keymap may not bind one key twice (400)"),
  listColumns: z
    .record(UuidSchema, ListColumnNamesSchema.nullable())
    .refine((columns) => Object.keys(columns).length <= 50, "At most 50 parsers at once")
    .optional()
    .describe("By parser id: the field names to show as columns (replacing that parser's), or null to show none; other parsers keep theirs"),
});
export type UpdatePreferences = z.input<typeof UpdatePreferencesSchema>;

export const preferenceOperations = {
  get: defineOperation({
    operationId: "getPreferences",
    method: "GET",
    path: "/me/preferences",
    tag: "Account",
    summary: "My preferences",
    description: "The calling user's own settings (for an API key: its creator's).",
    permission: "authenticated",
    response: PreferencesSchema,
  }),
  update: defineOperation({
    operationId: "updatePreferences",
    method: "PATCH",
    path: "/me/preferences",
    tag: "Account",
    summary: "Change my preferences",
    permission: "authenticated",
    body: UpdatePreferencesSchema,
    response: PreferencesSchema,
    errors: [400],
  }),
};
