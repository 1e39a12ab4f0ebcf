import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { createExportDownloadLink } from "@/lib/mcp/export-link";
import { baseUrl, call, quarry, seedMember, seedTeam } from "../support/http";
import { keysPerTest, makeParser } from "../support/parsers";

/**
 * GET /api/mcp-exports/{token} on the real server: the download behind the export_documents tool's links. Links
 * are minted here with the server's own AUTH_SECRET, as the tool mints them, and the route re-checks the user.
 */
const { acme } = keysPerTest();
type ErrorAnswer = { error: true; message: string };

beforeAll(() => {
  process.env.AUTH_SECRET = fs.readFileSync(path.join(quarry().dataDir, "auth-secret"), "utf8").trim();
});

async function linkPath(input: { teamId: string; userId: string; parserId: string }) {
  const { url } = await createExportDownloadLink({ ...input, request: { format: "csv", includeSources: false, sort: "createdAt.desc" } });
  return new URL(url).pathname;
}

describe("MCP export links", () => {
  it("stream the export to a current member with the export permission", async () => {
    const parser = await makeParser(acme(), { fields: [{ name: "total", type: "number" }] });
    const link = await linkPath({ teamId: seedTeam("Acme").id, userId: seedMember("Acme", "admin").id, parserId: parser.id });
    expect(link).toMatch(/^\/api\/mcp-exports\/[\w-]+\.[\w-]+\.[\w-]+$/);
    const response = await fetch(`${baseUrl()}${link}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/csv");
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename=".+\.csv"$/);
    expect(await response.text()).toContain("document.id");
  });

  it("answer 403 when the user's role cannot export, 404 for another team's parser and for a bad link", async () => {
    const parser = await makeParser(acme());
    const reviewer = await call<ErrorAnswer>(await linkPath({ teamId: seedTeam("Acme").id, userId: seedMember("Acme", "reviewer").id, parserId: parser.id }));
    expect(reviewer).toMatchObject({ status: 403, body: { error: true, message: "This API key or role lacks the exports.read permission." } });

    const foreign = await call<ErrorAnswer>(await linkPath({ teamId: seedTeam("Globex").id, userId: seedMember("Globex", "admin").id, parserId: parser.id }));
    expect(foreign).toMatchObject({ status: 404, body: { error: true, message: "Parser not found" } });

    // A member of Globex presenting a link that names Acme: not a member there, so the link is worthless.
    const outsider = await call<ErrorAnswer>(await linkPath({ teamId: seedTeam("Acme").id, userId: seedMember("Globex", "admin").id, parserId: parser.id }));
    expect(outsider.status).toBe(404);

    const bad = await call<ErrorAnswer>("/api/mcp-exports/not-a-token");
    expect(bad).toMatchObject({ status: 404, body: { error: true, message: expect.stringContaining("invalid or has expired") } });
  });
});
