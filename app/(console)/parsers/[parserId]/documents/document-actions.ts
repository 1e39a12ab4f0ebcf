"use server";

import { revalidatePath } from "next/cache";
import { runAction, type ActionResult } from "@/lib/console/action-result";
import { consoleApi } from "@/lib/console/api/console";
import { documentOperations } from "@/lib/contracts/documents";
import { preferenceOperations } from "@/lib/contracts/preferences";

const path = (parserId: string) => `/parsers/${parserId}/documents`;

export async function moveDocumentsAction(parserId: string, documentIds: string[], folderId: string | null): Promise<ActionResult<number>> {
  const result = await runAction(async () => {
    const api = await consoleApi();
    for (const documentId of documentIds) await api.call(documentOperations.update, { params: { parserId, documentId }, body: { folderId } });
    return documentIds.length;
  });
  revalidatePath(path(parserId));
  return result;
}

export async function reprocessDocumentsAction(parserId: string, documentIds: string[]): Promise<ActionResult<number>> {
  return runAction(async () => {
    const api = await consoleApi();
    for (const documentId of documentIds) await api.call(documentOperations.reprocessOne, { params: { parserId, documentId } });
    return documentIds.length;
  });
}

export async function deleteDocumentsAction(parserId: string, documentIds: string[]): Promise<ActionResult<number>> {
  const result = await runAction(async () => (await (await consoleApi()).call(documentOperations.bulkDelete, { params: { parserId }, body: { documentIds } })).deleted);
  revalidatePath(path(parserId));
  return result;
}

export async function importUrlsAction(parserId: string, urls: string[], folderId: string | null): Promise<ActionResult<number>> {
  const result = await runAction(async () => (await (await consoleApi()).call(documentOperations.uploadUrls, { params: { parserId }, body: { urls, ...(folderId ? { folderId } : {}) } })).result.length);
  revalidatePath(path(parserId));
  return result;
}

/** Remembers which extracted fields this person sees as columns for this parser (lists and the review queue). */
export async function saveListColumnsAction(parserId: string, fields: string[]): Promise<ActionResult<string[]>> {
  return runAction(async () => {
    const saved = await (await consoleApi()).call(preferenceOperations.update, { body: { listColumns: { [parserId]: fields.length > 0 ? fields : null } } });
    return saved.listColumns[parserId] ?? [];
  });
}
