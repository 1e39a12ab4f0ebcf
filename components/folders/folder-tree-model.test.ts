import { describe, expect, it } from "vitest";
import { buildFolderTree, descendantIds, moveTargets, visibleRows, type FolderNodeData } from "./folder-tree-model";

const folder = (id: string, parentId: string | null, pathLabel: string): FolderNodeData => ({
  id,
  name: pathLabel.split(" / ").at(-1)!,
  color: null,
  parentId,
  depth: pathLabel.split(" / ").length - 1,
  pathLabel,
  documentCount: 0,
  directDocumentCount: 0,
  childFolderCount: 0,
});

// 2024 ─ Q1 ─ Jan ; 2024 ─ Q2 ; 2025
const flat = [folder("a", null, "2024"), folder("b", "a", "2024 / Q1"), folder("c", "b", "2024 / Q1 / Jan"), folder("d", "a", "2024 / Q2"), folder("e", null, "2025")];

describe("folder tree model", () => {
  it("nests a flat list", () => {
    const roots = buildFolderTree(flat);
    expect(roots.map((node) => node.id)).toEqual(["a", "e"]);
    expect(roots[0]!.children.map((node) => node.id)).toEqual(["b", "d"]);
    expect(roots[0]!.children[0]!.children.map((node) => node.id)).toEqual(["c"]);
  });

  it("shows children only of expanded folders, with their level", () => {
    const roots = buildFolderTree(flat);
    expect(visibleRows(roots, new Set()).map((row) => row.node.id)).toEqual(["a", "e"]);
    const rows = visibleRows(roots, new Set(["a", "b"]));
    expect(rows.map((row) => `${row.node.id}:${row.level}`)).toEqual(["a:1", "b:2", "c:3", "d:2", "e:1"]);
  });

  it("finds a folder's subtree", () => {
    expect([...descendantIds(flat, "a")].sort()).toEqual(["a", "b", "c", "d"]);
    expect([...descendantIds(flat, "c")]).toEqual(["c"]);
  });

  it("never offers a move into the folder itself, its subtree, or where it already is", () => {
    expect(moveTargets(flat, "b").map((target) => target.id)).toEqual([null, "d", "e"]);
    expect(moveTargets(flat, "a").map((target) => target.id)).toEqual(["e"]);
  });
});
