import "server-only";
import { hkdfSync } from "node:crypto";
import { jwtVerify, SignJWT } from "jose";
import { authSecret } from "@/lib/secrets/secret";
import { ExportRequestSchema, type ExportRequest } from "@/lib/contracts/exports";
import { UuidSchema } from "@/lib/contracts/common";
import { env } from "@/lib/env";

/**
 * A short-lived download link for a CSV, XML or XLSX export asked for over MCP: an agent cannot take a file in a
 * tool result, but its user can open a link. The token is a JWT (HS256, key derived from AUTH_SECRET like the
 * console token's, with its own label so neither token passes for the other) that carries who asked, for which
 * team and parser, and the export request itself. It grants nothing by itself: the download route re-checks that
 * the user is still a member with the export permission before it streams the file.
 */
export const EXPORT_LINK_TTL_SECONDS = 10 * 60;
/** Where the download route lives; the token is its last path segment. */
export const EXPORT_DOWNLOAD_PATH = "/api/mcp-exports";
const AUDIENCE = "quarry-mcp-export";

export type ExportDownload = {
  teamId: string;
  userId: string;
  parserId: string;
  request: ExportRequest;
  /** The agent's connection that asked: the link dies with it (revoked, or its grant gone). */
  connectionId?: string;
};

let cachedKey: Uint8Array | undefined;
function signingKey(): Uint8Array {
  cachedKey ??= new Uint8Array(hkdfSync("sha256", authSecret(), "quarry", "mcp-export-link-v1", 32));
  return cachedKey;
}

export async function createExportDownloadLink(grant: ExportDownload, now = new Date()): Promise<{ url: string; expiresAt: Date }> {
  const expiresAt = new Date(now.getTime() + EXPORT_LINK_TTL_SECONDS * 1000);
  const token = await new SignJWT({ team: grant.teamId, parser: grant.parserId, export: grant.request, ...(grant.connectionId ? { conn: grant.connectionId } : {}) })
    .setProtectedHeader({ alg: "HS256" })
    .setSubject(grant.userId)
    .setAudience(AUDIENCE)
    .setIssuedAt(Math.floor(now.getTime() / 1000))
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(signingKey());
  return { url: `${env().publicBaseUrl}${EXPORT_DOWNLOAD_PATH}/${token}`, expiresAt };
}

/** The grant a link carries, or null when the token is forged, expired, for another purpose or malformed. */
export async function verifyExportDownloadToken(token: string): Promise<ExportDownload | null> {
  try {
    const { payload } = await jwtVerify(token, signingKey(), { audience: AUDIENCE, algorithms: ["HS256"] });
    const userId = UuidSchema.safeParse(payload.sub);
    const teamId = UuidSchema.safeParse(payload.team);
    const parserId = UuidSchema.safeParse(payload.parser);
    const request = ExportRequestSchema.safeParse(payload.export);
    const connectionId = payload.conn === undefined ? undefined : UuidSchema.safeParse(payload.conn);
    if (!userId.success || !teamId.success || !parserId.success || !request.success || connectionId?.success === false) return null;
    return { userId: userId.data, teamId: teamId.data, parserId: parserId.data, request: request.data, ...(connectionId ? { connectionId: connectionId.data } : {}) };
  } catch {
    return null;
  }
}
