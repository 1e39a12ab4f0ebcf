import { expect, test, type Page } from "./support/test";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { teamPerson } from "./support/accounts";

/**
 * Sorting a mixed batch in the console: a classifier routes "Invoice" to one parser and "Receipt" to another and
 * skips the rest; three generated documents are dropped on it, two are routed and extracted in their parsers, the
 * third is skipped, and after a rule for it is added it is reprocessed and routed.
 */
test.describe.configure({ mode: "serial" });

const admin = teamPerson({ name: "Claude Shannon", role: "admin" });
test.use({ people: [admin], signedInAs: admin });

const INVOICES = "Routed invoices";
const RECEIPTS = "Routed receipts";

async function pdfOf(lines: string[]): Promise<number[]> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([595, 842]);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  lines.forEach((line, index) => page.drawText(line, { x: 50, y: 780 - index * 24, size: 14, font }));
  return [...(await pdf.save())];
}

/** The two target parsers, made through the API as the signed-in user (the parser journey is covered elsewhere). */
async function createTargetParsers(page: Page) {
  await page.evaluate(
    async ({ invoices, receipts }) => {
      const { token } = (await (await fetch("/api/console-token")).json()) as { token: string };
      for (const body of [
        { name: invoices, fields: [{ name: "invoiceNumber", type: "text", description: "Invoice number" }] },
        { name: receipts, fields: [{ name: "total", type: "currency", description: "Total" }] },
      ]) {
        const response = await fetch("/api/v1/parsers", { method: "POST", headers: { authorization: `Bearer ${token}`, "content-type": "application/json" }, body: JSON.stringify(body) });
        if (response.status !== 201) throw new Error(`parser not created: ${response.status}`);
      }
    },
    { invoices: INVOICES, receipts: RECEIPTS },
  );
}

const rows = (page: Page) => page.getByRole("table", { name: "Classifier documents" }).getByRole("row");
const rowOf = (page: Page, name: string) => rows(page).filter({ hasText: name });

async function openClassifier(page: Page) {
  await page.goto("/");
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Classifiers" }).click();
  await page.getByRole("link", { name: "Mailroom", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Mailroom", level: 1 })).toBeVisible();
}

test("an admin creates a classifier with two routing rules", async ({ page }) => {
  await page.goto("/");
  await createTargetParsers(page);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Classifiers" }).click();
  await expect(page.getByRole("heading", { name: "Classifiers", level: 1 })).toBeVisible();
  await page.getByRole("button", { name: "Create classifier" }).click();

  const dialog = page.getByRole("dialog", { name: "Create classifier" });
  await dialog.getByLabel("Name").fill("Mailroom");
  await dialog.getByLabel("Label of rule 1").fill("Invoice");
  await dialog.getByLabel("Target parser of rule 1").selectOption({ label: INVOICES });
  await dialog.getByRole("button", { name: "Add rule" }).click();
  await dialog.getByLabel("Label of rule 2").fill("Receipt");
  await dialog.getByLabel("Target parser of rule 2").selectOption({ label: RECEIPTS });
  await dialog.getByRole("button", { name: "Create classifier" }).click();

  await expect(page).toHaveURL(/\/classifiers\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { name: "Mailroom", level: 1 })).toBeVisible();
  await expect(page.getByText(/mailroom-[0-9a-f]{6}@/)).toBeVisible();
  await expect(page.getByRole("button", { name: "Copy e-mail address" })).toBeVisible();
  await expect(page.getByLabel("When no rule matches")).toHaveValue("skip");
});

test("a mixed batch is routed to the right parsers and extracted there; the rest is skipped", async ({ page }) => {
  await openClassifier(page);
  const files = [
    { name: "invoice.pdf", bytes: await pdfOf(["Initech Supplies", "INVOICE", "Invoice Number: INV-ROUTE-1", "Total: 42.00 EUR"]) },
    { name: "receipt.pdf", bytes: await pdfOf(["Corner Cafe", "RECEIPT", "Cash 10.00", "Change 2.50", "Thank you for your visit"]) },
    { name: "letter.pdf", bytes: await pdfOf(["Dear customer,", "we are moving to a new office next month.", "Kind regards"]) },
  ];
  const dataTransfer = await page.evaluateHandle((items) => {
    const transfer = new DataTransfer();
    for (const item of items) transfer.items.add(new File([new Uint8Array(item.bytes)], item.name, { type: "application/pdf" }));
    return transfer;
  }, files);
  await page.getByRole("region", { name: "Upload documents" }).dispatchEvent("drop", { dataTransfer });
  await expect(page.getByRole("list", { name: "Uploads" }).getByText("Uploaded")).toHaveCount(3);

  await expect(rowOf(page, "invoice.pdf").getByText("Routed", { exact: true })).toBeVisible({ timeout: 90_000 });
  await expect(rowOf(page, "receipt.pdf").getByText("Routed", { exact: true })).toBeVisible({ timeout: 90_000 });
  await expect(rowOf(page, "letter.pdf").getByText("Skipped", { exact: true })).toBeVisible({ timeout: 90_000 });
  await expect(rowOf(page, "invoice.pdf").getByRole("link", { name: INVOICES })).toBeVisible();
  await expect(rowOf(page, "receipt.pdf").getByRole("link", { name: RECEIPTS })).toBeVisible();
  await expect(rowOf(page, "invoice.pdf")).toContainText(/Classified as Invoice/);
  await expect(rowOf(page, "letter.pdf")).toContainText(/skipped by the fallback/);

  await page.getByLabel("Filter by status").selectOption({ label: "Skipped" });
  await expect(page).toHaveURL(/status=skipped/);
  await expect(rows(page).filter({ hasText: ".pdf" })).toHaveCount(1);
  await page.getByLabel("Filter by status").selectOption({ label: "All" });
  await expect(rows(page).filter({ hasText: ".pdf" })).toHaveCount(3);

  // The routed invoice is a document of its parser, extracted with that parser's fields.
  await rowOf(page, "invoice.pdf").getByRole("link", { name: INVOICES }).click();
  await expect(page.getByRole("heading", { name: "invoice.pdf" })).toBeVisible();
  await expect(async () => {
    await page.reload();
    await expect(page.getByText("Processed", { exact: true })).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 90_000 });
  await expect(page.getByText("classifier", { exact: true })).toBeVisible();
  // The document page is the review workspace: extracted values are its form's inputs.
  await expect(page.getByLabel("Invoice number", { exact: true })).toHaveValue("INV-ROUTE-1");
});

test("after a rule is added, the skipped document is reprocessed and routed", async ({ page }) => {
  await openClassifier(page);
  await page.getByRole("button", { name: "Add rule" }).click();
  await page.getByLabel("Label of rule 3").fill("Letter");
  await page.getByLabel("Target parser of rule 3").selectOption({ label: INVOICES });
  await page.getByLabel("Instructions").fill("A letter starts with 'Dear customer'.");
  await page.getByRole("button", { name: "Save classifier" }).click();
  await expect(page.getByRole("status").getByText("Classifier saved")).toBeVisible();

  await rowOf(page, "letter.pdf").getByRole("button", { name: "Reprocess letter.pdf" }).click();
  await expect(rowOf(page, "letter.pdf").getByText("Routed", { exact: true })).toBeVisible({ timeout: 90_000 });
  await expect(rowOf(page, "letter.pdf").getByRole("link", { name: INVOICES })).toBeVisible();
  await expect(rowOf(page, "letter.pdf")).toContainText("Letter");
  await expect(page.getByText("3 in total: 3 routed, 0 skipped, 0 failed")).toBeVisible();
});
