import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "@/lib/db/client";
import { createTestDatabase, makeMember, makeTeam, type TestActor } from "@/lib/db/factories";
import { eq } from "drizzle-orm";
import { auditLog, documents, reviewStages } from "@/lib/db/schema";
import { createParser, deleteParser, duplicateParser, getParser, listParsers, updateParser } from "./index";

let handle: DatabaseHandle;
let acme: TestActor;
let globex: TestActor;

beforeAll(async () => {
  handle = await createTestDatabase();
  acme = await makeMember(handle.db, (await makeTeam(handle.db, "Acme")).id, "admin");
  globex = await makeMember(handle.db, (await makeTeam(handle.db, "Globex")).id, "admin");
});
afterAll(() => handle.close());

describe("parsers", () => {
  it("creates a parser with default settings and an audit row", async () => {
    const parser = await createParser(acme, { name: "Invoices", acceptedFileTypes: ["application/pdf", "image/png"] });
    expect(parser).toMatchObject({ name: "Invoices", type: "document", isActive: true, counts: { totalDocuments: 0, folders: 0 } });
    expect(parser.acceptedFileTypes).toEqual([
      { mimeType: "application/pdf", label: "PDF" },
      { mimeType: "image/png", label: "PNG image" },
    ]);
    expect(parser.settings.dataExtractionMode).toBe("balanced");
    const audits = await handle.db.select().from(auditLog);
    expect(audits.some((row) => row.resourceId === parser.id && row.action === "parser.create")).toBe(true);
  });

  it("lists only the caller's team's parsers", async () => {
    await createParser(globex, { name: "Receipts" });
    expect((await listParsers(acme)).map((parser) => parser.name)).toEqual(["Invoices"]);
    expect((await listParsers(globex)).map((parser) => parser.name)).toEqual(["Receipts"]);
  });

  it("binds each reviewer to the list's prepared statement: two reviewers see their own parsers and counts", async () => {
    const team = (await makeTeam(handle.db, "Initech")).id;
    const admin = await makeMember(handle.db, team, "admin");
    const [ann, bob] = [await makeMember(handle.db, team, "reviewer"), await makeMember(handle.db, team, "reviewer")];
    const [first, second] = [await createParser(admin, { name: "First" }), await createParser(admin, { name: "Second" })];
    await handle.db.insert(reviewStages).values({ parserId: first.id, name: "Check", position: 1, reviewerId: ann.actor.userId });
    const doc = { teamId: team, name: "c.pdf", status: "processed" as const, source: "api" as const, contentType: "application/pdf" };
    await handle.db.insert(documents).values([{ ...doc, parserId: first.id }, { ...doc, parserId: second.id }, { ...doc, parserId: second.id, assigneeId: bob.actor.userId }]);
    const listed = async (actor: TestActor) => (await listParsers(actor)).map((row) => [row.name, row.counts.totalDocuments]);
    expect(await listed(ann)).toEqual([["First", 1]]);
    expect(await listed(bob)).toEqual([["Second", 1]]);
    expect(await listed(admin)).toEqual([["First", 1], ["Second", 2]]);
  });

  it("refuses a role without the permission", async () => {
    const reviewer = await makeMember(handle.db, acme.teamId, "reviewer");
    await expect(createParser(reviewer, { name: "Nope" })).rejects.toMatchObject({ status: 403 });
  });
});

describe("duplicate, archive and delete", () => {
  it("copies setup (fields, review stages) but never documents", async () => {
    const source = await createParser(acme, { name: "Source", fields: [{ name: "total", type: "number" }] });
    await handle.db.insert(documents).values({ teamId: acme.teamId, parserId: source.id, name: "a.pdf", status: "processed", source: "api", contentType: "application/pdf" });
    await handle.db.insert(reviewStages).values({ parserId: source.id, name: "Check", position: 1, reviewerId: acme.actor.userId });
    const copy = await duplicateParser(acme, { parserId: source.id, input: {} });
    expect(copy).toMatchObject({ name: "Source (copy)", counts: { totalDocuments: 0, folders: 0 } });
    expect(await handle.db.select().from(documents).where(eq(documents.parserId, copy.id))).toEqual([]);
    expect((await handle.db.select().from(reviewStages).where(eq(reviewStages.parserId, copy.id))).map((stage) => stage.name)).toEqual(["Check"]);
    expect((await getParser(acme, { parserId: source.id })).counts.totalDocuments).toBe(1);
  });

  it("keeps an archived or deleted parser's documents", async () => {
    const parser = await createParser(acme, { name: "Kept" });
    await handle.db.insert(documents).values({ teamId: acme.teamId, parserId: parser.id, name: "b.pdf", status: "processed", source: "api", contentType: "application/pdf" });
    await updateParser(acme, { parserId: parser.id, input: { isActive: false } });
    expect((await listParsers(acme)).map((row) => row.id)).not.toContain(parser.id);
    expect((await listParsers(acme, { includeArchived: true })).find((row) => row.id === parser.id)).toMatchObject({ isActive: false, counts: { totalDocuments: 1 } });
    expect((await getParser(acme, { parserId: parser.id, includeArchived: true })).counts.totalDocuments).toBe(1);
    await deleteParser(acme, parser.id);
    await expect(getParser(acme, { parserId: parser.id, includeArchived: true })).rejects.toMatchObject({ status: 404 });
    expect(await handle.db.select().from(documents).where(eq(documents.parserId, parser.id))).toHaveLength(1);
    const actions = (await handle.db.select().from(auditLog).where(eq(auditLog.resourceId, parser.id))).map((row) => row.action);
    expect(actions).toEqual(expect.arrayContaining(["parser.create", "parser.archive", "parser.delete"]));
  });

  it("answers another team's parser with not found on every verb", async () => {
    const parser = await createParser(acme, { name: "Private" });
    await expect(getParser(globex, { parserId: parser.id })).rejects.toMatchObject({ status: 404 });
    await expect(updateParser(globex, { parserId: parser.id, input: { name: "x" } })).rejects.toMatchObject({ status: 404 });
    await expect(duplicateParser(globex, { parserId: parser.id, input: {} })).rejects.toMatchObject({ status: 404 });
    await expect(deleteParser(globex, parser.id)).rejects.toMatchObject({ status: 404 });
    expect((await getParser(acme, { parserId: parser.id })).name).toBe("Private");
  });
});
