import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_PARSER_SETTINGS } from "@/lib/contracts/parser-settings";
import type { DatabaseHandle } from "@/lib/db/client";
import { createTestDatabase, makeMember, makeParser, makeReviewStage, makeTeam, type TestActor } from "@/lib/db/factories";
import { auditLog, classifiers, documents, type DocumentStatus } from "@/lib/db/schema";
import { createParser, getParser } from "../parsers";
import { createField, deleteField, listFields, reorderFields, updateField } from "./index";

let handle: DatabaseHandle;
let admin: TestActor;
let globex: TestActor;

beforeAll(async () => {
  handle = await createTestDatabase();
  admin = await makeMember(handle.db, (await makeTeam(handle.db, "Acme")).id, "admin");
  globex = await makeMember(handle.db, (await makeTeam(handle.db, "Globex")).id, "admin");
});
afterAll(() => handle.close());

async function addDocument(parserId: string, status: DocumentStatus) {
  await handle.db.insert(documents).values({ teamId: admin.teamId, parserId, name: `doc-${randomUUID()}.pdf`, status, source: "api", contentType: "application/pdf" });
}

async function parserWith(status?: DocumentStatus) {
  const parser = await createParser(admin, { name: "Invoices", fields: [{ name: "total", type: "number" }, { name: "date", type: "date" }] });
  if (status) await addDocument(parser.id, status);
  return parser;
}

describe("reprocessRecommended", () => {
  it.each(["processed", "in_review", "approved", "rejected"] as const)("is true after a data-changing edit when a document is %s", async (status) => {
    const parser = await parserWith(status);
    expect((await createField(admin, { parserId: parser.id, input: { name: "vendor", type: "text" } })).reprocessRecommended).toBe(true);
    expect((await updateField(admin, { parserId: parser.id, fieldId: "vendor", input: { instructions: "top left" } })).reprocessRecommended).toBe(true);
    expect((await updateField(admin, { parserId: parser.id, fieldId: "vendor", input: { name: "supplier" } })).reprocessRecommended).toBe(true);
    expect((await deleteField(admin, { parserId: parser.id, fieldId: "supplier" })).reprocessRecommended).toBe(true);
  });

  it("is false for changes that leave extracted data alone: required, order", async () => {
    const parser = await parserWith("processed");
    expect((await updateField(admin, { parserId: parser.id, fieldId: "total", input: { required: true } })).reprocessRecommended).toBe(false);
    const fields = await listFields(admin, parser.id);
    expect((await reorderFields(admin, { parserId: parser.id, fieldIds: fields.map((field) => field.id).reverse() })).reprocessRecommended).toBe(false);
  });

  it.each(["uploading", "queued", "processing", "failed", "skipped"] as const)("is false when the only document is %s", async (status) => {
    const parser = await parserWith(status);
    expect((await createField(admin, { parserId: parser.id, input: { name: "vendor", type: "text" } })).reprocessRecommended).toBe(false);
  });

  it("ignores deleted documents", async () => {
    const parser = await parserWith("processed");
    await handle.db.update(documents).set({ deletedAt: new Date() }).where(eq(documents.parserId, parser.id));
    expect((await createField(admin, { parserId: parser.id, input: { name: "vendor", type: "text" } })).reprocessRecommended).toBe(false);
  });
});

describe("fields: audit, tenancy, classifiers", () => {
  it("writes an audit row with each change", async () => {
    const parser = await parserWith();
    const { field } = await createField(admin, { parserId: parser.id, input: { name: "vendor", type: "text" } });
    await updateField(admin, { parserId: parser.id, fieldId: field.id, input: { name: "supplier" } });
    await deleteField(admin, { parserId: parser.id, fieldId: field.id });
    const actions = (await handle.db.select().from(auditLog).where(eq(auditLog.resourceId, field.id))).map((row) => row.action);
    expect(actions).toEqual(expect.arrayContaining(["field.create", "field.update", "field.delete"]));
  });

  it("answers another team's parser with not found, never forbidden", async () => {
    const parser = await parserWith();
    await expect(listFields(globex, parser.id)).rejects.toMatchObject({ status: 404, message: "Parser not found" });
    await expect(createField(globex, { parserId: parser.id, input: { name: "x", type: "text" } })).rejects.toMatchObject({ status: 404 });
    await expect(deleteField(globex, { parserId: parser.id, fieldId: "total" })).rejects.toMatchObject({ status: 404 });
    expect((await listFields(admin, parser.id)).map((field) => field.name)).toEqual(["total", "date"]);
  });

  it("tells a caller who passes a classifier id that it is a classifier", async () => {
    const [classifier] = await handle.db
      .insert(classifiers)
      .values({
        teamId: admin.teamId,
        name: "Inbox",
        slug: `inbox-${randomUUID()}`,
        emailAddress: `${randomUUID()}@inbound.localhost`,
        settings: { routing: { rules: [], fallback: { action: "skip" } } },
      })
      .returning();
    await expect(getParser(admin, { parserId: classifier!.id })).rejects.toMatchObject({
      status: 404,
      message: expect.stringContaining("is a classifier, not a parser"),
      extra: { notFound: [{ type: "parserId", value: classifier!.id }] },
    });
    await expect(listFields(admin, classifier!.id)).rejects.toMatchObject({ message: expect.stringContaining("classifier") });
    // Another team asking for the same id learns nothing.
    await expect(getParser(globex, { parserId: classifier!.id })).rejects.toMatchObject({ status: 404, message: "Parser not found" });
  });

  it("refuses a reviewer's changes but lets them read a parser they review; another parser is not found", async () => {
    const parser = await parserWith();
    const reviewer = await makeMember(handle.db, admin.teamId, "reviewer");
    await expect(createField(reviewer, { parserId: parser.id, input: { name: "x", type: "text" } })).rejects.toMatchObject({ status: 403 });
    await expect(reorderFields(reviewer, { parserId: parser.id, fieldIds: [] })).rejects.toMatchObject({ status: 403 });
    await expect(listFields(reviewer, parser.id)).rejects.toMatchObject({ status: 404 });
    await makeReviewStage(handle.db, parser.id, reviewer.actor.userId);
    await expect(listFields(reviewer, parser.id)).resolves.toHaveLength(2);
  });

  it("works on a parser created by the factory with the default settings", async () => {
    const parser = await makeParser(handle.db, admin.teamId);
    expect(parser.settings.dataExtractionMode).toBe(DEFAULT_PARSER_SETTINGS.dataExtractionMode);
    const { fields } = await createField(admin, { parserId: parser.id, input: { name: "a", type: "table", columns: [{ name: "b", type: "text" }] } });
    expect(fields[0]!.columns![0]!.name).toBe("b");
  });
});
