import "server-only";
import { inArray } from "drizzle-orm";
import type { UploadResultItem } from "@/lib/contracts/documents";
import type { DocumentSource } from "@/lib/contracts/enums";
import { documents } from "@/lib/db/schema";
import { AppError, validationError } from "@/lib/services/errors";
import { fileStore, storageKey } from "@/lib/storage";
import { assertPermission, recordAudit, type ServiceContext } from "../context";
import { checkBatchShape, checkFileTypes, startedUploadItem, type IncomingFile } from "../intake";
import { getParserInTeam } from "../parsers/internal";
import { assertFolderInParser } from "./internal";
import { enqueueExtraction, type ExtractionQueue } from "./queue-extraction";

export type UploadOptions = {
  folderId?: string;
  externalIds?: (string | null)[];
  custom?: (Record<string, unknown> | null)[];
  source: DocumentSource;
};

/**
 * The spec calls an unknown or deleted folder invalid input for an upload (by file or URL): a 400 naming
 * `folderId`, not the 404 of a missing resource. Another parser's folder is unknown to this one.
 */
export async function assertUploadFolder(ctx: ServiceContext, { parserId, folderId }: { parserId: string; folderId: string }): Promise<void> {
  try {
    await assertFolderInParser(ctx.db, { parserId, folderId });
  } catch (error) {
    if (error instanceof AppError && error.status === 404) {
      throw validationError(`folderId: ${folderId} is not a folder of this parser`, [{ path: "folderId", message: "Unknown or deleted folder" }]);
    }
    throw error;
  }
}

/**
 * Takes files into a parser: checks each one's type by its bytes against what the parser accepts, stores every
 * file, and only then queues them, so a batch with one bad file queues nothing. Answers with the spec's upload
 * result items (`status: processing`: the job has started).
 */
export async function uploadDocuments(ctx: ServiceContext, { queue, parserId, incoming, ...options }: { queue: ExtractionQueue; parserId: string; incoming: IncomingFile[] } & UploadOptions): Promise<UploadResultItem[]> {
  assertPermission(ctx, "documents.write");
  const files = checkBatchShape(incoming, options);
  const parser = await getParserInTeam(ctx.db, { access: ctx, parserId, activeOnly: true });
  if (options.folderId) await assertUploadFolder(ctx, { parserId, folderId: options.folderId });
  const checked = await checkFileTypes(files, { kind: "parser", acceptedTypes: new Set(parser.settings.acceptedFileTypes.map((type) => type.mimeType)) });

  // Rows first (status uploading), then the files, then queued: a crash part-way leaves rows that say so.
  const rows = checked.map((file, index) => ({
    id: file.id,
    teamId: ctx.teamId,
    parserId,
    folderId: options.folderId ?? null,
    name: file.name,
    externalId: options.externalIds?.[index] ?? null,
    custom: options.custom?.[index] ?? {},
    status: "uploading" as const,
    source: options.source,
    contentType: file.contentType,
    fileKey: storageKey(ctx.teamId, file.id, file.name),
    fileSize: file.bytes.byteLength,
    searchText: [file.name, options.externalIds?.[index] ?? ""].join(" ").toLowerCase(),
  }));
  await ctx.db.transaction(async (tx) => {
    await tx.insert(documents).values(rows);
    for (const row of rows) await recordAudit(tx, { ctx, action: "document.upload", resourceType: "document", resourceId: row.id, after: { name: row.name, source: row.source } });
  });
  try {
    await Promise.all(checked.map((file, index) => fileStore().put(rows[index]!.fileKey, file.bytes, file.contentType)));
  } catch (error) {
    // Nothing of a half-stored batch stays behind.
    await ctx.db.delete(documents).where(inArray(documents.id, rows.map((row) => row.id)));
    await Promise.all(rows.map((row) => fileStore().delete(row.fileKey).catch(() => undefined)));
    throw error;
  }
  await ctx.db.update(documents).set({ status: "queued" }).where(inArray(documents.id, rows.map((row) => row.id)));

  const results: UploadResultItem[] = [];
  for (const row of rows) {
    const jobId = await enqueueExtraction(queue, row.id);
    results.push(startedUploadItem({ row, jobId, work: "Extraction" }));
  }
  return results;
}
