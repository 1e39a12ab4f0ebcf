import { randomUUID } from "node:crypto";
import { describe, expect, it, vi } from "vitest";
import { makeParser } from "@/lib/db/factories";
import { getParser, listParsers } from "@/lib/services/parsers";
import { call, mcpWorld, ok, text } from "@/tests/support/mcp-harness";

/**
 * The MCP server as an agent meets it, through the official client (tests/support/mcp-harness.ts): the tool list,
 * parsers and fields, and the REST API's errors as tool errors (another team's ids, permissions, invalid
 * arguments, unexpected failures, a missing token). The other tool groups have their own files beside the tools.
 */
const w = mcpWorld();

const TOOLS = [
  "list_parsers",
  "get_parser",
  "create_parser",
  "update_parser",
  "list_fields",
  "create_field",
  "update_field",
  "delete_field",
  "list_classifiers",
  "get_classifier",
  "create_classifier",
  "update_classifier",
  "upload_document",
  "upload_document_by_url",
  "get_document_data",
  "get_document",
  "list_documents",
  "search_documents",
  "approve_document",
  "reject_document",
  "reset_document",
  "assign_reviewer",
  "export_documents",
  "list_folders",
  "move_documents",
];

describe("tools/list", () => {
  it("lists every tool with an object input schema whose every property is described for the agent", async () => {
    const { tools } = await w.adminClient.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual([...TOOLS].sort());
    for (const tool of tools) {
      expect(tool.description?.length, tool.name).toBeGreaterThan(40);
      expect(tool.inputSchema.type, tool.name).toBe("object");
      for (const [key, property] of Object.entries(tool.inputSchema.properties ?? {})) {
        expect((property as { description?: string }).description, `${tool.name}.${key}`).toBeTruthy();
      }
    }
    const createParser = tools.find((tool) => tool.name === "create_parser")!;
    expect(createParser.inputSchema.required).toEqual(["name"]);
    expect(createParser.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: false, openWorldHint: false });
    expect(tools.find((tool) => tool.name === "upload_document_by_url")!.annotations?.openWorldHint).toBe(true);
    expect(tools.find((tool) => tool.name === "delete_field")!.annotations?.destructiveHint).toBe(true);
    expect(tools.find((tool) => tool.name === "get_document_data")!.inputSchema.properties).toHaveProperty("waitSeconds");
    // Small results advertise their schema; the whole list stays small enough for an agent's context.
    expect(tools.find((tool) => tool.name === "list_fields")!.outputSchema).toBeDefined();
    expect(tools.find((tool) => tool.name === "get_document")!.outputSchema).toBeUndefined();
    expect(JSON.stringify(tools).length).toBeLessThan(100_000);
  });
});

describe("parsers and fields", () => {
  it("create_parser creates a parser the service then finds, and passes the connection's auth info to contextFor", async () => {
    const before = w.seenAuth.length;
    const result = await call(w.adminClient, "create_parser", { name: "Supplier invoices", fields: [{ name: "Invoice number", type: "text" }] });
    expect(result.isError).toBeFalsy();
    const created = result.structuredContent as { id: string; name: string };
    expect(JSON.parse(text(result))).toEqual(created);
    const stored = await getParser(w.admin, { parserId: created.id });
    expect(stored.name).toBe("Supplier invoices");
    expect(w.seenAuth.length).toBe(before + 1);
    expect(w.seenAuth.at(-1)?.clientId).toBe("test-agent");
  });

  it("create_field adds a table field that list_fields then returns", async () => {
    const parser = await ok<{ id: string }>(w.adminClient, "create_parser", { name: "Receipts" });
    const created = await ok<{ field: { name: string }; reprocessRecommended: boolean }>(w.adminClient, "create_field", {
      parserId: parser.id,
      field: { name: "Items", type: "table", columns: [{ name: "SKU", type: "text" }, { name: "Amount", type: "number" }] },
    });
    expect(created.field.name).toBe("Items");
    expect(created.reprocessRecommended).toBe(false);
    const listed = await ok<{ data: { name: string; columns?: { name: string }[] }[] }>(w.adminClient, "list_fields", { parserId: parser.id });
    expect(listed.data.map((field) => field.name)).toEqual(["Items"]);
    expect(listed.data[0]!.columns?.map((column) => column.name)).toEqual(["SKU", "Amount"]);

    await ok(w.adminClient, "update_field", { parserId: parser.id, fieldId: "items", name: "Lines" });
    const removed = await ok<{ fields: unknown[] }>(w.adminClient, "delete_field", { parserId: parser.id, fieldId: "Lines" });
    expect(removed.fields).toEqual([]);
  });

  it("update_parser changes a settings group", async () => {
    const parser = await ok<{ id: string }>(w.adminClient, "create_parser", { name: "Contracts" });
    const updated = await ok<{ settings: { markdownParsing: { enabled: boolean } } }>(w.adminClient, "update_parser", { parserId: parser.id, markdownParsing: { enabled: true } });
    expect(updated.settings.markdownParsing.enabled).toBe(true);
    expect((await getParser(w.admin, { parserId: parser.id })).settings.markdownParsing.enabled).toBe(true);
  });

  it("another team's parser id is the API's not-found, and nothing changes", async () => {
    const parser = await makeParser(w.handle.db, w.admin.teamId, "Acme private");
    const result = await call(w.globexClient, "update_parser", { parserId: parser.id, name: "Taken over" });
    expect(result.isError).toBe(true);
    expect(text(result)).toBe("Parser not found");
    expect((await getParser(w.admin, { parserId: parser.id })).name).toBe("Acme private");

    const fields = await call(w.globexClient, "create_field", { parserId: parser.id, field: { name: "Sneaky", type: "text" } });
    expect(fields.isError).toBe(true);
    expect(text(fields)).toBe("Parser not found");
  });

  it("a reviewer cannot create a parser: the API's permission message, and no parser", async () => {
    const count = (await listParsers(w.admin)).length;
    const result = await call(w.reviewerClient, "create_parser", { name: "Not allowed" });
    expect(result.isError).toBe(true);
    expect(text(result)).toBe("This API key or role lacks the parsers.write permission.");
    expect((await listParsers(w.admin)).length).toBe(count);
  });

  it("invalid arguments are a tool error naming the field", async () => {
    const emptyName = await call(w.adminClient, "create_parser", { name: "" });
    expect(emptyName.isError).toBe(true);
    expect(text(emptyName)).toMatch(/\bname\b.*Name is required/);

    const parser = await makeParser(w.handle.db, w.admin.teamId);
    const select = await call(w.adminClient, "create_field", { parserId: parser.id, field: { name: "Kind", type: "select" } });
    expect(select.isError).toBe(true);
    expect(text(select)).toContain("field.options");

    const both = await call(w.adminClient, "upload_document_by_url", { parserId: parser.id, classifierId: randomUUID(), urls: ["https://example.com/a.pdf"] });
    expect(both.isError).toBe(true);
    expect(text(both)).toContain("parserId: Give exactly one of parserId and classifierId");
  });

  it("an unexpected failure is a generic tool error, logged without the arguments", async () => {
    // A context whose team id the database cannot even parse: the service fails in a way no caller caused.
    const broken = await w.connectAs({ ...w.admin, teamId: "not-a-uuid" });
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      const result = await call(broken, "create_parser", { name: "secret-project-name" });
      expect(result).toMatchObject({ isError: true, content: [{ type: "text", text: "Internal server error" }] });
      expect(logged).toHaveBeenCalledTimes(1);
      const [label, detail] = logged.mock.calls[0]! as [string, Error];
      expect(label).toBe("[mcp] create_parser: unhandled error");
      // The query and the database's reason are there; the bound parameters (the caller's values) are not.
      expect(detail.message).toMatch(/^Failed query: insert into "parsers"/);
      expect(String((detail.cause as Error).message)).toContain("invalid input syntax for type uuid");
      expect(`${detail.message}\n${detail.stack}`).not.toContain("secret-project-name");
    } finally {
      logged.mockRestore();
    }
  });

  it("a connection without a valid token gets the context's error", async () => {
    const anonymous = await w.connectAs(null);
    const result = await call(anonymous, "list_parsers", {});
    expect(result.isError).toBe(true);
    expect(text(result)).toContain("access token is missing or expired");
  });
});
