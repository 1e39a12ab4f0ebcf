import { describe, expect, it } from "vitest";
import { makeParser } from "@/lib/db/factories";
import { createField } from "@/lib/services/fields";
import { addDocument, mcpWorld } from "@/tests/support/mcp-harness";

/** The MCP resources: a parser's schema, and a document as Markdown (its own, or its data rendered). */
const w = mcpWorld();

describe("resources", () => {
  it("a parser's schema and a document as markdown (its data rendered when it has no markdown)", async () => {
    const parser = await makeParser(w.handle.db, w.admin.teamId);
    await createField(w.admin, { parserId: parser.id, input: { name: "Vendor", type: "text" } });
    await createField(w.admin, { parserId: parser.id, input: { name: "Items", type: "table", columns: [{ name: "SKU", type: "text" }] } });
    const schema = await w.adminClient.readResource({ uri: `quarry://parsers/${parser.id}/schema` });
    const content = schema.contents[0] as { text: string };
    expect((JSON.parse(content.text) as { fields: { name: string }[] }).fields.map((field) => field.name)).toEqual(["Vendor", "Items"]);

    const document = await addDocument(w, w.admin, parser.id, { name: "inv.pdf", data: { Vendor: "ACME | Co", Items: [{ SKU: "A-1" }] } });
    const markdown = await w.adminClient.readResource({ uri: `quarry://documents/${document.id}/markdown` });
    const rendered = (markdown.contents[0] as { text: string }).text;
    expect(rendered).toContain("# inv.pdf");
    expect(rendered).toContain("- **Vendor**: ACME \\| Co");
    expect(rendered).toContain("| A-1 |");

    const withMarkdown = await addDocument(w, w.admin, parser.id, { markdown: "# Invoice\n\nText of the page" });
    const own = await w.adminClient.readResource({ uri: `quarry://documents/${withMarkdown.id}/markdown` });
    expect((own.contents[0] as { text: string }).text).toBe("# Invoice\n\nText of the page");

    await expect(w.globexClient.readResource({ uri: `quarry://documents/${document.id}/markdown` })).rejects.toThrow(/Document not found/);
    await expect(w.adminClient.readResource({ uri: "quarry://parsers/not-a-uuid/schema" })).rejects.toThrow(/Parser not found/);
  });
});
