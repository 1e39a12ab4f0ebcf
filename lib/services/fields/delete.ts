import "server-only";
import { and, eq } from "drizzle-orm";
import type { FieldsResult } from "@/lib/contracts/fields";
import { fields } from "@/lib/db/schema";
import { notFound } from "@/lib/services/errors";
import { assertPermission, recordAudit, type ServiceContext } from "../context";
import { getParserInTeam } from "../parsers/internal";
import { assertPartitionKeyResolves, hasProcessedDocuments, loadFieldRows } from "./internal";
import { buildFieldTree, childrenOf, findTopLevelField } from "./tree";
import { dropChecksOfField } from "../reviews/follow-fields";

/** Deletes a top-level field (by id or name) with its columns, and closes the gap in the positions. */
export async function deleteField(ctx: ServiceContext, { parserId, fieldId }: { parserId: string; fieldId: string }): Promise<FieldsResult> {
  assertPermission(ctx, "parsers.write");
  return ctx.db.transaction(async (tx) => {
    const parser = await getParserInTeam(tx, { access: ctx, parserId, forUpdate: true });
    const rows = await loadFieldRows(tx, parser.id);
    const target = findTopLevelField(rows, fieldId);
    if (!target) throw notFound({ type: "fieldId", value: fieldId, label: "Field" });
    const descendants = new Set([target.id]);
    // Rows are few; walking them in memory beats a recursive query.
    for (let grew = true; grew; ) {
      grew = false;
      for (const row of rows) {
        if (row.parentId && descendants.has(row.parentId) && !descendants.has(row.id)) {
          descendants.add(row.id);
          grew = true;
        }
      }
    }
    const remaining = rows.filter((row) => !descendants.has(row.id));
    assertPartitionKeyResolves(parser.settings, remaining);
    await tx.delete(fields).where(and(eq(fields.id, target.id), eq(fields.parserId, parser.id)));
    const renumbered = childrenOf(remaining, null).map((row, position) => ({ ...row, position }));
    for (const row of renumbered) {
      if (rows.find((original) => original.id === row.id)?.position !== row.position) {
        await tx.update(fields).set({ position: row.position }).where(eq(fields.id, row.id));
      }
    }
    const checksDropped = await dropChecksOfField(tx, { parserId: parser.id, name: target.name });
    await recordAudit(tx, {
      ctx,
      action: "field.delete",
      resourceType: "field",
      resourceId: target.id,
      before: { parserId: parser.id, name: target.name, type: target.type },
      ...(checksDropped > 0 ? { after: { checksDropped } } : {}),
    });
    const after = remaining.map((row) => renumbered.find((candidate) => candidate.id === row.id) ?? row);
    return {
      fields: buildFieldTree(after),
      // Processed documents still carry the deleted field's values until they are reprocessed.
      reprocessRecommended: await hasProcessedDocuments(tx, parser.id),
    };
  });
}
