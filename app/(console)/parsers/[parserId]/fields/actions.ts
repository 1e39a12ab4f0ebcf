"use server";

import { revalidatePath } from "next/cache";
import { runAction, type ActionResult } from "@/lib/console/action-result";
import { consoleApi } from "@/lib/console/api/console";
import { fieldOperations, type CreateField, type UpdateField } from "@/lib/contracts/fields";

type FieldsResult = ActionResult<{ reprocessRecommended: boolean }>;

async function afterChange(parserId: string, work: () => Promise<{ reprocessRecommended: boolean }>): Promise<FieldsResult> {
  const result = await runAction(async () => ({ reprocessRecommended: (await work()).reprocessRecommended }));
  revalidatePath(`/parsers/${parserId}`, "layout");
  return result;
}

export async function createFieldAction(parserId: string, field: CreateField): Promise<FieldsResult> {
  return afterChange(parserId, async () => (await consoleApi()).call(fieldOperations.create, { params: { parserId }, body: field }));
}

export async function updateFieldAction(parserId: string, fieldId: string, patch: UpdateField): Promise<FieldsResult> {
  return afterChange(parserId, async () => (await consoleApi()).call(fieldOperations.update, { params: { parserId, fieldId }, body: patch }));
}

export async function deleteFieldAction(parserId: string, fieldId: string): Promise<FieldsResult> {
  return afterChange(parserId, async () => (await consoleApi()).call(fieldOperations.remove, { params: { parserId, fieldId } }));
}

export async function reorderFieldsAction(parserId: string, fieldIds: string[]): Promise<FieldsResult> {
  return afterChange(parserId, async () => (await consoleApi()).call(fieldOperations.reorder, { params: { parserId }, body: { fieldIds } }));
}
