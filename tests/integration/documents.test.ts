import { describe, expect, it } from "vitest";
import { call, freshKey } from "../support/http";
import { keysPerTest, makeParser } from "../support/parsers";

/**
 * The documents read side over HTTP. Documents cannot be uploaded through the API on this branch, so these cover
 * what the routes themselves decide: status codes, validation (400s), tenancy (404s), empty lists and shapes.
 * Behaviour that needs documents (filters, sorts, search operators, review objects, counts, deletes of real rows)
 * is covered by lib/services/documents/documents.test.ts against PGlite.
 */
const { acme, globex } = keysPerTest();
const MISSING = "00000000-0000-4000-8000-000000000000";
type ErrorAnswer = { error: true; message: string; code: string; notFound?: { type: string; value: string }[]; issues?: { path: string; message: string }[] };
type ListAnswer = { data: unknown[]; pagination: { page: number; limit: number; total: number; pageCount: number } };

const documentsOf = (parserId: string) => `/api/v1/parsers/${parserId}/documents`;

describe("documents: list", () => {
  it("lists no documents of a new parser, with the default pagination", async () => {
    const parser = await makeParser(acme());
    const response = await call<ListAnswer>(documentsOf(parser.id), { key: acme() });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ data: [], pagination: { page: 1, limit: 50, total: 0, pageCount: 0 } });
    expect(response.headers.get("x-ratelimit-limit")).toBeTruthy();
  });

  it("accepts every query parameter of the spec", async () => {
    const parser = await makeParser(acme());
    const folder = await call<{ id: string }>(`/api/v1/parsers/${parser.id}/folders`, { key: acme(), body: { name: "Inbox" } });
    const query = new URLSearchParams({
      q: "invoice",
      status: "processed",
      folderId: folder.body.id,
      assigneeId: MISSING,
      reviewStageId: MISSING,
      externalId: "ERP-1",
      createdFrom: "2025-01-01T00:00:00Z",
      createdTo: "2025-12-31T23:59:59+02:00",
      sort: "name.desc",
      page: "2",
      limit: "100",
    });
    const response = await call<ListAnswer>(`${documentsOf(parser.id)}?${query}`, { key: acme() });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ data: [], pagination: { page: 2, limit: 100, total: 0, pageCount: 0 } });
    for (const sort of ["createdAt.desc", "createdAt.asc", "updatedAt.desc", "updatedAt.asc", "name.asc"]) {
      expect((await call(`${documentsOf(parser.id)}?sort=${sort}`, { key: acme() })).status).toBe(200);
    }
    expect((await call(`${documentsOf(parser.id)}?status=skipped`, { key: acme() })).status).toBe(200);
  });

  it.each([
    ["a bad sort", "sort=name", "sort"],
    ["limit 0", "limit=0", "limit"],
    ["limit 101", "limit=101", "limit"],
    ["page 0", "page=0", "page"],
    ["a non-numeric page", "page=two", "page"],
    ["an unknown status", "status=done", "status"],
    ["a folderId that is not a UUID", "folderId=inbox", "folderId"],
    ["an assigneeId that is not a UUID", "assigneeId=me", "assigneeId"],
    ["a createdFrom that is not a date-time", "createdFrom=yesterday", "createdFrom"],
    ["an unknown query key", "colour=red", ""],
    ["a repeated key", "sort=name.asc&sort=name.desc", "sort"],
  ])("answers %s with 400 naming it", async (_label, query, path) => {
    const parser = await makeParser(acme());
    const response = await call<ErrorAnswer>(`${documentsOf(parser.id)}?${query}`, { key: acme() });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ error: true, code: "VALIDATION" });
    expect(response.body.message).toMatch(/^Invalid query/);
    if (path) expect(response.body.issues!.map((issue) => issue.path)).toContain(path);
    else expect(response.body.message).toContain("colour");
  });

  it("answers an unknown parser, another team's parser and a folder of another parser with 404", async () => {
    const parser = await makeParser(acme());
    const other = await makeParser(acme());
    const folder = await call<{ id: string }>(`/api/v1/parsers/${other.id}/folders`, { key: acme(), body: { name: "Elsewhere" } });
    const unknown = await call<ErrorAnswer>(documentsOf(MISSING), { key: acme() });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ error: true, code: "NOT_FOUND", message: "Parser not found", notFound: [{ type: "parserId", value: MISSING }] });
    const foreign = await call<ErrorAnswer>(documentsOf(parser.id), { key: globex() });
    expect(foreign.status).toBe(404);
    expect(foreign.body.notFound).toEqual([{ type: "parserId", value: parser.id }]);
    const wrongFolder = await call<ErrorAnswer>(`${documentsOf(parser.id)}?folderId=${folder.body.id}`, { key: acme() });
    expect(wrongFolder.status).toBe(404);
    expect(wrongFolder.body).toMatchObject({ message: "Folder not found", notFound: [{ type: "folderId", value: folder.body.id }] });
    expect((await call(documentsOf("not-a-uuid"), { key: acme() })).status).toBe(404);
  });

  it("needs an API key and the documents.read permission", async () => {
    const parser = await makeParser(acme());
    expect((await call(documentsOf(parser.id), {})).status).toBe(401);
    const limited = await freshKey(acme(), ["parsers.read"]);
    const response = await call<ErrorAnswer>(documentsOf(parser.id), { key: limited.key });
    expect(response.status).toBe(403);
    expect(response.body.message).toContain("documents.read");
  });
});

describe("documents: search", () => {
  it("searches an empty parser with every body key", async () => {
    const parser = await makeParser(acme());
    const response = await call<ListAnswer>(`${documentsOf(parser.id)}/search`, {
      key: acme(),
      body: {
        q: "acme",
        status: "processed",
        folderId: null,
        externalId: "x",
        assigneeId: MISSING,
        reviewStageId: MISSING,
        createdFrom: "2025-01-01T00:00:00Z",
        createdTo: "2026-01-01T00:00:00Z",
        page: 1,
        limit: 10,
        sort: "updatedAt.asc",
        filters: [
          { field: "total", operator: "gt", value: 100 },
          { field: "items.sku", operator: "eq", value: "X-1" },
          { field: "vendor", operator: "contains", value: "corp" },
          { field: "due_date", operator: "lte", value: "2025-12-31" },
          { field: "paid", operator: "exists", value: true },
          { field: "note", operator: "neq", value: null },
        ],
      },
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ data: [], pagination: { page: 1, limit: 10, total: 0, pageCount: 0 } });
    const empty = await call<ListAnswer>(`${documentsOf(parser.id)}/search`, { key: acme(), body: {} });
    expect(empty.status).toBe(200);
    expect(empty.body.pagination).toEqual({ page: 1, limit: 50, total: 0, pageCount: 0 });
  });

  it.each([
    ["an unknown operator", { filters: [{ field: "total", operator: "like", value: 1 }] }, "filters.0.operator"],
    ["an unknown filter key", { filters: [{ field: "total", operator: "eq", value: 1, mode: "x" }] }, "filters.0"],
    ["an empty field", { filters: [{ field: "", operator: "eq", value: 1 }] }, "filters.0.field"],
    ["an object value", { filters: [{ field: "total", operator: "eq", value: { a: 1 } }] }, "filters.0.value"],
    ["a bad sort", { sort: "total.desc" }, "sort"],
    ["limit 0", { limit: 0 }, "limit"],
    ["limit 101", { limit: 101 }, "limit"],
    ["page 0", { page: 0 }, "page"],
    ["an unknown key", { parserId: MISSING }, ""],
  ])("answers %s with 400", async (_label, body, path) => {
    const parser = await makeParser(acme());
    const response = await call<ErrorAnswer>(`${documentsOf(parser.id)}/search`, { key: acme(), body });
    expect(response.status).toBe(400);
    expect(response.body.message).toMatch(/^Invalid request body/);
    if (path) expect(response.body.issues!.map((issue) => issue.path)).toContain(path);
  });

  it("answers another team's parser with 404", async () => {
    const parser = await makeParser(acme());
    const response = await call<ErrorAnswer>(`${documentsOf(parser.id)}/search`, { key: globex(), body: { q: "x" } });
    expect(response.status).toBe(404);
    expect(response.body.notFound).toEqual([{ type: "parserId", value: parser.id }]);
  });
});

describe("documents: one document", () => {
  it("answers an unknown document with the not-found body on GET, PATCH, DELETE and markdown", async () => {
    const parser = await makeParser(acme());
    const path = `${documentsOf(parser.id)}/${MISSING}`;
    const expected = { error: true, code: "NOT_FOUND", message: "Document not found", notFound: [{ type: "documentId", value: MISSING }] };
    for (const [method, suffix, body] of [
      ["GET", "", undefined],
      ["PATCH", "", { name: "x" }],
      ["DELETE", "", undefined],
      ["GET", "/markdown", undefined],
    ] as const) {
      const response = await call<ErrorAnswer>(`${path}${suffix}`, { key: acme(), method, body });
      expect(response.status, `${method} ${suffix}`).toBe(404);
      expect(response.body).toEqual(expected);
    }
    const badId = await call<ErrorAnswer>(`${documentsOf(parser.id)}/not-a-uuid`, { key: acme() });
    expect(badId.status).toBe(404);
    expect(badId.body.notFound).toEqual([{ type: "documentId", value: "not-a-uuid" }]);
  });

  it("answers another team's parser with 404 on every document route", async () => {
    const parser = await makeParser(acme());
    const path = `${documentsOf(parser.id)}/${MISSING}`;
    for (const [method, suffix, body] of [
      ["GET", "", undefined],
      ["PATCH", "", { name: "x" }],
      ["DELETE", "", undefined],
      ["GET", "/markdown", undefined],
    ] as const) {
      const response = await call<ErrorAnswer>(`${path}${suffix}`, { key: globex(), method, body });
      expect(response.status).toBe(404);
      expect(response.body.notFound).toEqual([{ type: "parserId", value: parser.id }]);
    }
  });

  it.each([
    ["an empty name", { name: "  " }, "name"],
    ["an unknown key", { status: "processed" }, ""],
    ["a folderId that is not a UUID", { folderId: "inbox" }, "folderId"],
    ["custom that is not an object", { custom: [1] }, "custom"],
    ["an empty externalId", { externalId: "" }, "externalId"],
  ])("answers a PATCH with %s with 400", async (_label, body, path) => {
    const parser = await makeParser(acme());
    const response = await call<ErrorAnswer>(`${documentsOf(parser.id)}/${MISSING}`, { key: acme(), method: "PATCH", body });
    expect(response.status).toBe(400);
    if (path) expect(response.body.issues!.map((issue) => issue.path)).toContain(path);
  });

  it("needs documents.write to change or delete", async () => {
    const parser = await makeParser(acme());
    const reader = await freshKey(acme(), ["parsers.read", "documents.read"]);
    const path = `${documentsOf(parser.id)}/${MISSING}`;
    expect((await call(path, { key: reader.key, method: "PATCH", body: { name: "x" } })).status).toBe(403);
    expect((await call(path, { key: reader.key, method: "DELETE" })).status).toBe(403);
    expect((await call(`${documentsOf(parser.id)}/delete`, { key: reader.key, body: { documentIds: [MISSING] } })).status).toBe(403);
    expect((await call(path, { key: reader.key })).status).toBe(404);
  });
});

describe("documents: bulk delete", () => {
  it("deletes nothing for ids that do not exist", async () => {
    const parser = await makeParser(acme());
    const response = await call(`${documentsOf(parser.id)}/delete`, { key: acme(), body: { documentIds: [MISSING], externalIds: ["nope"] } });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true, deleted: 0, ids: [] });
  });

  it.each([
    ["an empty body", {}],
    ["empty lists", { documentIds: [], externalIds: [] }],
    ["an id that is not a UUID", { documentIds: ["x"] }],
    ["an unknown key", { ids: [MISSING] }],
    ["more than 1000 ids", { documentIds: Array.from({ length: 1001 }, () => MISSING) }],
  ])("answers %s with 400", async (_label, body) => {
    const parser = await makeParser(acme());
    const response = await call<ErrorAnswer>(`${documentsOf(parser.id)}/delete`, { key: acme(), body });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe(true);
  });

  it("answers an unknown or another team's parser with 404", async () => {
    const parser = await makeParser(acme());
    expect((await call(`${documentsOf(MISSING)}/delete`, { key: acme(), body: { documentIds: [MISSING] } })).status).toBe(404);
    expect((await call(`${documentsOf(parser.id)}/delete`, { key: globex(), body: { documentIds: [MISSING] } })).status).toBe(404);
  });
});

describe("documents: get document data", () => {
  const dataOf = (parserId: string, query: string) => `/api/v1/process/${parserId}/files/data${query ? `?${query}` : ""}`;

  it("answers an unknown document with 404 Document not found, by id and by external id", async () => {
    const parser = await makeParser(acme());
    const byId = await call<ErrorAnswer>(dataOf(parser.id, `documentId=${MISSING}`), { key: acme() });
    expect(byId.status).toBe(404);
    expect(byId.body).toEqual({ error: true, code: "NOT_FOUND", message: "Document not found", notFound: [{ type: "documentId", value: MISSING }] });
    const byExternal = await call<ErrorAnswer>(dataOf(parser.id, "externalId=ERP-1"), { key: acme() });
    expect(byExternal.status).toBe(404);
    expect(byExternal.body).toMatchObject({ message: "Document not found", notFound: [{ type: "externalId", value: "ERP-1" }] });
  });

  it.each([
    ["neither documentId nor externalId", ""],
    ["both documentId and externalId", `documentId=${MISSING}&externalId=x`],
    ["a documentId that is not a UUID", "documentId=42"],
    ["an empty externalId", "externalId="],
    ["an unknown key", `documentId=${MISSING}&format=xml`],
  ])("answers %s with 400", async (_label, query) => {
    const parser = await makeParser(acme());
    const response = await call<ErrorAnswer>(dataOf(parser.id, query), { key: acme() });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ error: true, code: "VALIDATION" });
  });

  it("answers an unknown or another team's parser with 404", async () => {
    const parser = await makeParser(acme());
    const unknown = await call<ErrorAnswer>(dataOf(MISSING, `documentId=${MISSING}`), { key: acme() });
    expect(unknown.status).toBe(404);
    expect(unknown.body.notFound).toEqual([{ type: "parserId", value: MISSING }]);
    const foreign = await call<ErrorAnswer>(dataOf(parser.id, `documentId=${MISSING}`), { key: globex() });
    expect(foreign.status).toBe(404);
  });
});

describe("documents: OpenAPI", () => {
  it("describes the read-side operations and the filter operators", async () => {
    const response = await call<{ paths: Record<string, Record<string, { operationId: string }>>; components: { schemas: Record<string, unknown> } }>("/api/v1/openapi.json");
    expect(response.status).toBe(200);
    const ids = Object.values(response.body.paths).flatMap((methods) => Object.values(methods).map((entry) => entry.operationId));
    expect(ids).toEqual(expect.arrayContaining(["listDocuments", "searchDocuments", "getDocument", "updateDocument", "deleteDocument", "deleteDocuments", "getDocumentData", "getDocumentMarkdown"]));
    expect(JSON.stringify(response.body.components.schemas.DocumentFilter)).toContain("exists");
    expect(response.body.paths["/parsers/{parserId}/documents/{documentId}/markdown"]!.get).toBeTruthy();
  });
});
