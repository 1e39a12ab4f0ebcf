import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { textPdf } from "@/tests/support/fixture-files";
import { call, mcpWorld, ok, text } from "@/tests/support/mcp-harness";
import { decodeBase64 } from "./uploads";

/** URL import to parsers and classifiers over MCP, and the classifier tools: through the SSRF-safe fetch, with the jobs it starts. */
const w = mcpWorld();

describe("uploads and classifiers", () => {
  it("upload_document_by_url stores the file through the safe fetch and starts its extraction", async () => {
    const parser = await ok<{ id: string }>(w.adminClient, "create_parser", { name: "From URLs" });
    const answer = await ok<{ success: boolean; result: { documentId: string; status: string; name: string; externalId: string | null }[] }>(
      w.adminClient,
      "upload_document_by_url",
      { parserId: parser.id, urls: [`${w.fixtures.baseUrl}/invoice.pdf`], externalIds: ["po-7"] },
    );
    expect(answer.success).toBe(true);
    expect(answer.result).toEqual([expect.objectContaining({ name: "invoice.pdf", status: "processing", externalId: "po-7" })]);
    const documentId = answer.result[0]!.documentId;
    expect(w.sentJobs.at(-1)?.data).toEqual({ documentId });
    const view = await ok<{ metadata: { status: string } }>(w.adminClient, "get_document_data", { parserId: parser.id, externalId: "po-7", waitSeconds: 0 });
    expect(view.metadata.status).toBe("processing");
  });

  it("a URL that redirects to a private address is refused and nothing is queued", async () => {
    const parser = await ok<{ id: string }>(w.adminClient, "create_parser", { name: "Guarded" });
    const jobs = w.sentJobs.length;
    const result = await call(w.adminClient, "upload_document_by_url", { parserId: parser.id, urls: [`${w.fixtures.baseUrl}/to-metadata`] });
    expect(result.isError).toBe(true);
    expect(text(result)).toMatch(/^Could not download urls\[0\]/);
    expect(w.sentJobs.length).toBe(jobs);
  });

  it("create_classifier and update_classifier manage routing rules; uploads to it start classification", async () => {
    const invoices = await ok<{ id: string }>(w.adminClient, "create_parser", { name: "Routed invoices" });
    const receipts = await ok<{ id: string }>(w.adminClient, "create_parser", { name: "Routed receipts" });
    const created = await ok<{ id: string; settings: { routing: { rules: { id: string; label: string }[] } } }>(w.adminClient, "create_classifier", {
      name: "Inbox",
      routing: { rules: [{ label: "Invoice", targetParserId: invoices.id }] },
    });
    const [rule] = created.settings.routing.rules;
    const updated = await ok<{ settings: { routing: { rules: { id: string; label: string }[]; fallback: { action: string } } } }>(w.adminClient, "update_classifier", {
      classifierId: created.id,
      routing: { rules: [rule, { label: "Receipt", targetParserId: receipts.id }], fallback: { action: "route", targetParserId: invoices.id } },
    });
    expect(updated.settings.routing.rules.map((each) => each.label)).toEqual(["Invoice", "Receipt"]);
    expect(updated.settings.routing.rules[0]!.id).toBe(rule!.id);
    expect(updated.settings.routing.fallback.action).toBe("route");
    const listed = await ok<{ data: { id: string }[] }>(w.adminClient, "list_classifiers", {});
    expect(listed.data.map((classifier) => classifier.id)).toContain(created.id);

    const foreignTarget = await call(w.globexClient, "create_classifier", { name: "Theirs", routing: { rules: [{ label: "Invoice", targetParserId: invoices.id }] } });
    expect(foreignTarget.isError).toBe(true);
    expect(text(foreignTarget)).toBe(`Invalid routing: routing.rules.0.targetParserId: ${invoices.id} is not an active document parser of this team`);

    const upload = await ok<{ result: { documentId: string }[] }>(w.adminClient, "upload_document_by_url", { classifierId: created.id, urls: [`${w.fixtures.baseUrl}/download`] });
    expect(w.sentJobs.at(-1)?.data).toEqual({ documentId: upload.result[0]!.documentId });
    const folderless = await call(w.adminClient, "upload_document_by_url", { classifierId: created.id, folderId: randomUUID(), urls: [`${w.fixtures.baseUrl}/invoice.pdf`] });
    expect(text(folderless)).toContain("folderId: A classifier has no folders");
  });

  it("upload_document takes a file's bytes in base64 into a parser, with the REST upload's type and folder rules", async () => {
    const parser = await ok<{ id: string }>(w.adminClient, "create_parser", { name: "From an agent's disk" });
    const pdf = Buffer.from(await textPdf(["Invoice Number: INV-B64-1"])).toString("base64");
    const answer = await ok<{ success: boolean; result: { documentId: string; name: string; status: string; externalId: string | null; custom: Record<string, unknown> }[] }>(
      w.adminClient,
      "upload_document",
      { parserId: parser.id, fileName: "local.pdf", mimeType: "application/pdf", contentBase64: pdf, externalId: "disk-1", custom: { from: "agent" } },
    );
    expect(answer.result).toEqual([expect.objectContaining({ name: "local.pdf", status: "processing", externalId: "disk-1", custom: { from: "agent" } })]);
    expect(w.sentJobs.at(-1)?.data).toEqual({ documentId: answer.result[0]!.documentId });

    const jobs = w.sentJobs.length;
    const plain = await call(w.adminClient, "upload_document", { parserId: parser.id, fileName: "note.txt", mimeType: "text/plain", contentBase64: Buffer.from("hello").toString("base64") });
    expect(plain.isError).toBe(true);
    expect(text(plain)).toMatch(/note\.txt is a file of a kind this parser does not accept \(Plain text\)\. This parser accepts: PDF/);
    const broken = await call(w.adminClient, "upload_document", { parserId: parser.id, fileName: "x.pdf", contentBase64: "not base64!" });
    expect(text(broken)).toMatch(/contentBase64: not valid base64/);
    const empty = await call(w.adminClient, "upload_document", { parserId: parser.id, fileName: "x.pdf", contentBase64: "" });
    expect(text(empty)).toMatch(/x\.pdf is empty/);
    const unknownFolder = await call(w.adminClient, "upload_document", { parserId: parser.id, fileName: "x.pdf", contentBase64: pdf, folderId: randomUUID() });
    expect(text(unknownFolder)).toMatch(/folderId/);
    const both = await call(w.adminClient, "upload_document", { fileName: "x.pdf", contentBase64: pdf });
    expect(text(both)).toContain("Give exactly one of parserId and classifierId");
    const theirs = await call(w.globexClient, "upload_document", { parserId: parser.id, fileName: "x.pdf", contentBase64: pdf });
    expect(text(theirs)).toMatch(/not found/i);
    expect(w.sentJobs.length).toBe(jobs);
  });

  it("upload_document sends a file to a classifier, and refuses a reviewer without documents.write", async () => {
    const target = await ok<{ id: string }>(w.adminClient, "create_parser", { name: "Classified from disk" });
    const classifier = await ok<{ id: string }>(w.adminClient, "create_classifier", { name: "Disk inbox", routing: { rules: [{ label: "Invoice", targetParserId: target.id }] } });
    const pdf = Buffer.from(await textPdf(["INVOICE", "Total: 5.00 EUR"])).toString("base64");
    const answer = await ok<{ result: { documentId: string }[] }>(w.adminClient, "upload_document", { classifierId: classifier.id, fileName: "scan.pdf", contentBase64: pdf });
    expect(w.sentJobs.at(-1)?.data).toEqual({ documentId: answer.result[0]!.documentId });
    const reviewer = await call(w.reviewerClient, "upload_document", { parserId: target.id, fileName: "scan.pdf", contentBase64: pdf });
    expect(reviewer.isError).toBe(true);
  });

  it("decodes strict base64 only, whitespace aside", () => {
    expect(Buffer.from(decodeBase64("aGVs\nbG8=")).toString()).toBe("hello");
    expect(() => decodeBase64("aGVsbG8")).toThrow(/not valid base64/);
    expect(() => decodeBase64("aGVs*G8=")).toThrow(/not valid base64/);
  });
});
