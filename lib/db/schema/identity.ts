import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, id, timestamptz, updatedAt } from "./columns";

import type { Region, Role } from "@/lib/contracts/enums";
import type { ReviewKeymap } from "@/lib/contracts/preferences";

/** Only what the user changed is stored; defaults fill the rest when read, so new defaults reach everyone. */
export type StoredPreferences = { reviewKeymap?: Partial<ReviewKeymap>; listColumns?: Record<string, string[]> };

export { REGIONS, ROLES, type Region, type Role } from "@/lib/contracts/enums";

/** One row, written once: the first-run setup page exists only while it is absent. */
export const instance = pgTable("instance", {
  id: integer().primaryKey(),
  setupCompletedAt: timestamptz().notNull().defaultNow(),
});

export const teams = pgTable(
  "teams",
  {
    id: id(),
    name: text().notNull(),
    slug: text().notNull(),
    region: text().$type<Region>().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("teams_slug_key").on(t.slug)],
);

/** The owning team of a row: every tenant-scoped table has one, and it goes when the team goes. */
export const teamIdColumn = () =>
  uuid()
    .notNull()
    .references(() => teams.id, { onDelete: "cascade" });

export const users = pgTable(
  "users",
  {
    id: id(),
    email: text().notNull(),
    name: text().notNull(),
    /** scrypt hash in PHC-like form (see lib/auth/password.ts); never the password. */
    passwordHash: text().notNull(),
    /** The user's own settings (today the review keymap's overrides); see lib/services/preferences. */
    preferences: jsonb().$type<StoredPreferences>().notNull().default({}),
    /** Set when an admin chose the password: the user picks their own at the next sign-in. */
    mustChangePassword: boolean().notNull().default(false),
    /**
     * When a secret delivered to this e-mail address came back (lib/services/email-proof). Null: the address is not
     * proven, and the account sees and accepts no invitation by address (an account made through an invitation
     * link is such a one: the link went to the inviting admin, not to the address). An admin's password reset
     * clears it.
     */
    emailProvenAt: timestamptz(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("users_email_key").on(sql`lower(${t.email})`)],
);

export const memberships = pgTable(
  "memberships",
  {
    teamId: teamIdColumn(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text().$type<Role>().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.teamId, t.userId] }), index("memberships_user_idx").on(t.userId)],
);

export const apiKeys = pgTable(
  "api_keys",
  {
    id: id(),
    teamId: teamIdColumn(),
    createdById: uuid()
      .notNull()
      .references(() => users.id),
    name: text().notNull(),
    /** The first characters of the key, shown in lists so people can tell keys apart. */
    prefix: text().notNull(),
    /** SHA-256 of the whole key: keys carry 192 bits of randomness, so a fast hash is the right tool. */
    keyHash: text().notNull(),
    permissions: jsonb().$type<string[]>().notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamptz(),
    revokedAt: timestamptz(),
    /** Past this instant the key is refused (401) as expired; null: it never expires. */
    expiresAt: timestamptz(),
    revokedById: uuid().references(() => users.id),
  },
  (t) => [uniqueIndex("api_keys_hash_key").on(t.keyHash), index("api_keys_team_idx").on(t.teamId, t.createdAt)],
);

/** Fixed-window request counters; one upsert per request keeps limits right across server processes. */
export const rateLimitBuckets = pgTable(
  "rate_limit_buckets",
  {
    subject: text().notNull(),
    window: text().notNull(),
    windowStart: timestamptz().notNull(),
    count: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.subject, t.window, t.windowStart] }), index("rate_limit_buckets_start_idx").on(t.windowStart)],
);

export const auditLog = pgTable(
  "audit_log",
  {
    id: id(),
    teamId: teamIdColumn(),
    actorUserId: uuid().references(() => users.id, { onDelete: "set null" }),
    actorApiKeyId: uuid().references(() => apiKeys.id, { onDelete: "set null" }),
    action: text().notNull(),
    resourceType: text().notNull(),
    resourceId: text().notNull(),
    before: jsonb().$type<Record<string, unknown>>(),
    after: jsonb().$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [index("audit_log_team_idx").on(t.teamId, t.createdAt), index("audit_log_resource_idx").on(t.resourceType, t.resourceId)],
);

/**
 * A standing offer to join a team. Adding someone by e-mail never makes an existing account a member: they join
 * when they accept in the console, or (someone new) when they choose a password through the invitation link.
 * Only the SHA-256 of the link's secret is stored, like API keys.
 */
export const invitations = pgTable(
  "invitations",
  {
    id: id(),
    teamId: teamIdColumn(),
    /** Lower-case, as the contract normalises it; compared with lower(users.email). */
    email: text().notNull(),
    name: text().notNull(),
    role: text().$type<Role>().notNull(),
    tokenHash: text().notNull(),
    invitedById: uuid().references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    expiresAt: timestamptz().notNull(),
  },
  (t) => [
    uniqueIndex("invitations_token_key").on(t.tokenHash),
    uniqueIndex("invitations_team_email_key").on(t.teamId, t.email),
    index("invitations_email_idx").on(t.email),
  ],
);

/**
 * Console sign-in sessions, so the server can end one: the next-auth cookie carries a random session id, and the
 * session is good only while its row exists (sign-out deletes it). Keyed by the SHA-256 of that id.
 */
export const authSessions = pgTable(
  "auth_sessions",
  {
    id: text().primaryKey(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    /** Refreshed at most hourly while the session is used; rows idle longer than the session's lifetime are purged. */
    lastSeenAt: timestamptz().notNull().defaultNow(),
  },
  (t) => [index("auth_sessions_user_idx").on(t.userId), index("auth_sessions_last_seen_idx").on(t.lastSeenAt)],
);

/**
 * A code sent by e-mail to prove that the person signed in to an account receives that account's mail. One pending
 * code per user; only its SHA-256 is stored; a few wrong guesses spend it.
 */
export const emailProofs = pgTable("email_proofs", {
  userId: uuid()
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  /** The address the code was sent to: a code proves that address only, should the account's change. */
  email: text().notNull(),
  codeHash: text().notNull(),
  attempts: integer().notNull().default(0),
  sentAt: timestamptz().notNull().defaultNow(),
  expiresAt: timestamptz().notNull(),
});
