import { describe, expect, it } from "vitest";
import { call, freshKey, unique } from "../support/http";
import { keysPerTest, makeParser, type FieldBody, type ParserBody } from "../support/parsers";

const { acme, globex } = keysPerTest();
const MISSING = "00000000-0000-4000-8000-000000000000";

async function patch(id: string, body: unknown, key = acme()) {
  return call<ParserBody & { message: string; issues: { path: string }[] }>(`/api/v1/parsers/${id}`, { method: "PATCH", key, body });
}

describe("POST /parsers", () => {
  it("creates a parser with MIME types in, {mimeType, label} out, and initial fields", async () => {
    const name = unique("Invoices");
    const response = await call<ParserBody>("/api/v1/parsers", {
      key: acme(),
      body: {
        name,
        description: "Supplier invoices",
        type: "document",
        acceptedFileTypes: ["application/pdf", "image/png"],
        fields: [
          { name: "invoiceNumber", type: "text", required: true },
          { name: "currency", type: "select", options: ["EUR", "USD"] },
          { name: "items", type: "table", columns: [{ name: "sku", type: "text" }, { name: "amount", type: "currency" }] },
        ],
      },
    });
    expect(response.status).toBe(201);
    expect(Object.keys(response.body).sort()).toEqual(["acceptedFileTypes", "counts", "createdAt", "description", "emailAddress", "id", "isActive", "name", "settings", "type", "updatedAt"]);
    expect(response.body).toMatchObject({ name, description: "Supplier invoices", type: "document", isActive: true, counts: { totalDocuments: 0, folders: 0 } });
    expect(response.body.acceptedFileTypes).toEqual([
      { mimeType: "application/pdf", label: "PDF" },
      { mimeType: "image/png", label: "PNG image" },
    ]);
    expect(response.body.settings).toMatchObject({ dataExtractionMode: "balanced", advancedTableExtraction: "auto", parsePages: "" });

    const fields = await call<{ data: FieldBody[] }>(`/api/v1/parsers/${response.body.id}/fields`, { key: acme() });
    expect(fields.body.data.map((field) => [field.name, field.position])).toEqual([
      ["invoiceNumber", 0],
      ["currency", 1],
      ["items", 2],
    ]);
    expect(fields.body.data[2]!.columns!.map((column) => column.name)).toEqual(["sku", "amount"]);
    expect(fields.body.data[0]).not.toHaveProperty("columns");
  });

  it("defaults the accepted file types", async () => {
    const parser = await makeParser(acme());
    expect(parser.acceptedFileTypes.map((type) => type.mimeType)).toContain("application/pdf");
  });

  it.each([
    ["no name", {}, "name"],
    ["an empty name", { name: "  " }, "name"],
    ["an unknown key", { name: "x", teamId: MISSING }, "teamId"],
    ["an unknown MIME type", { name: "x", acceptedFileTypes: ["application/x-nope"] }, "acceptedFileTypes.0"],
    ["a classifier type", { name: "x", type: "classifier" }, "type"],
    ["a select field without options", { name: "x", fields: [{ name: "a", type: "select" }] }, "fields.0.options"],
    ["a table without columns", { name: "x", fields: [{ name: "a", type: "table" }] }, "fields.0.columns"],
    ["an unknown field type", { name: "x", fields: [{ name: "a", type: "colour" }] }, "fields.0.type"],
  ])("refuses %s with 400", async (_label, body, path) => {
    const response = await call<{ error: boolean; message: string; issues: { path: string }[] }>("/api/v1/parsers", { key: acme(), body });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe(true);
    expect(response.body.issues.map((issue) => issue.path)).toContain(path === "teamId" ? "" : path);
    if (path === "teamId") expect(response.body.message).toContain("teamId");
  });

  it("refuses duplicate initial field names (case-insensitive) with 409", async () => {
    const response = await call("/api/v1/parsers", { key: acme(), body: { name: "x", fields: [{ name: "Total", type: "number" }, { name: "total", type: "text" }] } });
    expect(response.status).toBe(409);
    expect(response.body).toMatchObject({ error: true, message: expect.stringContaining("total") });
  });

  it("needs parsers.write", async () => {
    const { key } = await freshKey(acme(), ["parsers.read"]);
    expect((await call("/api/v1/parsers", { key, body: { name: "x" } })).status).toBe(403);
  });
});

describe("GET /parsers and /parsers/{id}", () => {
  it("lists the team's active parsers only", async () => {
    const mine = await makeParser(acme());
    const theirs = await makeParser(globex());
    const archived = await makeParser(acme());
    const deleted = await makeParser(acme());
    expect((await patch(archived.id, { isActive: false })).status).toBe(200);
    expect((await call(`/api/v1/parsers/${deleted.id}`, { method: "DELETE", key: acme() })).status).toBe(200);

    const list = await call<{ data: ParserBody[] }>("/api/v1/parsers", { key: acme() });
    const ids = list.body.data.map((parser) => parser.id);
    expect(ids).toContain(mine.id);
    expect(ids).not.toContain(theirs.id);
    expect(ids).not.toContain(archived.id);
    expect(ids).not.toContain(deleted.id);

    const withArchived = await call<{ data: ParserBody[] }>("/api/v1/parsers?includeArchived=true", { key: acme() });
    expect(withArchived.body.data.map((parser) => parser.id)).toEqual(expect.arrayContaining([mine.id, archived.id]));
    expect(withArchived.body.data.map((parser) => parser.id)).not.toContain(deleted.id);
    expect((await call("/api/v1/parsers?foo=1", { key: acme() })).status).toBe(400);
  });

  it("gets one parser; unknown, malformed and other teams' ids are 404 with the not-found body", async () => {
    const parser = await makeParser(acme());
    const got = await call<ParserBody>(`/api/v1/parsers/${parser.id}`, { key: acme() });
    expect(got.status).toBe(200);
    expect(got.body).toEqual(parser);

    for (const [id, key] of [
      [MISSING, acme()],
      [parser.id, globex()],
      ["not-a-uuid", acme()],
    ] as const) {
      const response = await call(`/api/v1/parsers/${id}`, { key });
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ error: true, code: "NOT_FOUND", message: "Parser not found", notFound: [{ type: "parserId", value: id }] });
    }
  });

  it("hides an archived parser from GET unless includeArchived, and restores it", async () => {
    const parser = await makeParser(acme());
    const archived = await patch(parser.id, { isActive: false });
    expect(archived.body.isActive).toBe(false);
    const hidden = await call(`/api/v1/parsers/${parser.id}`, { key: acme() });
    expect(hidden.status).toBe(404);
    expect(hidden.body).toMatchObject({ error: true, message: expect.stringContaining("archived"), notFound: [{ type: "parserId", value: parser.id }] });
    expect((await call(`/api/v1/parsers/${parser.id}`, { key: globex() })).body).toMatchObject({ message: "Parser not found" });
    expect((await call(`/api/v1/parsers/${parser.id}?includeArchived=true`, { key: acme() })).status).toBe(200);
    // Its fields stay reachable.
    expect((await call(`/api/v1/parsers/${parser.id}/fields`, { key: acme() })).status).toBe(200);
    const restored = await patch(parser.id, { isActive: true });
    expect(restored.body.isActive).toBe(true);
    expect((await call(`/api/v1/parsers/${parser.id}`, { key: acme() })).status).toBe(200);
  });
});

describe("PATCH /parsers/{id}", () => {
  it("changes every settings group and keeps the groups it was not given", async () => {
    const parser = await makeParser(acme(), { fields: [{ name: "items", type: "table", columns: [{ name: "sku", type: "text" }] }] });
    const changes = {
      name: "Renamed",
      description: "New description",
      acceptedFileTypes: ["application/pdf", "message/rfc822"],
      confidenceScores: { enabled: false, highThreshold: 0.95, lowThreshold: 0.4 },
      markdownParsing: { enabled: true },
      advancedTableExtraction: "enabled",
      dataExtractionMode: "accurate",
      splitDocuments: { enabled: true, mode: "pageRanges", pageRanges: "1-3,4-6,7", instructions: "one invoice per range" },
      classificationGate: { enabled: true, mode: "deny", labels: ["Receipt", "Statement"], instructions: "skip non-invoices" },
      emailParsing: {
        parseEmailBody: false,
        mergeEmailAttachments: true,
        includeEmailSubjectBody: true,
        attachmentFileTypes: ["application/pdf"],
        senderFilter: { mode: "allow", rules: [{ type: "domain", value: "supplier.com" }, { type: "email", value: "ap@vendor.io" }] },
      },
      parsePages: "1-3, -1, 2n+1, odd, last",
    };
    const response = await patch(parser.id, changes);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ name: "Renamed", description: "New description" });
    expect(response.body.acceptedFileTypes).toEqual([
      { mimeType: "application/pdf", label: "PDF" },
      { mimeType: "message/rfc822", label: "E-mail (EML)" },
    ]);
    const { name: _name, description: _description, acceptedFileTypes: _types, ...settings } = changes;
    expect(response.body.settings).toMatchObject(settings);

    // Persisted, and a later PATCH of one group leaves the others alone.
    const next = await patch(parser.id, { splitDocuments: { enabled: true, mode: "partitionKey", partitionKey: "items.sku" } });
    expect(next.status).toBe(200);
    expect(next.body.settings.splitDocuments).toEqual({ enabled: true, mode: "partitionKey", partitionKey: "items.sku", partitionKeySource: "parserField" });
    expect(next.body.settings).toMatchObject({ dataExtractionMode: "accurate", parsePages: "1-3, -1, 2n+1, odd, last", classificationGate: settings.classificationGate });
    const reread = await call<ParserBody>(`/api/v1/parsers/${parser.id}`, { key: acme() });
    expect(reread.body.settings).toEqual(next.body.settings);

    const everyX = await patch(parser.id, { splitDocuments: { enabled: true, mode: "everyXPages", everyXPages: 2 } });
    expect(everyX.body.settings.splitDocuments).toEqual({ enabled: true, mode: "everyXPages", everyXPages: 2 });
  });

  it.each([
    ["an unknown key", { settings: {} }, ""],
    ["a key of another resource", { fields: [] }, ""],
    ["a bad parsePages", { parsePages: "1-3,x" }, "parsePages"],
    ["a reversed parsePages range", { parsePages: "5-2" }, "parsePages"],
    ["parsePages page 0", { parsePages: "0" }, "parsePages"],
    ["a bad advancedTableExtraction", { advancedTableExtraction: "always" }, "advancedTableExtraction"],
    ["a bad dataExtractionMode", { dataExtractionMode: "slow" }, "dataExtractionMode"],
    ["a non-boolean toggle", { confidenceScores: { enabled: "yes" } }, "confidenceScores.enabled"],
    ["an unknown toggle key", { markdownParsing: { enabled: true, cost: 1 } }, "markdownParsing"],
    ["a confidence threshold above 1", { confidenceScores: { enabled: true, highThreshold: 1.5 } }, "confidenceScores.highThreshold"],
    ["a low threshold above the high one", { confidenceScores: { enabled: true, highThreshold: 0.6, lowThreshold: 0.7 } }, "confidenceScores.lowThreshold"],
    ["everyXPages without its number", { splitDocuments: { enabled: true, mode: "everyXPages" } }, "splitDocuments.everyXPages"],
    ["everyXPages of 0", { splitDocuments: { enabled: true, mode: "everyXPages", everyXPages: 0 } }, "splitDocuments.everyXPages"],
    ["pageRanges without ranges", { splitDocuments: { enabled: true, mode: "pageRanges" } }, "splitDocuments.pageRanges"],
    ["overlapping pageRanges", { splitDocuments: { enabled: true, mode: "pageRanges", pageRanges: "1-3,2-4" } }, "splitDocuments.pageRanges"],
    ["partitionKey without a key", { splitDocuments: { enabled: true, mode: "partitionKey" } }, "splitDocuments.partitionKey"],
    ["partitionKey naming no field", { splitDocuments: { enabled: true, mode: "partitionKey", partitionKey: "nope" } }, "splitDocuments.partitionKey"],
    ["an unknown split mode", { splitDocuments: { enabled: true, mode: "byMagic" } }, "splitDocuments.mode"],
    ["an unknown gate mode", { classificationGate: { enabled: true, mode: "maybe", labels: ["A"] } }, "classificationGate.mode"],
    ["an enabled gate without labels", { classificationGate: { enabled: true, mode: "allow", labels: [] } }, "classificationGate.labels"],
    [
      "a bad sender e-mail",
      {
        emailParsing: {
          parseEmailBody: true,
          mergeEmailAttachments: false,
          includeEmailSubjectBody: false,
          attachmentFileTypes: [],
          senderFilter: { mode: "allow", rules: [{ type: "email", value: "not-an-email" }] },
        },
      },
      "emailParsing.senderFilter.rules.0.value",
    ],
    [
      "a bad sender rule type",
      {
        emailParsing: {
          parseEmailBody: true,
          mergeEmailAttachments: false,
          includeEmailSubjectBody: false,
          attachmentFileTypes: [],
          senderFilter: { mode: "deny", rules: [{ type: "ip", value: "1.2.3.4" }] },
        },
      },
      "emailParsing.senderFilter.rules.0.type",
    ],
    ["an unknown MIME type", { acceptedFileTypes: ["application/x-nope"] }, "acceptedFileTypes.0"],
    ["isActive as a string", { isActive: "false" }, "isActive"],
  ])("refuses %s with 400", async (_label, body, path) => {
    const parser = await makeParser(acme());
    const response = await patch(parser.id, body);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ error: true, code: "VALIDATION" });
    expect(response.body.issues.map((issue) => issue.path)).toContain(path);
    if (path === "") expect(response.body.message).toContain(Object.keys(body)[0]);
  });
});

describe("DELETE /parsers/{id}", () => {
  it("soft-deletes: 200 {success: true}, then gone from every route", async () => {
    const parser = await makeParser(acme());
    const response = await call(`/api/v1/parsers/${parser.id}`, { method: "DELETE", key: acme() });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true });
    expect((await call(`/api/v1/parsers/${parser.id}`, { key: acme() })).status).toBe(404);
    expect((await call(`/api/v1/parsers/${parser.id}?includeArchived=true`, { key: acme() })).status).toBe(404);
    expect((await call(`/api/v1/parsers/${parser.id}/fields`, { key: acme() })).status).toBe(404);
    expect((await call(`/api/v1/parsers/${parser.id}`, { method: "DELETE", key: acme() })).status).toBe(404);
  });
});

describe("POST /parsers/{id}/duplicate", () => {
  it("copies settings, fields and folders into a new parser", async () => {
    const parser = await makeParser(acme(), {
      acceptedFileTypes: ["application/pdf"],
      fields: [
        { name: "total", type: "currency", required: true, instructions: "grand total" },
        { name: "lines", type: "table", columns: [{ name: "qty", type: "number" }] },
      ],
    });
    await patch(parser.id, { dataExtractionMode: "fast", parsePages: "1-2" });
    const root = await call<{ id: string }>(`/api/v1/parsers/${parser.id}/folders`, { key: acme(), body: { name: "2024" } });
    await call(`/api/v1/parsers/${parser.id}/folders`, { key: acme(), body: { name: "Q1", parentId: root.body.id } });

    const copy = await call<ParserBody>(`/api/v1/parsers/${parser.id}/duplicate`, { key: acme(), method: "POST" });
    expect(copy.status).toBe(201);
    expect(copy.body.id).not.toBe(parser.id);
    expect(copy.body.name).toBe(`${parser.name} (copy)`);
    expect(copy.body.settings).toMatchObject({ dataExtractionMode: "fast", parsePages: "1-2" });
    expect(copy.body.acceptedFileTypes).toEqual([{ mimeType: "application/pdf", label: "PDF" }]);
    expect(copy.body.counts).toEqual({ totalDocuments: 0, folders: 2 });

    const original = await call<{ data: FieldBody[] }>(`/api/v1/parsers/${parser.id}/fields`, { key: acme() });
    const copied = await call<{ data: FieldBody[] }>(`/api/v1/parsers/${copy.body.id}/fields`, { key: acme() });
    const strip = (fields: FieldBody[]): unknown => fields.map(({ id: _id, columns, ...rest }) => ({ ...rest, ...(columns ? { columns: strip(columns) } : {}) }));
    expect(strip(copied.body.data)).toEqual(strip(original.body.data));
    expect(copied.body.data[0]!.id).not.toBe(original.body.data[0]!.id);

    const folders = await call<{ data: { pathLabel: string }[] }>(`/api/v1/parsers/${copy.body.id}/folders`, { key: acme() });
    expect(folders.body.data.map((folder) => folder.pathLabel)).toEqual(["2024", "2024 / Q1"]);

    const named = await call<ParserBody>(`/api/v1/parsers/${parser.id}/duplicate`, { key: acme(), body: { name: "Second copy" } });
    expect(named.body.name).toBe("Second copy");
    expect((await call(`/api/v1/parsers/${parser.id}/duplicate`, { key: acme(), body: { name: "x", fields: [] } })).status).toBe(400);
  });
});

describe("tenant isolation", () => {
  it("answers 404 with the not-found body for another team's parser on every route", async () => {
    const parser = await makeParser(acme(), { fields: [{ name: "total", type: "number" }] });
    const folder = await call<{ id: string }>(`/api/v1/parsers/${parser.id}/folders`, { key: acme(), body: { name: "Inbox" } });
    const fields = await call<{ data: FieldBody[] }>(`/api/v1/parsers/${parser.id}/fields`, { key: acme() });
    const fieldId = fields.body.data[0]!.id;
    const base = `/api/v1/parsers/${parser.id}`;
    const attempts: [string, string, unknown?][] = [
      ["GET", base],
      ["PATCH", base, { name: "stolen" }],
      ["DELETE", base],
      ["POST", `${base}/duplicate`, {}],
      ["GET", `${base}/fields`],
      ["POST", `${base}/fields`, { name: "x", type: "text" }],
      ["PATCH", `${base}/fields/${fieldId}`, { name: "y" }],
      ["DELETE", `${base}/fields/${fieldId}`],
      ["POST", `${base}/fields/reorder`, { fieldIds: [fieldId] }],
      ["GET", `${base}/folders`],
      ["POST", `${base}/folders`, { name: "x" }],
      ["PATCH", `${base}/folders/${folder.body.id}`, { name: "y" }],
      ["DELETE", `${base}/folders/${folder.body.id}`],
    ];
    for (const [method, path, body] of attempts) {
      const response = await call(path, { method, key: globex(), body });
      expect({ method, path, status: response.status }).toEqual({ method, path, status: 404 });
      expect(response.body).toEqual({ error: true, code: "NOT_FOUND", message: "Parser not found", notFound: [{ type: "parserId", value: parser.id }] });
    }
    // Nothing changed for Acme.
    const after = await call<ParserBody>(base, { key: acme() });
    expect(after.body, JSON.stringify(after.body)).toMatchObject({ name: parser.name });
    expect((await call<{ data: FieldBody[] }>(`${base}/fields`, { key: acme() })).body.data.map((field) => field.name)).toEqual(["total"]);
    expect((await call<{ data: unknown[] }>(`${base}/folders`, { key: acme() })).body.data).toHaveLength(1);
  });

  it("lists in OpenAPI every parser, field and folder operation", async () => {
    const response = await call<{ paths: Record<string, Record<string, { operationId: string }>> }>("/api/v1/openapi.json");
    const ids = Object.values(response.body.paths).flatMap((methods) => Object.values(methods).map((entry) => entry.operationId));
    expect(ids).toEqual(
      expect.arrayContaining([
        "listParsers",
        "createParser",
        "getParser",
        "updateParser",
        "deleteParser",
        "duplicateParser",
        "listFields",
        "createField",
        "updateField",
        "deleteField",
        "reorderFields",
        "listFolders",
        "createFolder",
        "updateFolder",
        "deleteFolder",
      ]),
    );
  });
});
