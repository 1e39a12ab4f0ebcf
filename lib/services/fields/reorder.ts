import "server-only";
import { eq } from "drizzle-orm";
import type { FieldsResult } from "@/lib/contracts/fields";
import { fields } from "@/lib/db/schema";
import { validationError } from "@/lib/services/errors";
import { assertPermission, recordAudit, type ServiceContext } from "../context";
import { getParserInTeam } from "../parsers/internal";
import { loadFieldRows } from "./internal";
import { buildFieldTree, childrenOf } from "./tree";

/** Takes the full list of top-level field ids in their new order; anything but an exact permutation is a 400. */
export async function reorderFields(ctx: ServiceContext, { parserId, fieldIds }: { parserId: string; fieldIds: string[] }): Promise<FieldsResult> {
  assertPermission(ctx, "parsers.write");
  return ctx.db.transaction(async (tx) => {
    const parser = await getParserInTeam(tx, { access: ctx, parserId, forUpdate: true });
    const rows = await loadFieldRows(tx, parser.id);
    const topLevel = childrenOf(rows, null);
    const known = new Set(topLevel.map((row) => row.id));
    const unknown = fieldIds.filter((id) => !known.has(id));
    if (unknown.length > 0) {
      throw validationError(`fieldIds: not top-level fields of this parser: ${unknown.join(", ")}`, [{ path: "fieldIds", message: `Unknown field ids: ${unknown.join(", ")}` }]);
    }
    const repeated = fieldIds.filter((id, index) => fieldIds.indexOf(id) !== index);
    if (repeated.length > 0) {
      throw validationError(`fieldIds: listed more than once: ${[...new Set(repeated)].join(", ")}`, [{ path: "fieldIds", message: "Each field id may appear once" }]);
    }
    const missing = topLevel.filter((row) => !fieldIds.includes(row.id));
    if (missing.length > 0) {
      const names = missing.map((row) => `${row.name} (${row.id})`).join(", ");
      throw validationError(`fieldIds: must list every top-level field; missing ${names}`, [{ path: "fieldIds", message: `Missing: ${names}` }]);
    }
    for (const [position, id] of fieldIds.entries()) {
      await tx.update(fields).set({ position }).where(eq(fields.id, id));
    }
    await recordAudit(tx, {
      ctx,
      action: "field.reorder",
      resourceType: "parser",
      resourceId: parser.id,
      before: { fieldIds: topLevel.map((row) => row.id) },
      after: { fieldIds },
    });
    const reordered = rows.map((row) => (row.parentId === null ? { ...row, position: fieldIds.indexOf(row.id) } : row));
    // Order changes no extracted value.
    return { fields: buildFieldTree(reordered), reprocessRecommended: false };
  });
}
