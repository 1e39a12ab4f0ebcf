import { boolean, index, integer, jsonb, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
import { createdAt, id, timestamptz, updatedAt } from "./columns";
import { teamIdColumn, users } from "./identity";
import { parsers } from "./parsers";

export const webhookEndpoints = pgTable(
  "webhook_endpoints",
  {
    id: id(),
    teamId: teamIdColumn(),
    parserId: uuid()
      .notNull()
      .references(() => parsers.id, { onDelete: "cascade" }),
    url: text().notNull(),
    events: jsonb().$type<string[]>().notNull(),
    description: text().notNull().default(""),
    isActive: boolean().notNull().default(true),
    /** The signing secret must be usable to sign, so it is encrypted (AES-256-GCM), never stored in clear. */
    secretCiphertext: text().notNull(),
    disabledReason: text(),
    failingSince: timestamptz(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("webhook_endpoints_parser_idx").on(t.parserId)],
);

export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: id(),
    teamId: teamIdColumn(),
    endpointId: uuid()
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: "cascade" }),
    /** The Standard Webhooks `webhook-id`: the same across retries, so receivers can de-duplicate. */
    messageId: text().notNull(),
    eventType: text().notNull(),
    payload: jsonb().$type<Record<string, unknown>>().notNull(),
    status: text().$type<"pending" | "succeeded" | "failed">().notNull(),
    attempts: integer().notNull().default(0),
    lastAttemptAt: timestamptz(),
    nextAttemptAt: timestamptz(),
    responseStatus: integer(),
    responseTimeMs: integer(),
    responseBodyExcerpt: text(),
    error: text(),
    createdAt: createdAt(),
  },
  (t) => [index("webhook_deliveries_endpoint_idx").on(t.endpointId, t.createdAt)],
);

export const webhookAttempts = pgTable(
  "webhook_attempts",
  {
    id: id(),
    deliveryId: uuid()
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: "cascade" }),
    attemptedAt: timestamptz().notNull().defaultNow(),
    responseStatus: integer(),
    durationMs: integer(),
    responseBodyExcerpt: text(),
    error: text(),
  },
  (t) => [index("webhook_attempts_delivery_idx").on(t.deliveryId, t.attemptedAt)],
);

/**
 * What the OAuth authorization server (oidc-provider) persists: clients, grants, codes, tokens, sessions and
 * interactions, one row each. Ids of secrets (tokens, codes, session ids) are stored only as SHA-256 hashes and
 * the payload never repeats them, so a database dump holds nothing a caller could present.
 */
export const oauthRecords = pgTable(
  "oauth_records",
  {
    model: text().notNull(),
    idHash: text().notNull(),
    payload: jsonb().$type<Record<string, unknown>>().notNull(),
    grantId: text(),
    uid: text(),
    expiresAt: timestamptz(),
    consumedAt: timestamptz(),
  },
  (t) => [
    primaryKey({ columns: [t.model, t.idHash] }),
    index("oauth_records_grant_idx").on(t.grantId),
    index("oauth_records_uid_idx").on(t.model, t.uid),
    index("oauth_records_expires_idx").on(t.expiresAt),
  ],
);

/** An agent's grant: one user, one team, revocable from /settings/connections. */
export const oauthConnections = pgTable(
  "oauth_connections",
  {
    id: id(),
    /** The oidc-provider grant behind it: every token carries it, so revoking the grant revokes them all. */
    grantId: text().notNull().unique(),
    clientId: text().notNull(),
    clientName: text().notNull(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    teamId: teamIdColumn(),
    scope: text().notNull().default(""),
    createdAt: createdAt(),
    lastUsedAt: timestamptz(),
    revokedAt: timestamptz(),
  },
  (t) => [index("oauth_connections_user_idx").on(t.userId, t.teamId)],
);
