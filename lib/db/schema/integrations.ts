import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
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

export const oauthClients = pgTable("oauth_clients", {
  id: id(),
  clientId: text().notNull().unique(),
  name: text().notNull(),
  redirectUris: jsonb().$type<string[]>().notNull(),
  clientSecretHash: text(),
  tokenEndpointAuthMethod: text().notNull().default("none"),
  metadata: jsonb().$type<Record<string, unknown>>().notNull().default({}),
  createdAt: createdAt(),
});

export const oauthAuthorizationCodes = pgTable("oauth_authorization_codes", {
  codeHash: text().primaryKey(),
  clientId: text().notNull(),
  userId: uuid()
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  teamId: teamIdColumn(),
  redirectUri: text().notNull(),
  codeChallenge: text().notNull(),
  scope: text().notNull().default(""),
  resource: text(),
  expiresAt: timestamptz().notNull(),
  usedAt: timestamptz(),
  createdAt: createdAt(),
});

/** An agent's grant: one user, one team, revocable from /settings/connections. */
export const oauthConnections = pgTable(
  "oauth_connections",
  {
    id: id(),
    clientId: text().notNull(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    teamId: teamIdColumn(),
    scope: text().notNull().default(""),
    createdAt: createdAt(),
    lastUsedAt: timestamptz(),
    revokedAt: timestamptz(),
  },
  (t) => [index("oauth_connections_user_idx").on(t.userId)],
);

export const oauthTokens = pgTable(
  "oauth_tokens",
  {
    id: id(),
    connectionId: uuid()
      .notNull()
      .references(() => oauthConnections.id, { onDelete: "cascade" }),
    kind: text().$type<"access" | "refresh">().notNull(),
    tokenHash: text().notNull(),
    resource: text(),
    expiresAt: timestamptz().notNull(),
    revokedAt: timestamptz(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("oauth_tokens_hash_key").on(t.tokenHash)],
);
