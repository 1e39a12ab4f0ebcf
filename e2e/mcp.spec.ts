import type { Client } from "@modelcontextprotocol/client";
import { expect, test } from "./support/test";
import { connectAgent } from "../tests/support/mcp-oauth";
import { textPdf } from "../tests/support/fixture-files";
import { TEAM, teamPerson } from "./support/accounts";
import { signIn } from "./support/sign-in";

/**
 * An AI agent connects to Quarry's MCP server the way a real one does: the official MCP TypeScript client
 * registers itself, sends the user to authorize with PKCE, and the admin signs in, picks the team and allows it
 * in the browser. The agent then lists tools, creates a parser and reads a document's data; the admin finds it
 * under Settings → Connections and revokes it, and the agent's next call is refused. The document it reads is the
 * spec's own, uploaded through the API beforehand.
 */
test.describe.configure({ mode: "serial" });

const ADMIN = teamPerson({ name: "Alan Kay", role: "admin" });
const parserName = "Invoices the agent reads";
test.use({ people: [ADMIN] });

test.beforeAll(async ({ crew }) => {
  test.setTimeout(120_000);
  const api = crew.apiAs(ADMIN);
  const parser = await api.call<{ id: string }>("POST", "/parsers", { name: parserName, fields: [{ name: "invoiceNumber", type: "text", description: "Invoice number" }] });
  const buffer = Buffer.from(await textPdf(["Initech Supplies", "Invoice Number: INV-MCP-1", "Invoice Date: 2024-06-01", "Total: 42.00 EUR"]));
  await api.uploadAndWait({ parserId: parser.id, file: { name: "INV-MCP-1.pdf", mimeType: "application/pdf", buffer }, status: "processed" });
});

type ToolResult = { isError?: boolean; content: { text?: string }[]; structuredContent?: Record<string, unknown> };

let agent: Client;

test("an admin connects an agent: sign in, pick the team, allow", async ({ page, baseURL }) => {
  const callback = "http://127.0.0.1:9/callback";
  const { client } = await connectAgent(baseURL!, async (authorizationUrl) => {
    // The agent's redirect URI: catch the browser arriving there with the code instead of leaving the page.
    const arrived = new Promise<URL>((resolve) => {
      void page.route(`${callback}**`, async (route) => {
        resolve(new URL(route.request().url()));
        await route.fulfill({ status: 200, contentType: "text/plain", body: "You can close this window." });
      });
    });
    await page.goto(authorizationUrl.toString());
    await expect(page).toHaveURL(/\/sign-in\?from=/);
    await page.getByLabel("E-mail").fill(ADMIN.email);
    await page.getByLabel("Password").fill(ADMIN.password);
    await page.getByRole("button", { name: "Sign in" }).click();

    await expect(page.getByRole("heading", { name: "Connect Test agent?" })).toBeVisible();
    const teams = page.getByRole("group", { name: "Team the agent works in" });
    await teams.getByRole("radio", { name: new RegExp(TEAM) }).check();
    await page.getByRole("button", { name: "Allow access" }).click();
    return (await arrived).searchParams;
  });
  agent = client;

  const { tools } = await agent.listTools();
  expect(tools.map((tool) => tool.name)).toEqual(expect.arrayContaining(["list_parsers", "create_parser", "get_document_data", "approve_document"]));
});

test("the agent creates a parser and reads a document's data", async ({ page }) => {
  const created = (await agent.callTool({ name: "create_parser", arguments: { name: "Agent-made receipts" } })) as ToolResult;
  expect(created.isError).toBeFalsy();

  const parsers = (await agent.callTool({ name: "list_parsers", arguments: {} })) as ToolResult;
  const list = (parsers.structuredContent?.data ?? []) as { id: string; name: string }[];
  const invoices = list.find((parser) => parser.name === parserName);
  expect(invoices, "the spec's parser").toBeDefined();
  const documents = (await agent.callTool({ name: "list_documents", arguments: { parserId: invoices!.id } })) as ToolResult;
  const first = ((documents.structuredContent?.data ?? []) as { id: string }[])[0];
  expect(first, "the spec's document").toBeDefined();
  const data = (await agent.callTool({ name: "get_document_data", arguments: { parserId: invoices!.id, documentId: first!.id, waitSeconds: 0 } })) as ToolResult;
  expect(data.isError).toBeFalsy();
  expect(data.structuredContent).toMatchObject({ metadata: { id: first!.id } });

  // What the agent made is in the console like anything else.
  await signIn(page, ADMIN.email, ADMIN.password);
  await expect(page.getByRole("heading", { name: /Welcome/ })).toBeVisible();
  await page.goto("/parsers");
  await expect(page.getByRole("link", { name: "Agent-made receipts", exact: true })).toBeVisible();
});

test("the admin revokes the connection and the agent is refused at once", async ({ page }) => {
  await signIn(page, ADMIN.email, ADMIN.password);
  await expect(page.getByRole("heading", { name: /Welcome/ })).toBeVisible();
  await page.getByRole("link", { name: "Connections" }).click();
  await expect(page.getByRole("heading", { name: "Connections", exact: true })).toBeVisible();
  await expect(page.getByLabel("MCP server URL", { exact: true })).toContainText("/mcp");
  const row = page.getByRole("row", { name: /Test agent/ });
  await expect(row).toContainText(TEAM);
  await row.getByRole("button", { name: "Revoke Test agent" }).click();
  await page.getByRole("alertdialog", { name: "Revoke “Test agent”?" }).getByRole("button", { name: "Revoke connection" }).click();
  await expect(page.getByText("No connected agents")).toBeVisible();

  await expect(agent.listTools()).rejects.toThrow();
});
