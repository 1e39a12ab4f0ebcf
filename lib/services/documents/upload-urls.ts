import "server-only";
import type { UploadResultItem, UploadUrls } from "@/lib/contracts/documents";
import { assertPermission, type ServiceContext } from "../context";
import { getParserInTeam } from "../parsers/internal";
import { downloadAll } from "../intake";
import { assertUploadFolder, uploadDocuments } from "./upload";
import type { ExtractionQueue } from "./queue-extraction";

/**
 * Imports documents from URLs through the SSRF-safe fetch (public http(s) only, ≤ 100 MB, ≤ 5 minutes, ≤ 5
 * re-checked redirects). Every file is downloaded and stored before anything is queued: one failed transfer
 * fails the request, names the URL and says why, and nothing is queued.
 */
export async function uploadFromUrls(ctx: ServiceContext, { queue, parserId, body }: { queue: ExtractionQueue; parserId: string; body: UploadUrls }): Promise<UploadResultItem[]> {
  assertPermission(ctx, "documents.write");
  await getParserInTeam(ctx.db, { access: ctx, parserId, activeOnly: true }); // before spending time on downloads
  if (body.folderId) await assertUploadFolder(ctx, { parserId, folderId: body.folderId });
  const files = await downloadAll(body.urls);
  return uploadDocuments(ctx, { queue, parserId, incoming: files, folderId: body.folderId, externalIds: body.externalIds, custom: body.custom, source: "url" });
}
