import "server-only";
import type { Field, FieldInput, FieldsResult } from "@/lib/contracts/fields";
import { conflict } from "@/lib/services/errors";
import { assertPermission, recordAudit, type ServiceContext } from "../context";
import { getParserInTeam, isUniqueViolation } from "../parsers/internal";
import { assertNoDuplicateNames, hasProcessedDocuments, insertFields, loadFieldRows } from "./internal";
import { buildFieldTree } from "./tree";

/** Adds a field after the existing top-level fields. */
export async function createField(ctx: ServiceContext, { parserId, input }: { parserId: string; input: FieldInput }): Promise<FieldsResult & { field: Field }> {
  assertPermission(ctx, "parsers.write");
  try {
    return await ctx.db.transaction(async (tx) => {
      const parser = await getParserInTeam(tx, { access: ctx, parserId, forUpdate: true });
      const rows = await loadFieldRows(tx, parser.id);
      const topLevel = rows.filter((row) => row.parentId === null);
      const clash = topLevel.find((row) => row.name.toLowerCase() === input.name.toLowerCase());
      if (clash) throw conflict(`A field named "${clash.name}" already exists in this parser`);
      assertNoDuplicateNames(input.columns ?? [], `the columns of "${input.name}"`);
      const nextPosition = topLevel.reduce((max, row) => Math.max(max, row.position + 1), 0);
      const inserted = await insertFields(tx, { parserId: parser.id, fields: [input], parentId: null, startPosition: nextPosition });
      await recordAudit(tx, { ctx, action: "field.create", resourceType: "field", resourceId: inserted[0]!.id, after: { parserId: parser.id, ...input } });
      const tree = buildFieldTree([...rows, ...inserted]);
      return {
        field: tree.find((field) => field.id === inserted[0]!.id)!,
        fields: tree,
        // A new field is empty in every document processed before it existed.
        reprocessRecommended: await hasProcessedDocuments(tx, parser.id),
      };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(`A field named "${input.name}" already exists in this parser`);
    throw error;
  }
}
