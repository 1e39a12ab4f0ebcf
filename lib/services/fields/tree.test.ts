import { describe, expect, it } from "vitest";
import { buildFieldTree, findDuplicateName, findFieldByPath, findTopLevelField, toFieldInputs, type FieldRow } from "./tree";

function row(id: string, name: string, parentId: string | null, position: number, type: FieldRow["type"] = "text"): FieldRow {
  return { id, parserId: "p", parentId, name, type, description: "", instructions: "", required: false, position, options: [], createdAt: new Date(0), updatedAt: new Date(0) };
}

const rows = [
  row("t", "Items", null, 1, "table"),
  row("s", "sku", "t", 1),
  row("q", "qty", "t", 0, "number"),
  row("n", "number", null, 0),
];

describe("field tree", () => {
  it("nests columns under tables, ordered by position; scalars have no columns", () => {
    const tree = buildFieldTree(rows);
    expect(tree.map((field) => field.name)).toEqual(["number", "Items"]);
    expect(tree[0]).not.toHaveProperty("columns");
    expect(tree[1]!.columns!.map((field) => field.name)).toEqual(["qty", "sku"]);
  });

  it("finds top-level fields by id or case-insensitive name, never columns", () => {
    expect(findTopLevelField(rows, "t")?.name).toBe("Items");
    expect(findTopLevelField(rows, "items")?.id).toBe("t");
    expect(findTopLevelField(rows, "sku")).toBeUndefined();
  });

  it("resolves dotted paths", () => {
    const tree = buildFieldTree(rows);
    expect(findFieldByPath(tree, "items.SKU")?.id).toBe("s");
    expect(findFieldByPath(tree, "number")?.id).toBe("n");
    expect(findFieldByPath(tree, "number.x")).toBeUndefined();
    expect(findFieldByPath(tree, "items.price")).toBeUndefined();
  });

  it("finds duplicate names among siblings at any depth", () => {
    expect(findDuplicateName([{ name: "a" }, { name: "A" }])).toContain('"A" is used twice');
    expect(findDuplicateName([{ name: "t", columns: [{ name: "x" }, { name: "X" }] }])).toContain('columns of "t"');
    expect(findDuplicateName([{ name: "a", columns: [{ name: "a" }] }])).toBeNull();
  });

  it("turns a tree back into inputs", () => {
    expect(toFieldInputs(buildFieldTree(rows))[1]).toMatchObject({ name: "Items", type: "table", columns: [{ name: "qty" }, { name: "sku" }] });
  });
});
