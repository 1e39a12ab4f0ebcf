"use server";

import { revalidatePath } from "next/cache";
import { notFound } from "next/navigation";
import { consoleApi } from "@/lib/console/api/console";
import { ApiError } from "@/lib/console/api/client";
import { learningOperations } from "@/lib/contracts/learning";

/**
 * "Forget this document": what it taught the parser is removed; the document stays. Another team's (or a gone)
 * parser or document is the API's 404, answered as the console's not-found page rather than a server error.
 */
export async function forgetDocumentAction(parserId: string, documentId: string): Promise<void> {
  try {
    await (await consoleApi()).call(learningOperations.forgetDocument, { params: { parserId, documentId } });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) notFound();
    throw error;
  }
  revalidatePath(`/parsers/${parserId}/accuracy`);
}
