"use server";

import { revalidatePath } from "next/cache";
import { runAction, type ActionResult } from "@/lib/console/action-result";
import { consoleApi } from "@/lib/console/api/console";
import { folderOperations, type CreateFolder, type UpdateFolder } from "@/lib/contracts/folders";

const documentsPath = (parserId: string) => `/parsers/${parserId}/documents`;

export async function createFolderAction(parserId: string, input: CreateFolder): Promise<ActionResult<void>> {
  const result = await runAction(async () => {
    await (await consoleApi()).call(folderOperations.create, { params: { parserId }, body: input });
  });
  revalidatePath(documentsPath(parserId));
  return result;
}

export async function updateFolderAction(parserId: string, folderId: string, patch: UpdateFolder): Promise<ActionResult<void>> {
  const result = await runAction(async () => {
    await (await consoleApi()).call(folderOperations.update, { params: { parserId, folderId }, body: patch });
  });
  revalidatePath(documentsPath(parserId));
  return result;
}

export async function deleteFolderAction(parserId: string, folderId: string, deleteDocuments: boolean): Promise<ActionResult<{ movedDocuments: number; deletedDocuments: number }>> {
  const result = await runAction(async () =>
    (await consoleApi()).call(folderOperations.remove, { params: { parserId, folderId }, query: { deleteDocuments: deleteDocuments ? "true" : "false" } }),
  );
  revalidatePath(documentsPath(parserId));
  return result;
}
