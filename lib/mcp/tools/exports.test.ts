import { describe, expect, it } from "vitest";
import { CONSOLE_TOKEN_PREFIX, mintConsoleToken } from "@/lib/secrets/console-token";
import { makeParser } from "@/lib/db/factories";
import { createField } from "@/lib/services/fields";
import { addDocument, call, mcpWorld, ok, text } from "@/tests/support/mcp-harness";
import { exportDownloadResponse } from "../export-download";
import { verifyExportDownloadToken } from "../export-link";

/** export_documents over MCP: JSON inline and bounded; files by a signed, short-lived link, and the download behind it. */
const w = mcpWorld();

describe("exports", () => {
  it("json comes inline and says when it was cut short", async () => {
    const parser = await makeParser(w.handle.db, w.admin.teamId);
    await createField(w.admin, { parserId: parser.id, input: { name: "Total", type: "number" } });
    await addDocument(w, w.admin, parser.id, { name: "a.pdf", data: { Total: 1 } });
    await addDocument(w, w.admin, parser.id, { name: "b.pdf", data: { Total: 2 } });
    const all = await ok<{ total: number; returned: number; truncated: boolean; export: { documents: { name: string; data: { Total: number } }[] } }>(
      w.adminClient,
      "export_documents",
      { parserId: parser.id, format: "json", sort: "name.asc" },
    );
    expect(all).toMatchObject({ total: 2, returned: 2, truncated: false });
    expect(all.export.documents.map((document) => [document.name, document.data.Total])).toEqual([
      ["a.pdf", 1],
      ["b.pdf", 2],
    ]);
    const cut = await ok<{ total: number; returned: number; truncated: boolean }>(w.adminClient, "export_documents", { parserId: parser.id, format: "json", limit: 1 });
    expect(cut).toMatchObject({ total: 2, returned: 1, truncated: true });
  });

  it("csv answers with a short-lived link whose token verifies to the request", async () => {
    const parser = await makeParser(w.handle.db, w.admin.teamId);
    const answer = await ok<{ url: string; expiresAt: string }>(w.adminClient, "export_documents", { parserId: parser.id, format: "csv", status: "processed" });
    expect(answer.url.startsWith("https://quarry.test/api/mcp-exports/")).toBe(true);
    const minutes = (Date.parse(answer.expiresAt) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(9);
    expect(minutes).toBeLessThanOrEqual(10);
    const token = answer.url.split("/").at(-1)!;
    const grant = await verifyExportDownloadToken(token);
    expect(grant).toMatchObject({ teamId: w.admin.teamId, userId: w.admin.actor.userId, parserId: parser.id, request: { format: "csv", status: "processed" } });
    // Another team in the payload breaks the signature; a console token (same secret, other purpose) is refused too.
    const [header, payload, signature] = token.split(".");
    const claims = JSON.parse(Buffer.from(payload!, "base64url").toString()) as Record<string, unknown>;
    const forged = Buffer.from(JSON.stringify({ ...claims, team: w.globex.teamId })).toString("base64url");
    expect(await verifyExportDownloadToken(`${header}.${forged}.${signature}`)).toBeNull();
    expect(await verifyExportDownloadToken((await mintConsoleToken({ userId: w.admin.actor.userId, teamId: w.admin.teamId, sessionKey: "a-session-key" })).token.slice(CONSOLE_TOKEN_PREFIX.length))).toBeNull();

    const foreign = await call(w.globexClient, "export_documents", { parserId: parser.id, format: "csv" });
    expect(foreign.isError).toBe(true);
    expect(text(foreign)).toBe("Parser not found");
  });
});

describe("export download links", () => {
  it("stream the file for a current member, and a bad link is a 404 in the API's error body", async () => {
    const parser = await makeParser(w.handle.db, w.admin.teamId);
    await createField(w.admin, { parserId: parser.id, input: { name: "Total", type: "number" } });
    await addDocument(w, w.admin, parser.id, { name: "linked.pdf", data: { Total: 7 } });
    const answer = await ok<{ url: string }>(w.adminClient, "export_documents", { parserId: parser.id, format: "csv" });
    const response = await exportDownloadResponse(w.handle.db, answer.url.split("/").at(-1)!);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/csv");
    const csv = await response.text();
    expect(csv).toContain("linked.pdf");
    expect(csv).toContain("Total");

    const bad = await exportDownloadResponse(w.handle.db, "not-a-token");
    expect(bad.status).toBe(404);
    expect(await bad.json()).toMatchObject({ error: true, message: expect.stringContaining("invalid or has expired") });
  });
});
