import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "@/lib/db/client";
import { createTestDatabase, makeMember, makeTeam, type TestActor } from "@/lib/db/factories";
import { auditLog } from "@/lib/db/schema";
import { createParser, listParsers } from "./index";

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

  it("refuses a role without the permission", async () => {
    const reviewer = await makeMember(handle.db, acme.teamId, "reviewer");
    await expect(createParser(reviewer, { name: "Nope" })).rejects.toMatchObject({ status: 403 });
  });
});
