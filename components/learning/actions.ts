"use server";

import { runAction, type ActionResult } from "@/lib/console/action-result";
import { consoleApi } from "@/lib/console/api/console";
import { parserPreviewOperations, type ParserPreview, type PreviewChange } from "@/lib/contracts/parser-preview";

/** "Preview on approved documents", for the fields and settings pages: the pending change read, nothing saved. */
export async function previewChangeAction(parserId: string, change: PreviewChange): Promise<ActionResult<ParserPreview>> {
  return runAction(async () => (await consoleApi()).call(parserPreviewOperations.preview, { params: { parserId }, body: change }));
}
