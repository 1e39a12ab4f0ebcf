import "server-only";
import type { UploadResultItem } from "@/lib/contracts/documents";
import { signedFileUrl } from "@/lib/storage";

type StoredUpload = { id: string; name: string; fileKey: string; contentType: string; externalId: string | null; custom: Record<string, unknown> };

/** The upload result item of a stored file whose job (extraction, or a classifier's classification) has started. */
export function startedUploadItem({ row, jobId, work }: { row: StoredUpload; jobId: string; work: "Extraction" | "Classification" }): UploadResultItem {
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
