import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { effectivePermissions } from "@/lib/auth/permissions";
import { migrateDatabase, openMemoryDatabase, type DatabaseHandle } from "@/lib/db/client";
import { auditLog, users } from "@/lib/db/schema";
import type { ServiceContext } from "../context";
import { createTeam } from "../teams";
import { createParser, listParsers } from "./index";

let handle: DatabaseHandle;
let acme: ServiceContext;
let globex: ServiceContext;

async function contextFor(name: string, role: "admin" | "reviewer" = "admin"): Promise<ServiceContext> {
  const team = await createTeam(handle.db, { name, region: "us" });
  const [user] = await handle.db.insert(users).values({ email: `${name}-${role}@example.test`, name, passwordHash: "x" }).returning();
  return { db: handle.db, teamId: team.id, region: "us", actor: { userId: user!.id, apiKeyId: null, via: "system" }, role, permissions: effectivePermissions(role) };
}

beforeAll(async () => {
  handle = await openMemoryDatabase();
  await migrateDatabase(handle);
  acme = await contextFor("acme");
  globex = await contextFor("globex");
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
    const reviewer = { ...acme, role: "reviewer" as const, permissions: effectivePermissions("reviewer") };
    await expect(createParser(reviewer, { name: "Nope" })).rejects.toMatchObject({ status: 403 });
  });
});
