import "server-only";
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { FieldInput } from "@/lib/contracts/fields";
import type { ParserSettings } from "@/lib/contracts/parser-settings";
import type { DbOrTx } from "@/lib/db/client";
import { documents, fields } from "@/lib/db/schema";
import { conflict } from "@/lib/services/errors";
import { buildFieldTree, findDuplicateName, findFieldByPath, type FieldRow } from "./tree";

export async function loadFieldRows(tx: DbOrTx, parserId: string): Promise<FieldRow[]> {
  return tx.select().from(fields).where(eq(fields.parserId, parserId));
}

/** Statuses whose documents hold extracted data that a field change can make stale. */
const PROCESSED_STATUSES = ["processed", "in_review", "approved", "rejected"] as const;

export async function hasProcessedDocuments(tx: DbOrTx, parserId: string): Promise<boolean> {
  const [row] = await tx
    .select({ one: sql<number>`1` })
    .from(documents)
    .where(and(eq(documents.parserId, parserId), isNull(documents.deletedAt), inArray(documents.status, [...PROCESSED_STATUSES])))
    .limit(1);
  return row !== undefined;
}

export function assertNoDuplicateNames(inputs: readonly FieldInput[], where?: string): void {
  const duplicate = findDuplicateName(inputs, where);
  if (duplicate) throw conflict(duplicate);
}

/** Inserts new fields (and, depth-first, their columns) under `parentId`, positions counting from `startPosition`. */
export async function insertFields(
  tx: DbOrTx,
  input: { parserId: string; fields: readonly FieldInput[]; parentId: string | null; startPosition: number },
): Promise<FieldRow[]> {
  const inserted: FieldRow[] = [];
  for (const [index, field] of input.fields.entries()) {
    const [row] = await tx
      .insert(fields)
      .values({
        parserId: input.parserId,
        parentId: input.parentId,
        name: field.name,
        type: field.type,
        description: field.description ?? "",
        instructions: field.instructions ?? "",
        required: field.required ?? false,
        position: input.startPosition + index,
        options: field.options ?? [],
      })
      .returning();
    inserted.push(row!);
    if (field.type === "table" && field.columns) {
      inserted.push(...(await insertFields(tx, { parserId: input.parserId, fields: field.columns, parentId: row!.id, startPosition: 0 })));
    }
  }
  return inserted;
}

/**
 * Splitting by a field's value needs that field: a change that removes or renames the partition-key field is
 * refused until the split setting points elsewhere, so the stored settings never name a missing field.
 */
export function assertPartitionKeyResolves(settings: ParserSettings, rows: readonly FieldRow[]): void {
  const split = settings.splitDocuments;
  if (split.mode !== "partitionKey" || !split.partitionKey) return;
  if (!findFieldByPath(buildFieldTree(rows), split.partitionKey)) {
    throw conflict(`The field "${split.partitionKey}" is the split partition key (splitDocuments.partitionKey); change that setting first`);
  }
}
