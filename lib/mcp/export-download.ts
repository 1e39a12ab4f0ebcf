import "server-only";
import type { Db } from "@/lib/db/client";
import { attachmentResponse } from "@/lib/http/attachment";
import { AppError, missingPermission } from "@/lib/services/errors";
import { errorResponse, toAppError } from "@/lib/http/errors";
import { exportDocuments } from "@/lib/services/exports";
import { connectionIsLive } from "@/lib/services/oauth";
import { memberContext } from "@/lib/services/teams";
import { verifyExportDownloadToken } from "./export-link";

const INVALID_LINK = "This download link is invalid or has expired: ask the agent for a new export";

/**
 * GET /api/mcp-exports/{token}: the file behind an export link an agent handed out. The link only says who asked;
 * whether they may still export is decided now, from their current membership and role, exactly like an API
 * call of theirs would be. Any failure before the first byte is the REST API's error body.
 */
export async function exportDownloadResponse(db: Db, token: string): Promise<Response> {
  try {
    const grant = await verifyExportDownloadToken(token);
    if (!grant) throw new AppError("NOT_FOUND", INVALID_LINK);
    // Minted for an agent's connection: revoking the connection (or its grant dying) kills the link at once.
    if (grant.connectionId && !(await connectionIsLive(db, { connectionId: grant.connectionId, userId: grant.userId, teamId: grant.teamId }))) {
      throw new AppError("NOT_FOUND", INVALID_LINK);
    }
    const ctx = await memberContext(db, { userId: grant.userId, teamId: grant.teamId, via: "oauth" });
    // A member who left the team: the same answer as a bad link, so the link tells nothing about the team.
    if (!ctx) throw new AppError("NOT_FOUND", INVALID_LINK);
    if (!ctx.permissions.includes("exports.read")) throw missingPermission("exports.read");
    return attachmentResponse(await exportDocuments(ctx, { parserId: grant.parserId, request: grant.request }));
  } catch (error) {
    return errorResponse(toAppError(error, (message, detail) => console.error(`[mcp] export download: ${message}`, detail)));
  }
}
