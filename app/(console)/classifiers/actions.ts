"use server";

import { revalidatePath } from "next/cache";
import { runAction, type ActionResult } from "@/lib/console/action-result";
import { consoleApi } from "@/lib/console/api/console";
import { classifierOperations, type Classifier, type ClassifierDocument, type CreateClassifier, type UpdateClassifier } from "@/lib/contracts/classifiers";

export async function createClassifierAction(values: CreateClassifier): Promise<ActionResult<Classifier>> {
  const result = await runAction(async () => (await consoleApi()).call(classifierOperations.create, { body: values }));
  revalidatePath("/classifiers");
  return result;
}

export async function updateClassifierAction(classifierId: string, values: UpdateClassifier): Promise<ActionResult<Classifier>> {
  const result = await runAction(async () => (await consoleApi()).call(classifierOperations.update, { params: { classifierId }, body: values }));
  revalidatePath(`/classifiers/${classifierId}`);
  return result;
}

export async function reprocessClassifierDocumentAction(classifierId: string, documentId: string): Promise<ActionResult<ClassifierDocument>> {
  const result = await runAction(async () => (await consoleApi()).call(classifierOperations.reprocessDocument, { params: { classifierId, documentId } }));
  revalidatePath(`/classifiers/${classifierId}`);
  return result;
}
