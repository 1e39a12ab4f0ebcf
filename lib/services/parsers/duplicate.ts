import "server-only";
import { randomBytes } from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import type { Parser } from "@/lib/contracts/parsers";
import { folders, parsers, reviewStages } from "@/lib/db/schema";
import { assertPermission, recordAudit, type ServiceContext } from "../context";
import { insertFields, loadFieldRows } from "../fields/internal";
import { buildFieldTree, toFieldInputs } from "../fields/tree";
import { loadFolders } from "../folders/internal";
import { inTreeOrder } from "../folders/tree";
import { slugify } from "../teams";
import { getParserInTeam } from "./internal";
import { toParser } from "./to-parser";

/**
 * Copies a parser's setup: settings, fields, folders (empty) and review stages. Documents, API tokens,
 * webhooks, credentials and history (audit, usage) belong to the original and are not copied. The copy is active.
 */
export async function duplicateParser(ctx: ServiceContext, { parserId, input }: { parserId: string; input: { name?: string } }): Promise<Parser> {
  assertPermission(ctx, "parsers.write");
  return ctx.db.transaction(async (tx) => {
    const source = await getParserInTeam(tx, { access: ctx, parserId });
    const name = input.name ?? `${source.name} (copy)`;
    const [copy] = await tx
      .insert(parsers)
      .values({
        teamId: ctx.teamId,
        name,
        slug: `${slugify(name)}-${randomBytes(3).toString("hex")}`,
        description: source.description,
        type: source.type,
        settings: structuredClone(source.settings),
      })
      .returning();
    await insertFields(tx, { parserId: copy!.id, fields: toFieldInputs(buildFieldTree(await loadFieldRows(tx, source.id))), parentId: null, startPosition: 0 });

    // Parents come before children in tree order, so each copy's parent already has its new id.
    const folderIds = new Map<string, string>();
    const sourceFolders = inTreeOrder(await loadFolders(tx, source.id));
    for (const folder of sourceFolders) {
      const [row] = await tx
        .insert(folders)
        .values({
          teamId: ctx.teamId,
          parserId: copy!.id,
          parentId: folder.parentId ? folderIds.get(folder.parentId)! : null,
          name: folder.name,
          slug: folder.slug,
          color: folder.color,
          hasAutoAssign: folder.hasAutoAssign,
          autoAssignment: folder.autoAssignment,
        })
        .returning({ id: folders.id });
      folderIds.set(folder.id, row!.id);
    }

    const stages = await tx
      .select()
      .from(reviewStages)
      .where(and(eq(reviewStages.parserId, source.id), isNull(reviewStages.deletedAt)));
    if (stages.length > 0) {
      await tx.insert(reviewStages).values(
        stages.map((stage) => ({
          parserId: copy!.id,
          name: stage.name,
          reviewerInstructions: stage.reviewerInstructions,
          position: stage.position,
          reviewType: stage.reviewType,
          reviewerId: stage.reviewerId,
          rules: stage.rules,
        })),
      );
    }
    await recordAudit(tx, { ctx, action: "parser.duplicate", resourceType: "parser", resourceId: copy!.id, after: { name, from: source.id } });
    return toParser(copy!, { totalDocuments: 0, folders: sourceFolders.length });
  });
}
