import "server-only";
import { eq } from "drizzle-orm";
import type { Folder, UpdateFolder } from "@/lib/contracts/folders";
import { folders } from "@/lib/db/schema";
import { conflict } from "@/lib/services/errors";
import { assertPermission, recordAudit, type ServiceContext } from "../context";
import { getParserInTeam, isUniqueViolation } from "../parsers/internal";
import { assertNoSiblingNamed, findFolder, folderSlug, folderView, loadFolders } from "./internal";
import { subtreeIds } from "./tree";

/** Renames, recolours or moves a folder (parentId null = to the root), or changes its auto-assignment. */
export async function updateFolder(ctx: ServiceContext, { parserId, folderId, input }: { parserId: string; folderId: string; input: UpdateFolder }): Promise<Folder> {
  assertPermission(ctx, "parsers.write");
  try {
    return await ctx.db.transaction(async (tx) => {
      const parser = await getParserInTeam(tx, { access: ctx, parserId, forUpdate: true });
      const rows = await loadFolders(tx, parser.id);
      const before = findFolder({ rows, folderId });
      const parentId = input.parentId === undefined ? before.parentId : input.parentId;
      const name = input.name ?? before.name;
      if (parentId && parentId !== before.parentId) {
        findFolder({ rows, folderId: parentId, type: "parentId", label: "Parent folder" });
        if (subtreeIds(rows, before.id).has(parentId)) throw conflict("A folder cannot move into itself or one of its own subfolders");
      }
      assertNoSiblingNamed(rows, { parentId, name, exceptId: before.id });
      // `true` means "auto-assign with no rule detail yet"; the Folder object shows an object or null.
      const autoAssignment = input.autoAssignment === undefined ? undefined : input.autoAssignment === true ? {} : input.autoAssignment === false ? null : input.autoAssignment;
      await tx
        .update(folders)
        .set({
          name,
          slug: folderSlug(name),
          parentId,
          ...(input.color !== undefined ? { color: input.color } : {}),
          ...(input.hasAutoAssign !== undefined ? { hasAutoAssign: input.hasAutoAssign } : {}),
          ...(autoAssignment !== undefined ? { autoAssignment } : {}),
        })
        .where(eq(folders.id, before.id));
      await recordAudit(tx, {
        ctx,
        action: "folder.update",
        resourceType: "folder",
        resourceId: before.id,
        before: { name: before.name, parentId: before.parentId, color: before.color },
        after: { parserId: parser.id, ...input },
      });
      return folderView(tx, { parserId: parser.id, folderId: before.id });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict("A folder of that name already exists there");
    throw error;
  }
}
