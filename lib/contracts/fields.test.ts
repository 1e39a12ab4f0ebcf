import { describe, expect, it } from "vitest";
import { CreateFieldSchema, UpdateFieldSchema, tableDepth } from "./fields";
import { SplitDocumentsSchema } from "./parser-settings";
import { UpdateParserSchema } from "./parsers";

const paths = (result: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) => result.error?.issues.map((issue) => issue.path.join(".")) ?? [];

describe("field contracts", () => {
  it("accepts scalars, selects with options and nested tables", () => {
    expect(CreateFieldSchema.safeParse({ name: " total ", type: "currency" }).data).toEqual({ name: "total", type: "currency" });
    expect(CreateFieldSchema.safeParse({ name: "s", type: "select", options: ["a", "b"] }).success).toBe(true);
    // The spec puts `options` on every Field: on a text field they are its expected values.
    expect(CreateFieldSchema.safeParse({ name: "c", type: "text", options: ["EUR", "USD"] }).success).toBe(true);
    expect(CreateFieldSchema.safeParse({ name: "t", type: "table", columns: [{ name: "u", type: "table", columns: [{ name: "v", type: "text" }] }] }).success).toBe(true);
  });

  it("refuses shapes that do not fit the type, at any depth", () => {
    expect(paths(CreateFieldSchema.safeParse({ name: "s", type: "select", options: ["a", "A"] }))).toEqual(["options.1"]);
    expect(paths(CreateFieldSchema.safeParse({ name: "t", type: "table", columns: [{ name: "u", type: "select" }] }))).toEqual(["columns.0.options"]);
    expect(paths(CreateFieldSchema.safeParse({ name: "t", type: "text", columns: [] }))).toEqual(["columns"]);
    expect(paths(CreateFieldSchema.safeParse({ name: "a.b", type: "text" }))).toEqual(["name"]);
  });

  it("measures table depth", () => {
    expect(tableDepth({ name: "a", type: "text" })).toBe(0);
    expect(tableDepth({ name: "a", type: "table", columns: [{ name: "b", type: "table", columns: [{ name: "c", type: "text" }] }] })).toBe(2);
  });

  it("keeps updates to the listed keys", () => {
    expect(UpdateFieldSchema.safeParse({ position: 1 }).success).toBe(false);
    expect(UpdateFieldSchema.safeParse({ columns: [{ id: "6f1c2a56-7c0e-4d57-9b8e-2f2f7a0d3b11", name: "x", type: "text" }] }).success).toBe(true);
  });
});

describe("settings contracts", () => {
  it("checks the split group by mode", () => {
    expect(SplitDocumentsSchema.safeParse({ enabled: false, mode: "everyXPages", everyXPages: 3 }).success).toBe(true);
    expect(paths(SplitDocumentsSchema.safeParse({ enabled: true, mode: "everyXPages" }))).toEqual(["everyXPages"]);
    expect(paths(SplitDocumentsSchema.safeParse({ enabled: true, mode: "pageRanges", pageRanges: "1-2,x" }))).toEqual(["pageRanges"]);
    expect(paths(SplitDocumentsSchema.safeParse({ enabled: true, mode: "partitionKey", partitionKey: " " }))).toEqual(["partitionKey"]);
  });

  it("allows exactly the spec's keys on a parser update", () => {
    expect(UpdateParserSchema.safeParse({ parsePages: "odd, -1" }).success).toBe(true);
    expect(UpdateParserSchema.safeParse({ parsePages: "every other" }).success).toBe(false);
    expect(UpdateParserSchema.safeParse({ type: "document" }).success).toBe(false);
    expect(UpdateParserSchema.safeParse({ settings: {} }).success).toBe(false);
  });
});

describe("OpenAPI for the recursive field schemas", () => {
  it("hoists Field, FieldInput and ColumnInput into components that refer to themselves", async () => {
    const { allOperations } = await import("./index");
    const { buildOpenApiDocument } = await import("@/lib/http/openapi");
    const document = buildOpenApiDocument(allOperations, { version: "test", serverUrl: "http://localhost" });
    const schemas = document.components.schemas as Record<string, { properties?: Record<string, unknown> }>;
    for (const name of ["Field", "FieldInput", "ColumnInput", "Folder", "Parser"]) expect(schemas).toHaveProperty(name);
    expect(JSON.stringify(schemas.Field!.properties!.columns)).toContain("#/components/schemas/Field");
    const createField = (document.paths["/parsers/{parserId}/fields"] as Record<string, { requestBody: unknown }>).post!;
    expect(createField.requestBody).toEqual({ $ref: "#/components/requestBodies/FieldInput" });
    expect(JSON.stringify(document.components.requestBodies.FieldInput)).toContain("#/components/schemas/FieldInput");
  });
});
