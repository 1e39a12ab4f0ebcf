import fs from "node:fs";
import { expect, test, type Page } from "./support/test";
import { ADMIN } from "./support/accounts";
import { signIn } from "./support/sign-in";

/**
 * Export from the documents list, on the documents the documents journey left behind (INV-E2E-0001 in folder
 * 2025, INV-E2E-0002 at the root): the current search as CSV, then one selected document as XLSX.
 */
test.describe.configure({ mode: "serial" });

async function openDocuments(page: Page) {
  await signIn(page, ADMIN.email, ADMIN.password);
  await expect(page.getByRole("heading", { name: /Welcome/ })).toBeVisible();
  await page.goto("/parsers");
  await page.getByRole("link", { name: "Supplier invoices", exact: true }).click();
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
