import "server-only";
import { FILE_TYPE_LABELS } from "@/lib/contracts/file-types";
import { randomUUID } from "node:crypto";
import { inArray } from "drizzle-orm";
import { cleanFileName } from "@/lib/contracts/common";
import type { UploadResultItem } from "@/lib/contracts/documents";
import type { DocumentSource } from "@/lib/contracts/enums";
import { documents } from "@/lib/db/schema";
import { detectContentType } from "@/lib/files/detect-content-type";
import { AppError, validationError } from "@/lib/services/errors";
import { fileStore, signedFileUrl, storageKey } from "@/lib/storage";
import { assertPermission, recordAudit, type ServiceContext } from "../context";
import { getParserInTeam } from "../parsers/internal";
import { assertFolderInParser } from "./internal";
import { enqueueExtraction, type ExtractionQueue } from "./queue-extraction";

export type IncomingFile = { name: string; bytes: Uint8Array; declaredType?: string };

export type UploadOptions = {
  folderId?: string;
  externalIds?: (string | null)[];
  custom?: (Record<string, unknown> | null)[];
  source: DocumentSource;
};

export const MAX_FILE_BYTES = 100 * 1024 * 1024;

/**
 * The files with names fit to show: every way a file arrives (multipart, URL, e-mail; parser or classifier)
 * passes here, so a right-to-left override or a control character in a file name never becomes a document's name
 * (contracts/common.ts). The bytes are stored as they came.
 */
export function withCleanNames(files: readonly IncomingFile[]): IncomingFile[] {
  return files.map((file) => ({ ...file, name: cleanFileName(file.name) }));
}

/**
 * The spec calls an unknown or deleted folder invalid input for an upload (by file or URL): a 400 naming
 * `folderId`, not the 404 of a missing resource. Another parser's folder is unknown to this one.
 */
export async function assertUploadFolder(ctx: ServiceContext, parserId: string, folderId: string): Promise<void> {
  try {
    await assertFolderInParser(ctx.db, parserId, folderId);
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
export async function uploadDocuments(ctx: ServiceContext, queue: ExtractionQueue, parserId: string, incoming: IncomingFile[], options: UploadOptions): Promise<UploadResultItem[]> {
  assertPermission(ctx, "documents.write");
  const files = withCleanNames(incoming);
  if (files.length === 0) throw validationError("Attach at least one file in the `file` field");
  for (const key of ["externalIds", "custom"] as const) {
    const values = options[key];
    if (values && values.length !== files.length) throw validationError(`${key} must have one entry per file (${files.length}), got ${values.length}`);
  }
  const parser = await getParserInTeam(ctx.db, ctx, parserId, { activeOnly: true });
  if (options.folderId) await assertUploadFolder(ctx, parserId, options.folderId);

  const accepted = new Set(parser.settings.acceptedFileTypes.map((type) => type.mimeType));
  const checked = await Promise.all(
    files.map(async (file) => {
      if (file.bytes.byteLength === 0) throw validationError(`${file.name} is empty`);
      if (file.bytes.byteLength > MAX_FILE_BYTES) throw validationError(`${file.name} is larger than 100 MB`);
      const contentType = await detectContentType(file.bytes, { declared: file.declaredType, fileName: file.name });
      if (!contentType || !accepted.has(contentType)) {
        // People read this in the console: file kinds by name ("Excel workbook"), never MIME types.
        const what = contentType ? `a file of a kind this parser does not accept (${FILE_TYPE_LABELS[contentType] ?? "unknown kind"})` : "not a kind of file Quarry can read";
        const kinds = [...accepted].map((type) => FILE_TYPE_LABELS[type] ?? type);
        throw validationError(`${file.name} is ${what}. This parser accepts: ${kinds.join(", ") || "no file types"}. Change that in the parser's settings.`);
      }
      return { ...file, contentType, id: randomUUID() };
    }),
  );

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
    for (const row of rows) await recordAudit(tx, ctx, { action: "document.upload", resourceType: "document", resourceId: row.id, after: { name: row.name, source: row.source } });
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
    results.push(startedUploadItem(row, jobId, "Extraction"));
  }
  return results;
}

type StoredUpload = { id: string; name: string; fileKey: string; contentType: string; externalId: string | null; custom: Record<string, unknown> };

/** The upload result item of a stored file whose job (extraction, or a classifier's classification) has started. */
export function startedUploadItem(row: StoredUpload, jobId: string, work: "Extraction" | "Classification"): UploadResultItem {
  return {
    id: row.id,
    documentId: row.id,
    name: row.name,
    url: signedFileUrl({ key: row.fileKey, name: row.name, contentType: row.contentType }),
    isProcessed: false,
    status: "processing",
    message: `${work} started (job ${jobId})`,
    operationName: jobId,
    pageCount: 0,
    externalId: row.externalId,
    custom: row.custom,
  };
}
