"use server";

import { revalidatePath } from "next/cache";
import { consoleApi } from "@/lib/console/api/console";
import { learningOperations } from "@/lib/contracts/learning";

/** "Forget this document": what it taught the parser is removed; the document stays. */
export async function forgetDocumentAction(parserId: string, documentId: string): Promise<void> {
  await (await consoleApi()).call(learningOperations.forgetDocument, { params: { parserId, documentId } });
  revalidatePath(`/parsers/${parserId}/accuracy`);
}
