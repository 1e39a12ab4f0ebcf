import "server-only";
import { eq } from "drizzle-orm";
import {
  DEFAULT_REVIEW_KEYMAP,
  REVIEW_ACTIONS,
  ReviewKeymapSchema,
  type Preferences,
  type ReviewAction,
  type ReviewKeymap,
  type UpdatePreferences,
} from "@/lib/contracts/preferences";
import type { DbOrTx } from "@/lib/db/client";
import { users, type StoredPreferences } from "@/lib/db/schema";
import { issuesFromZod, validationError } from "@/lib/services/errors";
import { recordAudit, type ServiceContext } from "../context";

/**
 * The calling user's own preferences (for an API key, its creator's). Only what the user changed is stored;
 * reading merges it over the defaults, so a new action's default reaches everyone.
 */
export async function getPreferences(ctx: ServiceContext): Promise<Preferences> {
  return toPreferences(await stored(ctx.db, { userId: ctx.actor.userId }));
}

/**
 * Remaps some review actions (the others keep theirs), or with `reviewKeymap: null` restores every default.
 * A keymap that would bind one key to two actions, once merged, is a 400 naming both.
 */
export async function updatePreferences(ctx: ServiceContext, input: UpdatePreferences): Promise<Preferences> {
  return ctx.db.transaction(async (tx) => {
    const before = await stored(tx, { userId: ctx.actor.userId, forUpdate: true });
    const next: StoredPreferences = { ...before };
    if (input.reviewKeymap === null) delete next.reviewKeymap;
    else if (input.reviewKeymap) next.reviewKeymap = overrides({ ...before.reviewKeymap, ...withoutUndefined(input.reviewKeymap) });
    if (input.listColumns) next.listColumns = mergedColumns(before.listColumns ?? {}, input.listColumns);
    const merged = ReviewKeymapSchema.safeParse(mergedKeymap(next));
    if (!merged.success) {
      const issues = issuesFromZod(merged.error).map((issue) => ({ ...issue, path: `reviewKeymap.${issue.path}` }));
      throw validationError(`Invalid keymap: ${issues.map((issue) => issue.message).join("; ")}`, issues);
    }
    await tx.update(users).set({ preferences: next }).where(eq(users.id, ctx.actor.userId));
    await recordAudit(tx, { ctx, action: "preferences.update", resourceType: "user", resourceId: ctx.actor.userId, before, after: next });
    return toPreferences(next);
  });
}

async function stored(tx: DbOrTx, { userId, ...options }: { userId: string } & { forUpdate?: boolean }): Promise<StoredPreferences> {
  const query = tx.select({ preferences: users.preferences }).from(users).where(eq(users.id, userId)).limit(1);
  const [row] = options.forUpdate ? await query.for("update") : await query;
  return row?.preferences ?? {};
}

export function mergedKeymap(preferences: StoredPreferences): ReviewKeymap {
  return { ...DEFAULT_REVIEW_KEYMAP, ...withoutUndefined(preferences.reviewKeymap ?? {}) };
}

function toPreferences(preferences: StoredPreferences): Preferences {
  return { reviewKeymap: mergedKeymap(preferences), listColumns: preferences.listColumns ?? {} };
}

/** The caller's chosen list columns by parser id (the queue reads them for each document's parser). */
export async function listColumnsOf(db: DbOrTx, userId: string): Promise<Record<string, string[]>> {
  return (await stored(db, { userId })).listColumns ?? {};
}

/** Each named parser's columns are replaced (duplicates dropped); null or an empty list removes the parser's entry. */
function mergedColumns(before: Record<string, string[]>, changes: Record<string, string[] | null>): Record<string, string[]> {
  const next = { ...before };
  for (const [parserId, names] of Object.entries(changes)) {
    if (!names || names.length === 0) delete next[parserId];
    else next[parserId] = [...new Set(names)];
  }
  return next;
}

/** Only the actions that differ from their default are kept; known actions only. */
function overrides(keymap: Partial<ReviewKeymap>): Partial<ReviewKeymap> {
  const out: Partial<ReviewKeymap> = {};
  for (const action of REVIEW_ACTIONS) {
    const key = keymap[action];
    if (key !== undefined && key !== DEFAULT_REVIEW_KEYMAP[action]) out[action] = key;
  }
  return out;
}

function withoutUndefined(keymap: Partial<Record<ReviewAction, string | undefined>>): Partial<ReviewKeymap> {
  return Object.fromEntries(Object.entries(keymap).filter(([, key]) => key !== undefined)) as Partial<ReviewKeymap>;
}
