import type { Folder } from "@/lib/contracts/folders";
import type { folders } from "@/lib/db/schema";

/**
 * Paths and counts of a parser's folders, computed in memory: a parser has few folders, so one query for the
 * rows and one for the per-folder document counts beat a recursive query per folder.
 */
export type FolderRow = typeof folders.$inferSelect;

const byName = (a: FolderRow, b: FolderRow) => a.name.localeCompare(b.name, undefined, { sensitivity: "base" }) || a.createdAt.getTime() - b.createdAt.getTime();

/** Depth-first: each folder followed by its subtree, siblings by name. Rows whose parent is missing are left out. */
export function inTreeOrder(rows: readonly FolderRow[]): FolderRow[] {
  const out: FolderRow[] = [];
  const visit = (parentId: string | null) => {
    for (const row of rows.filter((candidate) => candidate.parentId === parentId).sort(byName)) {
      out.push(row);
      visit(row.id);
    }
  };
  visit(null);
  return out;
}

/** The folder and every folder below it. */
export function subtreeIds(rows: readonly FolderRow[], rootId: string): Set<string> {
  const ids = new Set([rootId]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const row of rows) {
      if (row.parentId && ids.has(row.parentId) && !ids.has(row.id)) {
        ids.add(row.id);
        grew = true;
      }
    }
  }
  return ids;
}

/** Folders as the API shows them, flat in tree order; `directCounts` maps folder id → documents directly in it. */
export function toFolders(rows: readonly FolderRow[], directCounts: ReadonlyMap<string, number>): Folder[] {
  const byId = new Map(rows.map((row) => [row.id, row]));
  const pathOf = (row: FolderRow): FolderRow[] => {
    const path = [row];
    for (let parent = row.parentId ? byId.get(row.parentId) : undefined; parent; parent = parent.parentId ? byId.get(parent.parentId) : undefined) {
      path.unshift(parent);
    }
    return path;
  };
  return inTreeOrder(rows).map((row) => {
    const path = pathOf(row);
    const descendants = subtreeIds(rows, row.id);
    const documentCount = [...descendants].reduce((sum, id) => sum + (directCounts.get(id) ?? 0), 0);
    const autoAssignment = row.autoAssignment;
    return {
      id: row.id,
      name: row.name,
      slug: row.slug,
      color: row.color,
      parentId: row.parentId,
      documentCount,
      directDocumentCount: directCounts.get(row.id) ?? 0,
      childFolderCount: rows.filter((candidate) => candidate.parentId === row.id).length,
      pathIds: path.map((folder) => folder.id),
      pathNames: path.map((folder) => folder.name),
      pathLabel: path.map((folder) => folder.name).join(" / "),
      depth: path.length - 1,
      hasAutoAssign: row.hasAutoAssign,
      autoAssignment: autoAssignment && typeof autoAssignment === "object" ? autoAssignment : null,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  });
}
