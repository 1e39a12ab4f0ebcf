import { describe, expect, it } from "vitest";
import { call } from "../support/http";
import { keysPerTest, makeParser, type ParserBody } from "../support/parsers";

const { acme, globex } = keysPerTest();
const MISSING = "00000000-0000-4000-8000-000000000000";

type FolderBody = {
  id: string;
  name: string;
  slug: string;
  color: string | null;
  parentId: string | null;
  documentCount: number;
  directDocumentCount: number;
  childFolderCount: number;
  pathIds: string[];
  pathNames: string[];
  pathLabel: string;
  depth: number;
  hasAutoAssign: boolean;
  autoAssignment: Record<string, unknown> | null;
  createdAt: string;
  updatedAt: string;
};
type ErrorAnswer = { error: true; message: string; notFound?: { type: string; value: string }[] };

async function setup() {
  const parser = await makeParser(acme());
  const base = `/api/v1/parsers/${parser.id}/folders`;
  const create = async (body: Record<string, unknown>) => {
    const response = await call<FolderBody>(base, { key: acme(), body });
    if (response.status !== 201) throw new Error(`${response.status} ${JSON.stringify(response.body)}`);
    return response.body;
  };
  const list = async () => (await call<{ data: FolderBody[] }>(base, { key: acme() })).body.data;
  return { parser, base, create, list };
}

describe("folders: create and list", () => {
  it("creates a three-level tree and lists it flat in tree order with paths and counts", async () => {
    const { parser, base, create, list } = await setup();
    const response = await call<FolderBody>(base, { key: acme(), body: { name: "Suppliers", color: "#3B82F6" } });
    expect(response.status).toBe(201);
    const suppliers = response.body;
    expect(Object.keys(suppliers).sort()).toEqual(
      [
        "autoAssignment",
        "childFolderCount",
        "color",
        "createdAt",
        "depth",
        "directDocumentCount",
        "documentCount",
        "hasAutoAssign",
        "id",
        "name",
        "parentId",
        "pathIds",
        "pathLabel",
        "pathNames",
        "slug",
        "updatedAt",
      ].sort(),
    );
    expect(suppliers).toMatchObject({
      name: "Suppliers",
      slug: "suppliers",
      color: "#3b82f6",
      parentId: null,
      pathIds: [suppliers.id],
      pathNames: ["Suppliers"],
      pathLabel: "Suppliers",
      depth: 0,
      documentCount: 0,
      directDocumentCount: 0,
      childFolderCount: 0,
      hasAutoAssign: false,
      autoAssignment: null,
    });
    const acmeCo = await create({ name: "ACME Co", parentId: suppliers.id });
    const invoices = await create({ name: "Invoices 2024", parentId: acmeCo.id, color: null });
    expect(invoices).toMatchObject({
      slug: "invoices-2024",
      parentId: acmeCo.id,
      pathIds: [suppliers.id, acmeCo.id, invoices.id],
      pathNames: ["Suppliers", "ACME Co", "Invoices 2024"],
      pathLabel: "Suppliers / ACME Co / Invoices 2024",
      depth: 2,
      color: null,
    });
    const archive = await create({ name: "Archive" });
    const zeta = await create({ name: "Zeta", parentId: suppliers.id });

    const listed = await list();
    expect(listed.map((folder) => folder.pathLabel)).toEqual(["Archive", "Suppliers", "Suppliers / ACME Co", "Suppliers / ACME Co / Invoices 2024", "Suppliers / Zeta"]);
    expect(listed.find((folder) => folder.id === suppliers.id)!.childFolderCount).toBe(2);
    expect(listed.find((folder) => folder.id === archive.id)!.childFolderCount).toBe(0);
    expect(listed.find((folder) => folder.id === zeta.id)!.depth).toBe(1);

    const parserAfter = await call<ParserBody>(`/api/v1/parsers/${parser.id}`, { key: acme() });
    expect(parserAfter.body.counts.folders).toBe(5);
  });

  it("allows the same name under different parents", async () => {
    const { create } = await setup();
    const a = await create({ name: "A" });
    const b = await create({ name: "B" });
    await create({ name: "2024", parentId: a.id });
    await expect(create({ name: "2024", parentId: b.id })).resolves.toMatchObject({ pathLabel: "B / 2024" });
  });

  it.each([
    ["a sibling with the same name (case-insensitive)", { name: "INBOX" }, 409],
    ["no name", {}, 400],
    ["a blank name", { name: "   " }, 400],
    ["a name with a slash", { name: "a/b" }, 400],
    ["a colour that is not #rrggbb", { name: "x", color: "blue" }, 400],
    ["a short colour", { name: "x", color: "#fff" }, 400],
    ["a malformed parentId", { name: "x", parentId: "nope" }, 400],
    ["an unknown key", { name: "x", hasAutoAssign: true }, 400],
  ])("refuses %s", async (_label, body, status) => {
    const { base, create, list } = await setup();
    await create({ name: "Inbox" });
    const response = await call<ErrorAnswer>(base, { key: acme(), body });
    expect(response.status).toBe(status);
    expect(response.body).toMatchObject({ error: true });
    expect(await list()).toHaveLength(1);
  });

  it("answers an unknown parent with the not-found body", async () => {
    const { base } = await setup();
    const response = await call<ErrorAnswer>(base, { key: acme(), body: { name: "x", parentId: MISSING } });
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ error: true, code: "NOT_FOUND", message: "Parent folder not found", notFound: [{ type: "parentId", value: MISSING }] });
  });

  it("does not take a parent from another parser", async () => {
    const first = await setup();
    const second = await setup();
    const foreign = await first.create({ name: "Elsewhere" });
    const response = await call<ErrorAnswer>(second.base, { key: acme(), body: { name: "x", parentId: foreign.id } });
    expect(response.status).toBe(404);
  });
});

describe("folders: update", () => {
  it("renames, recolours, moves (also to the root) and sets auto-assignment", async () => {
    const { base, create, list } = await setup();
    const a = await create({ name: "A" });
    const b = await create({ name: "B" });
    const child = await create({ name: "Child", parentId: a.id });
    const grandchild = await create({ name: "Grandchild", parentId: child.id });

    const moved = await call<FolderBody>(`${base}/${child.id}`, { method: "PATCH", key: acme(), body: { parentId: b.id, name: "Kid", color: "#00FF00" } });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ name: "Kid", slug: "kid", color: "#00ff00", parentId: b.id, pathLabel: "B / Kid", depth: 1, childFolderCount: 1 });
    expect((await list()).find((folder) => folder.id === grandchild.id)!.pathLabel).toBe("B / Kid / Grandchild");

    const toRoot = await call<FolderBody>(`${base}/${grandchild.id}`, { method: "PATCH", key: acme(), body: { parentId: null, color: null } });
    expect(toRoot.body).toMatchObject({ parentId: null, depth: 0, pathLabel: "Grandchild", color: null });

    const auto = await call<FolderBody>(`${base}/${a.id}`, { method: "PATCH", key: acme(), body: { hasAutoAssign: true, autoAssignment: { field: "vendor", equals: "ACME" } } });
    expect(auto.body).toMatchObject({ hasAutoAssign: true, autoAssignment: { field: "vendor", equals: "ACME" } });
    const asTrue = await call<FolderBody>(`${base}/${a.id}`, { method: "PATCH", key: acme(), body: { autoAssignment: true } });
    expect(asTrue.body.autoAssignment).toEqual({});
    const cleared = await call<FolderBody>(`${base}/${a.id}`, { method: "PATCH", key: acme(), body: { autoAssignment: null, hasAutoAssign: false } });
    expect(cleared.body).toMatchObject({ hasAutoAssign: false, autoAssignment: null });

    // An empty body changes nothing.
    const same = await call<FolderBody>(`${base}/${a.id}`, { method: "PATCH", key: acme(), body: {} });
    expect(same.status).toBe(200);
    expect(same.body.name).toBe("A");
  });

  it("refuses a move into its own subtree or itself with 409", async () => {
    const { base, create, list } = await setup();
    const a = await create({ name: "A" });
    const child = await create({ name: "Child", parentId: a.id });
    const grandchild = await create({ name: "Grandchild", parentId: child.id });
    for (const target of [grandchild.id, child.id, a.id]) {
      const response = await call<ErrorAnswer>(`${base}/${a.id}`, { method: "PATCH", key: acme(), body: { parentId: target } });
      expect(response.status).toBe(409);
      expect(response.body.message).toContain("own subfolders");
    }
    expect((await list()).map((folder) => folder.pathLabel)).toEqual(["A", "A / Child", "A / Child / Grandchild"]);
  });

  it.each([
    ["a rename onto a sibling's name", (ids: Record<string, string>) => ({ folder: ids.a!, body: { name: "b" } }), 409],
    ["a move next to a same-named folder", (ids: Record<string, string>) => ({ folder: ids.nestedB!, body: { parentId: null } }), 409],
    ["an unknown parent", () => ({ folder: "", body: { parentId: MISSING } }), 404],
    ["an unknown folder", () => ({ folder: MISSING, body: { name: "x" } }), 404],
    ["an unknown key", () => ({ folder: "", body: { slug: "x" } }), 400],
    ["a bad colour", () => ({ folder: "", body: { color: "#12345g" } }), 400],
    ["a string autoAssignment", () => ({ folder: "", body: { autoAssignment: "yes" } }), 400],
  ])("refuses %s", async (_label, make, status) => {
    const { base, create, list } = await setup();
    const a = await create({ name: "A" });
    const b = await create({ name: "B" });
    const nestedB = await create({ name: "b", parentId: a.id });
    const before = await list();
    const { folder, body } = make({ a: a.id, b: b.id, nestedB: nestedB.id });
    const response = await call<ErrorAnswer>(`${base}/${folder || a.id}`, { method: "PATCH", key: acme(), body });
    expect(response.status).toBe(status);
    if (status === 404) expect(response.body.notFound).toHaveLength(1);
    expect(await list()).toEqual(before);
  });
});

describe("folders: delete", () => {
  it("deletes the folder with its subfolders and reports the documents moved and deleted", async () => {
    const { base, create, list } = await setup();
    const a = await create({ name: "A" });
    const child = await create({ name: "Child", parentId: a.id });
    await create({ name: "Grandchild", parentId: child.id });
    const keep = await create({ name: "Keep" });

    const response = await call(`${base}/${a.id}`, { method: "DELETE", key: acme() });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true, movedDocuments: 0, deletedDocuments: 0 });
    expect((await list()).map((folder) => folder.id)).toEqual([keep.id]);
    expect((await call(`${base}/${child.id}`, { method: "DELETE", key: acme() })).status).toBe(404);

    // The name is free again.
    await expect(create({ name: "A" })).resolves.toMatchObject({ name: "A" });

    const withDocuments = await call(`${base}/${keep.id}?deleteDocuments=true`, { method: "DELETE", key: acme() });
    expect(withDocuments.body).toEqual({ success: true, movedDocuments: 0, deletedDocuments: 0 });
  });

  it("refuses a deleteDocuments value other than true or false, and unknown query keys", async () => {
    const { base, create } = await setup();
    const a = await create({ name: "A" });
    expect((await call(`${base}/${a.id}?deleteDocuments=yes`, { method: "DELETE", key: acme() })).status).toBe(400);
    expect((await call(`${base}/${a.id}?recursive=true`, { method: "DELETE", key: acme() })).status).toBe(400);
    expect((await call(`${base}/${a.id}?deleteDocuments=false`, { method: "DELETE", key: acme() })).status).toBe(200);
  });

  it("keeps another team's folders out of reach (404) and a folder of another parser too", async () => {
    const first = await setup();
    const second = await setup();
    const folder = await first.create({ name: "Mine" });
    for (const [method, body] of [
      ["PATCH", { name: "x" }],
      ["DELETE", undefined],
    ] as const) {
      expect((await call(`${first.base}/${folder.id}`, { method, key: globex(), body })).status).toBe(404);
      const crossParser = await call<ErrorAnswer>(`${second.base}/${folder.id}`, { method, key: acme(), body });
      expect(crossParser.status).toBe(404);
      expect(crossParser.body).toMatchObject({ message: "Folder not found", notFound: [{ type: "folderId", value: folder.id }] });
    }
    expect((await call(first.base, { key: globex() })).status).toBe(404);
    expect((await first.list()).map((row) => row.name)).toEqual(["Mine"]);
  });
});
