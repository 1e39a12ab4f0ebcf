/**
 * The folder tree's pure logic: the API lists folders flat in tree order; the tree view needs nesting, the
 * visible rows (given what is expanded), and the folders a folder may move into (not itself or its subtree).
 */
export type FolderNodeData = {
  id: string;
  name: string;
  color: string | null;
  parentId: string | null;
  depth: number;
  pathLabel: string;
  documentCount: number;
  directDocumentCount: number;
  childFolderCount: number;
};

export type FolderNode = FolderNodeData & { children: FolderNode[] };

export function buildFolderTree(folders: readonly FolderNodeData[]): FolderNode[] {
  const nodes = new Map<string, FolderNode>(folders.map((folder) => [folder.id, { ...folder, children: [] }]));
  const roots: FolderNode[] = [];
  for (const folder of folders) {
    const node = nodes.get(folder.id)!;
    const parent = folder.parentId ? nodes.get(folder.parentId) : undefined;
    (parent ? parent.children : roots).push(node);
  }
  return roots;
}

export type VisibleRow = { node: FolderNode; level: number; parentId: string | null };

/** The rows a person sees, in order: a folder's children only when it is expanded. */
export function visibleRows(roots: readonly FolderNode[], expanded: ReadonlySet<string>): VisibleRow[] {
  const rows: VisibleRow[] = [];
  const walk = (nodes: readonly FolderNode[], level: number, parentId: string | null) => {
    for (const node of nodes) {
      rows.push({ node, level, parentId });
      if (expanded.has(node.id)) walk(node.children, level + 1, node.id);
    }
  };
  walk(roots, 1, null);
  return rows;
}

export function descendantIds(folders: readonly FolderNodeData[], id: string): Set<string> {
  const out = new Set<string>([id]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const folder of folders) {
      if (folder.parentId && out.has(folder.parentId) && !out.has(folder.id)) {
        out.add(folder.id);
        grew = true;
      }
    }
  }
  return out;
}

/** Where a folder may go: the root or any folder outside its own subtree, except where it already is. */
export function moveTargets(folders: readonly FolderNodeData[], id: string): { id: string | null; label: string }[] {
  const moving = folders.find((folder) => folder.id === id);
  const blocked = descendantIds(folders, id);
  const targets: { id: string | null; label: string }[] = moving?.parentId ? [{ id: null, label: "Top level" }] : [];
  for (const folder of folders) {
    if (!blocked.has(folder.id) && folder.id !== moving?.parentId) targets.push({ id: folder.id, label: folder.pathLabel });
  }
  return targets;
}
