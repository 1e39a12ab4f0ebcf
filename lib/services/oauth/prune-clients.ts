import "server-only";
import { and, eq, inArray, notExists, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "@/lib/db/client";
import { oauthConnections, oauthRecords } from "@/lib/db/schema";

/** What counts as a client having been used: anything the authorization server issued to it. */
const ISSUED_MODELS = ["Grant", "AuthorizationCode", "AccessToken", "RefreshToken"];
export const UNUSED_CLIENT_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * Dynamic registration is open to anyone (RFC 7591, as MCP agents need it), so registrations that never led to
 * a grant, a code or a token within a day are removed: they are abandoned attempts or junk. A client with a
 * connection in the console, even a revoked one, stays (its name is still shown in the audit log).
 * Returns how many were removed. Runs with the hourly housekeeping (lib/jobs/registry.ts).
 */
export async function pruneUnusedOAuthClients(db: Db, now = new Date()): Promise<number> {
  const issued = alias(oauthRecords, "issued");
  const clientId = sql<string>`${oauthRecords.payload}->>'client_id'`;
  const cutoffSeconds = Math.floor((now.getTime() - UNUSED_CLIENT_TTL_MS) / 1000);
  const removed = await db
    .delete(oauthRecords)
    .where(
      and(
        eq(oauthRecords.model, "Client"),
        // Registered clients carry their registration time; a client without one is left alone.
        sql`(${oauthRecords.payload}->>'client_id_issued_at')::bigint < ${cutoffSeconds}`,
        notExists(
          db
            .select({ one: sql`1` })
            .from(issued)
            .where(and(inArray(issued.model, ISSUED_MODELS), sql`${issued.payload}->>'clientId' = ${clientId}`)),
        ),
        notExists(db.select({ one: sql`1` }).from(oauthConnections).where(sql`${oauthConnections.clientId} = ${clientId}`)),
      ),
    )
    .returning({ clientId });
  const ids = removed.map((row) => row.clientId).filter(Boolean);
  // Its registration access tokens go with it.
  if (ids.length) await db.delete(oauthRecords).where(and(eq(oauthRecords.model, "RegistrationAccessToken"), inArray(sql`${oauthRecords.payload}->>'clientId'`, ids)));
  return ids.length;
}
