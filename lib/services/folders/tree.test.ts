import { describe, expect, it } from "vitest";
import { inTreeOrder, subtreeIds, toFolders, type FolderRow } from "./tree";

let clock = 0;
function folder(id: string, name: string, parentId: string | null): FolderRow {
  clock += 1;
  return {
    id,
    teamId: "t",
    parserId: "p",
    parentId,
    name,
    slug: name.toLowerCase(),
    color: null,
    hasAutoAssign: false,
    autoAssignment: null,
    createdAt: new Date(clock),
    updatedAt: new Date(clock),
    deletedAt: null,
  };
}

const rows = [folder("c", "child", "a"), folder("b", "beta", null), folder("a", "Alpha", null), folder("g", "grand", "c"), folder("d", "another", "a")];

describe("folder tree", () => {
  it("orders depth-first, siblings by name (case-insensitively)", () => {
    expect(inTreeOrder(rows).map((row) => row.id)).toEqual(["a", "d", "c", "g", "b"]);
  });

  it("finds a subtree", () => {
    expect([...subtreeIds(rows, "a")].sort()).toEqual(["a", "c", "d", "g"]);
    expect([...subtreeIds(rows, "b")]).toEqual(["b"]);
  });

  it("computes paths, depth and counts including descendants", () => {
    const folders = toFolders(rows, new Map([["a", 1], ["c", 2], ["g", 4]]));
    const grand = folders.find((row) => row.id === "g")!;
    expect(grand).toMatchObject({ pathIds: ["a", "c", "g"], pathNames: ["Alpha", "child", "grand"], pathLabel: "Alpha / child / grand", depth: 2 });
    expect(folders.find((row) => row.id === "a")).toMatchObject({ documentCount: 7, directDocumentCount: 1, childFolderCount: 2, depth: 0 });
    expect(folders.find((row) => row.id === "c")).toMatchObject({ documentCount: 6, directDocumentCount: 2, childFolderCount: 1 });
    expect(folders.find((row) => row.id === "b")).toMatchObject({ documentCount: 0, childFolderCount: 0 });
  });

  it("shows a boolean auto-assignment as null", () => {
    const [row] = toFolders([{ ...folder("x", "x", null), autoAssignment: true }], new Map());
    expect(row!.autoAssignment).toBeNull();
  });
});
