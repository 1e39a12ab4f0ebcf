import { describe, expect, it } from "vitest";
import { call, freshKey } from "../support/http";
import { keysPerTest, makeParser, type FieldBody } from "../support/parsers";

const { acme, globex } = keysPerTest();
const MISSING = "00000000-0000-4000-8000-000000000000";

type FieldsAnswer = { fields: FieldBody[]; reprocessRecommended: boolean; field?: FieldBody };
type ErrorAnswer = { error: true; message: string; code: string; issues?: { path: string }[]; notFound?: { type: string; value: string }[] };

async function parserWithFields(fields: unknown[] = []) {
  const parser = await makeParser(acme(), { fields });
  const base = `/api/v1/parsers/${parser.id}/fields`;
  const list = async () => (await call<{ data: FieldBody[] }>(base, { key: acme() })).body.data;
  return { parser, base, list };
}

const names = (fields: FieldBody[]) => fields.map((field) => field.name);

describe("fields: create and list", () => {
  it("creates scalar and table fields (nested) and lists them as a tree in order", async () => {
    const { base, list } = await parserWithFields([{ name: "first", type: "text" }]);
    const created = await call<FieldsAnswer>(base, {
      key: acme(),
      body: { name: "Status", type: "select", options: ["paid", "open"], required: true, description: "Payment status", instructions: "top right" },
    });
    expect(created.status).toBe(201);
    expect(created.body.reprocessRecommended).toBe(false);
    expect(created.body.field).toMatchObject({ name: "Status", type: "select", options: ["paid", "open"], required: true, position: 1, description: "Payment status", instructions: "top right" });
    expect(Object.keys(created.body.field!).sort()).toEqual(["description", "id", "instructions", "name", "options", "position", "required", "type"]);
    expect(names(created.body.fields)).toEqual(["first", "Status"]);

    const table = await call<FieldsAnswer>(base, {
      key: acme(),
      body: {
        name: "items",
        type: "table",
        columns: [
          { name: "sku", type: "text" },
          { name: "taxes", type: "table", columns: [{ name: "rate", type: "number" }, { name: "kind", type: "select", options: ["VAT"] }] },
        ],
      },
    });
    expect(table.status).toBe(201);
    expect(table.body.field!.columns!.map((column) => [column.name, column.position])).toEqual([
      ["sku", 0],
      ["taxes", 1],
    ]);
    expect(table.body.field!.columns![1]!.columns!.map((column) => column.name)).toEqual(["rate", "kind"]);
    const all = await list();
    expect(names(all)).toEqual(["first", "Status", "items"]);
    expect(all[2]).toEqual(table.body.field);
  });

  it.each([
    ["a name used already (case-insensitive)", { name: "FIRST", type: "text" }, 409],
    ["duplicate column names", { name: "t", type: "table", columns: [{ name: "a", type: "text" }, { name: "A", type: "text" }] }, 409],
    ["an unknown type", { name: "x", type: "colour" }, 400],
    ["a select without options", { name: "x", type: "select" }, 400],
    ["a table without columns", { name: "x", type: "table", columns: [] }, 400],
    ["columns on a scalar", { name: "x", type: "number", columns: [{ name: "a", type: "text" }] }, 400],
    ["a name with a dot", { name: "a.b", type: "text" }, 400],
    ["an empty name", { name: "", type: "text" }, 400],
    ["an unknown key", { name: "x", type: "text", id: MISSING }, 400],
    ["an unknown key in a column", { name: "x", type: "table", columns: [{ name: "a", type: "text", format: "x" }] }, 400],
    ["tables nested too deep", { name: "x", type: "table", columns: [{ name: "a", type: "table", columns: [{ name: "b", type: "table", columns: [{ name: "c", type: "table", columns: [{ name: "d", type: "text" }] }] }] }] }, 400],
  ])("refuses %s", async (_label, body, status) => {
    const { base, list } = await parserWithFields([{ name: "first", type: "text" }]);
    const response = await call<ErrorAnswer>(base, { key: acme(), body });
    expect(response.status).toBe(status);
    expect(response.body).toMatchObject({ error: true, message: expect.any(String) });
    expect(names(await list())).toEqual(["first"]);
  });

  it("names the unknown key", async () => {
    const { base } = await parserWithFields();
    const response = await call<ErrorAnswer>(base, { key: acme(), body: { name: "x", type: "text", hint: "y" } });
    expect(response.body.message).toContain("hint");
  });

  it("needs parsers.write to create and parsers.read to list", async () => {
    const { base } = await parserWithFields();
    const readOnly = await freshKey(acme(), ["parsers.read"]);
    expect((await call(base, { key: readOnly.key })).status).toBe(200);
    expect((await call(base, { key: readOnly.key, body: { name: "x", type: "text" } })).status).toBe(403);
    const noRead = await freshKey(acme(), ["documents.read"]);
    expect((await call(base, { key: noRead.key })).status).toBe(403);
  });
});

describe("fields: update and rename", () => {
  it("renames by name and by id, and updates scalar properties", async () => {
    const { base } = await parserWithFields([{ name: "total", type: "number" }, { name: "date", type: "date" }]);
    const renamed = await call<FieldsAnswer>(`${base}/TOTAL`, { method: "PATCH", key: acme(), body: { name: "grandTotal", type: "currency", required: true } });
    expect(renamed.status).toBe(200);
    expect(renamed.body.reprocessRecommended).toBe(false);
    expect(renamed.body.fields[0]).toMatchObject({ name: "grandTotal", type: "currency", required: true, position: 0 });
    const id = renamed.body.fields[1]!.id;
    const byId = await call<FieldsAnswer>(`${base}/${id}`, { method: "PATCH", key: acme(), body: { description: "Invoice date" } });
    expect(byId.body.fields[1]).toMatchObject({ id, name: "date", description: "Invoice date" });
    // A name with a space, URL-encoded in the path.
    await call(`${base}/${id}`, { method: "PATCH", key: acme(), body: { name: "due date" } });
    const spaced = await call<FieldsAnswer>(`${base}/${encodeURIComponent("due date")}`, { method: "PATCH", key: acme(), body: { instructions: "bottom" } });
    expect(spaced.status).toBe(200);
  });

  it("replaces a table's columns with the full desired list: keeps, renames, adds, removes and reorders", async () => {
    const { base } = await parserWithFields([{ name: "items", type: "table", columns: [{ name: "sku", type: "text" }, { name: "qty", type: "number" }, { name: "old", type: "text" }] }]);
    const before = (await call<{ data: FieldBody[] }>(base, { key: acme() })).body.data[0]!.columns!;
    const [sku, qty] = before;
    const response = await call<FieldsAnswer>(`${base}/items`, {
      method: "PATCH",
      key: acme(),
      body: {
        columns: [
          { id: qty!.id, name: "quantity", type: "number" },
          { name: "sku", type: "text", required: true },
          { name: "price", type: "currency" },
          { name: "tax", type: "table", columns: [{ name: "rate", type: "number" }] },
        ],
      },
    });
    expect(response.status).toBe(200);
    const columns = response.body.fields[0]!.columns!;
    expect(columns.map((column) => [column.name, column.position])).toEqual([
      ["quantity", 0],
      ["sku", 1],
      ["price", 2],
      ["tax", 3],
    ]);
    expect(columns[0]!.id).toBe(qty!.id);
    expect(columns[1]).toMatchObject({ id: sku!.id, required: true });
    expect(columns[3]!.columns!.map((column) => column.name)).toEqual(["rate"]);

    // Swapping two names in one request works.
    const swapped = await call<FieldsAnswer>(`${base}/items`, {
      method: "PATCH",
      key: acme(),
      body: { columns: [{ id: qty!.id, name: "sku", type: "number" }, { id: sku!.id, name: "quantity", type: "text" }] },
    });
    expect(swapped.status).toBe(200);
    expect(swapped.body.fields[0]!.columns!.map((column) => [column.id, column.name])).toEqual([
      [qty!.id, "sku"],
      [sku!.id, "quantity"],
    ]);
  });

  it("turns a table into a scalar (dropping its columns) and a scalar into a select", async () => {
    const { base } = await parserWithFields([{ name: "items", type: "table", columns: [{ name: "sku", type: "text" }] }, { name: "kind", type: "text" }]);
    const scalar = await call<FieldsAnswer>(`${base}/items`, { method: "PATCH", key: acme(), body: { type: "text" } });
    expect(scalar.body.fields[0]).not.toHaveProperty("columns");
    const select = await call<FieldsAnswer>(`${base}/kind`, { method: "PATCH", key: acme(), body: { type: "select", options: ["a", "b"] } });
    expect(select.body.fields[1]).toMatchObject({ type: "select", options: ["a", "b"] });
    // Every type carries options (spec: a property of every Field), so a type change keeps them.
    const back = await call<FieldsAnswer>(`${base}/kind`, { method: "PATCH", key: acme(), body: { type: "text" } });
    expect(back.body.fields[1]).toMatchObject({ type: "text", options: ["a", "b"] });
    const cleared = await call<FieldsAnswer>(`${base}/kind`, { method: "PATCH", key: acme(), body: { options: [] } });
    expect(cleared.body.fields[1]).toMatchObject({ type: "text", options: [] });
  });

  it("accepts and returns options on a text field, as the spec's Field has them on every type", async () => {
    const { base, list } = await parserWithFields([{ name: "first", type: "text" }]);
    const created = await call<{ field: Record<string, unknown> }>(base, { key: acme(), body: { name: "currency", type: "text", options: ["EUR", "USD"] } });
    expect(created.status).toBe(201);
    expect(created.body.field).toMatchObject({ name: "currency", type: "text", options: ["EUR", "USD"] });
    const patched = await call<FieldsAnswer>(`${base}/first`, { method: "PATCH", key: acme(), body: { options: ["x"] } });
    expect(patched.status).toBe(200);
    expect((await list())[0]).toMatchObject({ name: "first", type: "text", options: ["x"] });
  });

  it.each([
    ["a rename onto a sibling's name", "a", { name: "B" }, 409],
    ["duplicate column names", "t", { columns: [{ name: "x", type: "text" }, { name: "X", type: "text" }] }, 409],
    ["a column id of another table", "t", { columns: [{ id: MISSING, name: "x", type: "text" }] }, 400],
    ["select without options", "a", { type: "select" }, 400],
    ["columns on a scalar", "a", { columns: [{ name: "x", type: "text" }] }, 400],
    ["a table without columns", "a", { type: "table" }, 400],
    ["an empty column list", "t", { columns: [] }, 400],
    ["an unknown key", "a", { position: 3 }, 400],
    ["an unknown field", "nope", { name: "x" }, 404],
  ])("refuses %s", async (_label, fieldId, body, status) => {
    const { base, list } = await parserWithFields([{ name: "a", type: "text" }, { name: "b", type: "text" }, { name: "t", type: "table", columns: [{ name: "c", type: "text" }] }]);
    const before = await list();
    const response = await call<ErrorAnswer>(`${base}/${fieldId}`, { method: "PATCH", key: acme(), body });
    expect(response.status).toBe(status);
    if (status === 404) expect(response.body).toMatchObject({ message: "Field not found", notFound: [{ type: "fieldId", value: fieldId }] });
    expect(await list()).toEqual(before);
  });
});

describe("fields: delete and reorder", () => {
  it("deletes by name and by id; later fields close the gap", async () => {
    const { base } = await parserWithFields([{ name: "a", type: "text" }, { name: "b", type: "text" }, { name: "c", type: "table", columns: [{ name: "x", type: "text" }] }]);
    const byName = await call<FieldsAnswer>(`${base}/A`, { method: "DELETE", key: acme() });
    expect(byName.status).toBe(200);
    expect(byName.body).toEqual({ fields: expect.any(Array), reprocessRecommended: false });
    expect(byName.body.fields.map((field) => [field.name, field.position])).toEqual([
      ["b", 0],
      ["c", 1],
    ]);
    const byId = await call<FieldsAnswer>(`${base}/${byName.body.fields[1]!.id}`, { method: "DELETE", key: acme() });
    expect(names(byId.body.fields)).toEqual(["b"]);
    const again = await call<ErrorAnswer>(`${base}/a`, { method: "DELETE", key: acme() });
    expect(again.status).toBe(404);
    expect(again.body).toMatchObject({ error: true, message: "Field not found", notFound: [{ type: "fieldId", value: "a" }] });
  });

  it("refuses to delete the split partition key's field (409)", async () => {
    const { parser, base } = await parserWithFields([{ name: "invoiceNumber", type: "text" }]);
    const patched = await call(`/api/v1/parsers/${parser.id}`, { method: "PATCH", key: acme(), body: { splitDocuments: { enabled: true, mode: "partitionKey", partitionKey: "invoiceNumber" } } });
    expect(patched.status).toBe(200);
    expect((await call(`${base}/invoiceNumber`, { method: "DELETE", key: acme() })).status).toBe(409);
    expect((await call(`${base}/invoiceNumber`, { method: "PATCH", key: acme(), body: { name: "number" } })).status).toBe(409);
  });

  it("reorders with the full list of ids", async () => {
    const { base, list } = await parserWithFields([{ name: "a", type: "text" }, { name: "b", type: "text" }, { name: "c", type: "text" }]);
    const [a, b, c] = await list();
    const response = await call<FieldsAnswer>(`${base}/reorder`, { key: acme(), body: { fieldIds: [c!.id, a!.id, b!.id] } });
    expect(response.status).toBe(200);
    expect(response.body.reprocessRecommended).toBe(false);
    expect(response.body.fields.map((field) => [field.name, field.position])).toEqual([
      ["c", 0],
      ["a", 1],
      ["b", 2],
    ]);
    expect(names(await list())).toEqual(["c", "a", "b"]);
  });

  it.each([
    ["a partial list", (ids: string[]) => ids.slice(0, 2), "missing"],
    ["an unknown id", (ids: string[]) => [...ids, MISSING], MISSING],
    ["a repeated id", (ids: string[]) => [...ids, ids[0]!], "more than once"],
    ["an empty list", () => [], "fieldIds"],
  ])("refuses %s with 400", async (_label, make, text) => {
    const { base, list } = await parserWithFields([{ name: "a", type: "text" }, { name: "b", type: "text" }, { name: "c", type: "text" }]);
    const before = await list();
    const response = await call<ErrorAnswer>(`${base}/reorder`, { key: acme(), body: { fieldIds: make(before.map((field) => field.id)) } });
    expect(response.status).toBe(400);
    expect(response.body.message).toContain(text);
    expect(await list()).toEqual(before);
  });

  it("refuses a column id in the reorder list (only top-level fields)", async () => {
    const { base, list } = await parserWithFields([{ name: "t", type: "table", columns: [{ name: "x", type: "text" }] }]);
    const [table] = await list();
    expect((await call(`${base}/reorder`, { key: acme(), body: { fieldIds: [table!.columns![0]!.id] } })).status).toBe(400);
  });

  it("keeps other teams out of fields: 404 for their parser, and for a field id of another parser", async () => {
    const { base, list } = await parserWithFields([{ name: "a", type: "text" }]);
    const [field] = await list();
    const other = await parserWithFields([{ name: "z", type: "text" }]);
    // A field of parser A addressed through parser B is not found.
    expect((await call(`${other.base}/${field!.id}`, { method: "DELETE", key: acme() })).status).toBe(404);
    expect((await call(`${base}/${field!.id}`, { method: "PATCH", key: globex(), body: { name: "x" } })).status).toBe(404);
    expect(names(await list())).toEqual(["a"]);
  });
});
