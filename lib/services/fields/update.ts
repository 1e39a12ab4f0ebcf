import "server-only";
import { eq, inArray } from "drizzle-orm";
import { MAX_FIELD_DEPTH, tableDepth, type ColumnInput, type FieldsResult, type UpdateField } from "@/lib/contracts/fields";
import type { FieldType } from "@/lib/contracts/enums";
import type { Tx } from "@/lib/db/client";
import { fields } from "@/lib/db/schema";
import { conflict, notFound, validationError } from "@/lib/services/errors";
import { assertPermission, recordAudit, type ServiceContext } from "../context";
import { getParserInTeam, isUniqueViolation } from "../parsers/internal";
import { assertNoDuplicateNames, assertPartitionKeyResolves, hasProcessedDocuments, insertFields, loadFieldRows } from "./internal";
import { buildFieldTree, childrenOf, findTopLevelField, type FieldRow } from "./tree";
import { followFieldRename } from "../reviews/follow-fields";

type Scalars = { name: string; type: FieldType; description: string; instructions: string; required: boolean; options: string[] };

/**
 * The type and its companions must agree after the change: a select keeps options, a table keeps columns.
 * Every field type may carry options (the spec's Field has them on every type), so a type change keeps them.
 */
function mergeScalars(current: FieldRow, input: UpdateField): Scalars {
  const type = input.type ?? current.type;
  const options = input.options ?? current.options;
  if (type === "select" && options.length === 0) {
    throw validationError("options: a select field needs at least one option", [{ path: "options", message: "A select field needs at least one option" }]);
  }
  return {
    name: input.name ?? current.name,
    type,
    description: input.description ?? current.description,
    instructions: input.instructions ?? current.instructions,
    required: input.required ?? current.required,
    options,
  };
}

/** Deleting a field deletes its own columns too (the foreign key cascades). */
async function deleteRows(tx: Tx, ids: string[]): Promise<void> {
  if (ids.length > 0) await tx.delete(fields).where(inArray(fields.id, ids));
}

/**
 * Makes a table's columns exactly `desired`: a column with a known id, or else the same name, is kept (and
 * updated, renamed, re-typed); others are created; those not listed are deleted with their own columns.
 */
async function reconcileColumns(tx: Tx, input: { parserId: string; table: FieldRow; rows: readonly FieldRow[]; desired: readonly ColumnInput[] }): Promise<void> {
  const { parserId, table, rows, desired } = input;
  assertNoDuplicateNames(desired, `the columns of "${table.name}"`);
  const existing = childrenOf(rows, table.id);
  const matched = new Map<number, FieldRow>();
  const used = new Set<string>();
  for (const [index, column] of desired.entries()) {
    if (column.id === undefined) continue;
    const row = existing.find((candidate) => candidate.id === column.id);
    if (!row) {
      throw validationError(`columns.${index}.id: ${column.id} is not a column of "${table.name}"`, [
        { path: `columns.${index}.id`, message: `Not a column of "${table.name}"` },
      ]);
    }
    matched.set(index, row);
    used.add(row.id);
  }
  for (const [index, column] of desired.entries()) {
    if (matched.has(index)) continue;
    const row = existing.find((candidate) => !used.has(candidate.id) && candidate.name.toLowerCase() === column.name.toLowerCase());
    if (row) {
      matched.set(index, row);
      used.add(row.id);
    }
  }
  await deleteRows(
    tx,
    existing.filter((row) => !used.has(row.id)).map((row) => row.id),
  );
  // Sibling names are unique at every moment (the index is not deferrable), so renames go through a placeholder.
  for (const row of matched.values()) await tx.update(fields).set({ name: `renaming-${row.id}` }).where(eq(fields.id, row.id));
  for (const [index, column] of desired.entries()) {
    const row = matched.get(index);
    if (!row) {
      await insertFields(tx, { parserId, fields: [column], parentId: table.id, startPosition: index });
      continue;
    }
    await tx
      .update(fields)
      .set({
        name: column.name,
        type: column.type,
        description: column.description ?? row.description,
        instructions: column.instructions ?? row.instructions,
        required: column.required ?? row.required,
        options: column.options ?? row.options,
        position: index,
      })
      .where(eq(fields.id, row.id));
    const updated = { ...row, name: column.name, type: column.type };
    if (column.type === "table") {
      await reconcileColumns(tx, { parserId, table: updated, rows, desired: column.columns ?? [] });
    } else {
      await deleteRows(tx, childrenOf(rows, row.id).map((child) => child.id));
    }
  }
}

/** Updates or renames a top-level field (by id or name); for a table `columns` is the full desired list. */
export async function updateField(ctx: ServiceContext, { parserId, fieldId, input }: { parserId: string; fieldId: string; input: UpdateField }): Promise<FieldsResult> {
  assertPermission(ctx, "parsers.write");
  try {
    return await ctx.db.transaction(async (tx) => {
      const parser = await getParserInTeam(tx, { access: ctx, parserId, forUpdate: true });
      const rows = await loadFieldRows(tx, parser.id);
      const target = findTopLevelField(rows, fieldId);
      if (!target) throw notFound({ type: "fieldId", value: fieldId, label: "Field" });
      const next = mergeScalars(target, input);
      if (next.type !== "table" && input.columns !== undefined) {
        throw validationError("columns: only table fields have columns", [{ path: "columns", message: "Only table fields have columns" }]);
      }
      if (next.type === "table" && target.type !== "table" && (input.columns?.length ?? 0) === 0) {
        throw validationError("columns: a table field needs at least one column", [{ path: "columns", message: "A table field needs at least one column" }]);
      }
      if (next.type === "table" && input.columns !== undefined && input.columns.length === 0) {
        throw validationError("columns: a table field needs at least one column", [{ path: "columns", message: "A table field needs at least one column" }]);
      }
      if (next.type === "table" && input.columns !== undefined && tableDepth({ type: "table", name: next.name, columns: input.columns }) > MAX_FIELD_DEPTH) {
        throw validationError(`columns: tables nest at most ${MAX_FIELD_DEPTH} levels deep`, [{ path: "columns", message: `Tables nest at most ${MAX_FIELD_DEPTH} levels deep` }]);
      }
      const clash = rows.find((row) => row.parentId === null && row.id !== target.id && row.name.toLowerCase() === next.name.toLowerCase());
      if (clash) throw conflict(`A field named "${clash.name}" already exists in this parser`);

      await tx.update(fields).set(next).where(eq(fields.id, target.id));
      if (next.type === "table" && input.columns !== undefined) {
        await reconcileColumns(tx, { parserId: parser.id, table: { ...target, ...next }, rows, desired: input.columns });
      } else if (next.type !== "table" && target.type === "table") {
        // Columns cascade with their parent only on delete; a table turned scalar drops them explicitly.
        await deleteRows(tx, childrenOf(rows, target.id).map((row) => row.id));
      }
      const after = await loadFieldRows(tx, parser.id);
      assertPartitionKeyResolves(parser.settings, after);
      const rulesRenamed = await followFieldRename(tx, { parserId: parser.id, from: target.name, to: next.name });
      await recordAudit(tx, {
        ctx,
        action: "field.update",
        resourceType: "field",
        resourceId: target.id,
        before: { name: target.name, type: target.type },
        after: { parserId: parser.id, ...input, ...(rulesRenamed > 0 ? { rulesRenamed } : {}) },
      });
      // Everything but `required` changes what extraction produces (or the key it is stored under).
      const affectsData = Object.keys(input).some((key) => key !== "required");
      return { fields: buildFieldTree(after), reprocessRecommended: affectsData && (await hasProcessedDocuments(tx, parser.id)) };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict("A field of that name already exists among its siblings");
    throw error;
  }
}
