import fs from "node:fs";
import { expect, test, type Page } from "./support/test";
import { textPdf } from "../tests/support/fixture-files";
import { teamPerson } from "./support/accounts";

/**
 * Export from the documents list: the current search as CSV, then one selected document as XLSX. A member does it,
 * on two invoices (INV-E2E-0001 and INV-E2E-0002) that the spec uploads through the API into a parser of its own.
 */
test.describe.configure({ mode: "serial" });

const member = teamPerson({ name: "Ken Thompson", role: "member" });
const parserName = "Invoices to export";
test.use({ people: [member], signedInAs: member });

test.beforeAll(async ({ crew }) => {
  test.setTimeout(180_000);
  const api = crew.apiAs(member);
  const parser = await api.call<{ id: string }>("POST", "/parsers", { name: parserName, fields: [{ name: "invoiceNumber", type: "text", description: "Invoice number" }] });
  for (const number of ["INV-E2E-0001", "INV-E2E-0002"]) {
    const buffer = Buffer.from(await textPdf(["Initech Supplies", `Invoice Number: ${number}`, "Invoice Date: 2024-06-01", "Total: 42.00 EUR"]));
    await api.uploadAndWait({ parserId: parser.id, file: { name: `${number}.pdf`, mimeType: "application/pdf", buffer }, status: "processed" });
  }
});

async function openDocuments(page: Page) {
  await page.goto("/parsers");
  await page.getByRole("link", { name: parserName, exact: true }).click();
  await expect(page.getByRole("heading", { name: "All documents" })).toBeVisible();
}

const rows = (page: Page) => page.getByRole("table", { name: "Documents" }).getByRole("row").filter({ has: page.getByRole("link") });

test("a member exports what the current search matches as CSV, with sources", async ({ page }) => {
  await openDocuments(page);
  await page.getByRole("searchbox", { name: "Search documents" }).fill("inv-e2e-0002");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(rows(page)).toHaveCount(1);

  await page.getByRole("button", { name: "Export" }).click();
  const dialog = page.getByRole("dialog", { name: "Export data" });
  await dialog.getByLabel(/^CSV/).check();
  await expect(dialog.getByLabel(/^Selected documents/)).toBeDisabled();
  await expect(dialog.getByLabel(/^All documents matching/)).toBeChecked();
  await dialog.getByLabel("Include sources").check();
  const [download] = await Promise.all([page.waitForEvent("download"), dialog.getByRole("button", { name: "Export" }).click()]);
  expect(download.suggestedFilename()).toMatch(/\.csv$/);
  const text = fs.readFileSync((await download.path())!, "utf8");
  const lines = text.trim().split("\r\n");
  expect(lines).toHaveLength(2);
  expect(lines[0]).toContain("invoiceNumber confidence");
  expect(lines[1]).toContain("INV-E2E-0002");
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("status").getByText("Export downloaded")).toBeVisible();
});

test("a member exports the selected document as XLSX", async ({ page }) => {
  await openDocuments(page);
  await rows(page).filter({ hasText: "INV-E2E-0001.pdf" }).getByRole("checkbox").check();
  await page.getByRole("button", { name: "Export" }).click();
  const dialog = page.getByRole("dialog", { name: "Export data" });
  await expect(dialog.getByLabel(/^Selected documents \(1\)/)).toBeChecked();
  const [download] = await Promise.all([page.waitForEvent("download"), dialog.getByRole("button", { name: "Export" }).click()]);
  expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
  const bytes = fs.readFileSync((await download.path())!);
  expect([...bytes.subarray(0, 2)]).toEqual([0x50, 0x4b]);
  expect(bytes.byteLength).toBeGreaterThan(1000);
});
