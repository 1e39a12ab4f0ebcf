import "server-only";
import type { CreateFolder, Folder } from "@/lib/contracts/folders";
import { folders } from "@/lib/db/schema";
import { conflict } from "@/lib/services/errors";
import { assertPermission, recordAudit, type ServiceContext } from "../context";
import { getParserInTeam, isUniqueViolation } from "../parsers/internal";
import { assertNoSiblingNamed, findFolder, folderSlug, folderView, loadFolders } from "./internal";

export async function createFolder(ctx: ServiceContext, { parserId, input }: { parserId: string; input: CreateFolder }): Promise<Folder> {
  assertPermission(ctx, "parsers.write");
  const parentId = input.parentId ?? null;
  try {
    return await ctx.db.transaction(async (tx) => {
      const parser = await getParserInTeam(tx, { access: ctx, parserId, forUpdate: true });
      const rows = await loadFolders(tx, parser.id);
      if (parentId) findFolder({ rows, folderId: parentId, type: "parentId", label: "Parent folder" });
      assertNoSiblingNamed(rows, { parentId, name: input.name });
      const [row] = await tx
        .insert(folders)
        .values({ teamId: ctx.teamId, parserId: parser.id, parentId, name: input.name, slug: folderSlug(input.name), color: input.color ?? null })
        .returning();
      await recordAudit(tx, { ctx, action: "folder.create", resourceType: "folder", resourceId: row!.id, after: { parserId: parser.id, name: row!.name, parentId } });
      return folderView(tx, { parserId: parser.id, folderId: row!.id });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(`A folder named "${input.name}" already exists there`);
    throw error;
  }
}
