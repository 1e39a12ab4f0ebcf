import { expect, test, type Page } from "./support/test";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { teamPerson } from "./support/accounts";

/**
 * The main loop in the console: drop three PDFs, watch them reach Processed, find one by a value extracted from
 * it, move one into a folder and find it there, delete one. A member does it, in a parser with a folder "2025" that
 * the spec makes through the API (the parser journey is covered by parsers-admin.spec.ts).
 */
test.describe.configure({ mode: "serial" });

const member = teamPerson({ name: "Dennis Ritchie", role: "member" });
const parserName = "Scanned invoices";
test.use({ people: [member], signedInAs: member });

test.beforeAll(async ({ crew }) => {
  const api = crew.apiAs(member);
  const parser = await api.call<{ id: string }>("POST", "/parsers", {
    name: parserName,
    fields: [
      { name: "invoiceNumber", type: "text", description: "Invoice number" },
      { name: "invoiceDate", type: "date", description: "Invoice date" },
    ],
  });
  await api.call("POST", `/parsers/${parser.id}/folders`, { name: "2025" });
});

async function invoicePdf(number: string): Promise<number[]> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([595, 842]);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  ["Initech Supplies", `Invoice Number: ${number}`, "Invoice Date: 2024-06-01", "Total: 42.00 EUR"].forEach((line, index) =>
    page.drawText(line, { x: 50, y: 780 - index * 24, size: 14, font }),
  );
  return [...(await pdf.save())];
}

async function openDocuments(page: Page) {
  await page.goto("/parsers");
  await page.getByRole("link", { name: parserName, exact: true }).click();
  await expect(page.getByRole("heading", { name: "All documents" })).toBeVisible();
}

const rows = (page: Page) => page.getByRole("table", { name: "Documents" }).getByRole("row").filter({ has: page.getByRole("link") });

test("a member drops three PDFs and watches them get processed", async ({ page }) => {
  await openDocuments(page);
  const files = await Promise.all(["INV-E2E-0001", "INV-E2E-0002", "INV-E2E-0003"].map(async (number) => ({ name: `${number}.pdf`, bytes: await invoicePdf(number) })));
  const dataTransfer = await page.evaluateHandle((items) => {
    const transfer = new DataTransfer();
    for (const item of items) transfer.items.add(new File([new Uint8Array(item.bytes)], item.name, { type: "application/pdf" }));
    return transfer;
  }, files);
  await page.getByRole("region", { name: "Upload documents" }).dispatchEvent("drop", { dataTransfer });

  const uploads = page.getByRole("list", { name: "Uploads" });
  await expect(uploads.getByText("Uploaded")).toHaveCount(3);
  await expect(rows(page)).toHaveCount(3);
  await expect(rows(page).getByText("Processed")).toHaveCount(3, { timeout: 90_000 });
});

test("a member finds a document by a value extracted from it", async ({ page }) => {
  await openDocuments(page);
  await page.getByRole("searchbox", { name: "Search documents" }).fill("inv-e2e-0002");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/q=inv-e2e-0002/);
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText("INV-E2E-0002.pdf");

  await rows(page).first().getByRole("link").click();
  await expect(page.getByRole("heading", { name: "INV-E2E-0002.pdf" })).toBeVisible();
  // The document page is the review workspace: extracted values are its form's inputs.
  await expect(page.getByLabel("Invoice number", { exact: true })).toHaveValue("INV-E2E-0002");
});

test("a member moves a document into a folder and deletes another", async ({ page }) => {
  await openDocuments(page);
  const tree = page.getByRole("tree", { name: "Folders" });

  await rows(page).filter({ hasText: "INV-E2E-0001.pdf" }).getByRole("checkbox").check();
  await page.getByRole("toolbar", { name: "Selected documents" }).getByLabel("Move selected to folder").selectOption({ label: "2025" });
  await expect(page.getByRole("status").getByText("Moved 1 document")).toBeVisible();

  await tree.getByRole("treeitem", { name: /^2025,/ }).click();
  await expect(page.getByRole("heading", { name: "2025", level: 2 })).toBeVisible();
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText("INV-E2E-0001.pdf");
  await expect(tree.getByRole("treeitem", { name: /^2025, 1 documents/ })).toBeVisible();

  await tree.getByRole("treeitem", { name: /^All documents/ }).click();
  await rows(page).filter({ hasText: "INV-E2E-0003.pdf" }).getByRole("checkbox").check();
  await page.getByRole("toolbar", { name: "Selected documents" }).getByRole("button", { name: "Delete" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
  await expect(page.getByRole("status").getByText("Deleted 1 document")).toBeVisible();
  await expect(rows(page)).toHaveCount(2);
  await expect(rows(page).filter({ hasText: "INV-E2E-0003.pdf" })).toHaveCount(0);
});
