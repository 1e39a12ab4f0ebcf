import { expect, test, type Page } from "./support/test";
import { teamPerson } from "./support/accounts";

/**
 * What an admin does to set up a parser: create it, shape its fields (a table with columns, reordered),
 * change every group of settings and find them kept after a reload, and organise folders three levels deep.
 */
test.describe.configure({ mode: "serial" });

const admin = teamPerson({ name: "Frances Allen", role: "admin" });
test.use({ people: [admin], signedInAs: admin });

const parserName = "Supplier invoices";
let parserUrl = "";

async function openParser(page: Page, tab: "Documents" | "Fields" | "Settings") {
  await page.goto(parserUrl);
  await page.getByRole("navigation", { name: "Parser sections" }).getByRole("link", { name: tab }).click();
}

async function addField(page: Page, name: string, type: string) {
  await page.getByRole("button", { name: "Add field" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("textbox", { name: /^Name/ }).fill(name);
  await dialog.getByLabel("Type", { exact: true }).selectOption(type);
  return dialog;
}

const fieldOrder = (page: Page) => page.getByRole("list", { name: "Fields" }).getByRole("heading", { level: 3 }).allTextContents();

test("an admin creates a parser", async ({ page }) => {
  // (The empty list of a new team is checked by the first-run journey: the team is shared.)
  await page.goto("/");
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Parsers" }).click();
  await page.getByRole("button", { name: "Create parser" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("textbox", { name: /^Name/ }).fill(parserName);
  await dialog.getByLabel("Description").fill("Invoices from our suppliers");
  await dialog.getByLabel("CSV").check();
  await dialog.getByRole("button", { name: "Create parser" }).click();
  await expect(page).toHaveURL(/\/parsers\/[0-9a-f-]{36}\/fields$/);
  await expect(page.getByRole("heading", { name: parserName, level: 1 })).toBeVisible();
  parserUrl = page.url().replace(/\/fields$/, "");

  await page.goto("/parsers");
  await page.getByLabel("Search parsers by name").fill("supplier");
  await expect(page.getByRole("row", { name: new RegExp(parserName) })).toContainText("CSV");
  await page.getByLabel("Search parsers by name").fill("nothing like it");
  await expect(page.getByText("No parser matches")).toBeVisible();
  await page.getByLabel("Search parsers by name").fill("");

  // Duplicate copies the setup; archive hides the copy without losing it; restore brings it back.
  await page.getByRole("button", { name: `Duplicate ${parserName}` }).click();
  const copy = page.getByRole("row", { name: /Supplier invoices \(copy\)/ });
  await expect(copy).toBeVisible();
  await copy.getByRole("button", { name: /^Archive/ }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Archive parser" }).click();
  await expect(copy).toHaveCount(0);
  await page.getByLabel("Show archived").check();
  await expect(copy).toContainText("Archived");
  await copy.getByRole("button", { name: /^Restore/ }).click();
  await expect(copy).not.toContainText("Archived");
});

test("an admin builds a table field with three columns and reorders fields", async ({ page }) => {
  await openParser(page, "Fields");
  await (await addField(page, "invoiceNumber", "text")).getByRole("button", { name: "Add field" }).click();
  await expect(page.getByRole("heading", { name: "invoiceNumber", level: 3 })).toBeVisible();
  await (await addField(page, "invoiceDate", "date")).getByRole("button", { name: "Add field" }).click();
  await expect(page.getByRole("heading", { name: "invoiceDate", level: 3 })).toBeVisible();

  const dialog = await addField(page, "lineItems", "table");
  await dialog.getByLabel("Column 1 name").fill("description");
  await dialog.getByRole("button", { name: "Add column" }).click();
  await dialog.getByLabel("Column 2 name").fill("quantity");
  await dialog.getByLabel("Column 2 type").selectOption("number");
  await dialog.getByRole("button", { name: "Add column" }).click();
  await dialog.getByLabel("Column 3 name").fill("amount");
  await dialog.getByLabel("Column 3 type").selectOption("currency");
  await dialog.getByRole("button", { name: "Move amount up" }).click();
  await dialog.getByRole("button", { name: "Add field" }).click();
  await expect(page.getByRole("heading", { name: "lineItems", level: 3 })).toBeVisible();
  await expect(page.getByRole("list", { name: "Columns" }).getByRole("listitem")).toHaveText([/description/, /amount/, /quantity/]);

  // A duplicate name is refused on the field it belongs to.
  await (await addField(page, "InvoiceNumber", "text")).getByRole("button", { name: "Add field" }).click();
  await expect(page.getByRole("dialog").getByText(/already/i)).toBeVisible();
  await page.getByRole("dialog").getByRole("button", { name: "Cancel" }).click();

  await expect.poll(() => fieldOrder(page)).toEqual(["invoiceNumber", "invoiceDate", "lineItems"]);
  await page.getByRole("button", { name: "Move lineItems up" }).click();
  await expect.poll(() => fieldOrder(page)).toEqual(["invoiceNumber", "lineItems", "invoiceDate"]);
  const items = page.getByRole("list", { name: "Fields" }).getByRole("listitem").filter({ has: page.getByRole("heading", { level: 3 }) });
  await items.nth(2).dragTo(items.nth(0));
  await expect.poll(() => fieldOrder(page)).toEqual(["invoiceDate", "invoiceNumber", "lineItems"]);
  await page.reload();
  await expect.poll(() => fieldOrder(page)).toEqual(["invoiceDate", "invoiceNumber", "lineItems"]);
});

test("an admin changes every group of settings and finds them after a reload", async ({ page }) => {
  await openParser(page, "Settings");
  const form = page.getByRole("form", { name: "Parser settings" });
  await form.getByLabel("Description").fill("Every supplier invoice, scanned or digital");
  await form.getByLabel("Word document (DOCX)").first().check();
  await form.getByLabel("Extraction mode").selectOption("accurate");
  await form.getByLabel("Advanced table extraction").selectOption("enabled");
  await form.getByLabel("Markdown").check();

  await form.getByLabel("Pages to process").fill("1-3,x");
  await expect(form.getByText(/"x" is not a page/)).toBeVisible();
  await form.getByLabel("Pages to process").fill("1-3,last");
  await form.getByLabel("Split documents").check();
  await form.getByLabel("Split mode").selectOption("partitionKey");
  await form.getByLabel("Field", { exact: true }).selectOption("lineItems.description");

  await form.getByLabel("Check document types").check();
  await form.getByLabel("Skip these types, process all others").check();
  await form.getByLabel("Add a document type").fill("Quote");
  await form.getByLabel("Add a document type").press("Enter");
  await form.getByLabel("Add a document type").fill("Delivery note");
  await form.getByLabel("Add a document type").press("Enter");

  await form.getByLabel("Merge attachments").check();
  await form.getByLabel("Senders").selectOption("allow");
  await form.getByRole("button", { name: "Add sender rule" }).click();
  await form.getByLabel("Rule 1 value").fill("supplier.com");

  await expect(page.getByText("Unsaved changes")).toBeVisible();
  await form.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByRole("status").getByText("Settings saved")).toBeVisible();

  await page.reload();
  await expect(form.getByLabel("Description")).toHaveValue("Every supplier invoice, scanned or digital");
  await expect(form.getByLabel("Word document (DOCX)").first()).toBeChecked();
  await expect(form.getByLabel("Extraction mode")).toHaveValue("accurate");
  await expect(form.getByLabel("Advanced table extraction")).toHaveValue("enabled");
  await expect(form.getByLabel("Markdown")).toBeChecked();
  await expect(form.getByLabel("Pages to process")).toHaveValue("1-3,last");
  await expect(form.getByLabel("Split documents")).toBeChecked();
  await expect(form.getByLabel("Field", { exact: true })).toHaveValue("lineItems.description");
  await expect(form.getByLabel("Check document types")).toBeChecked();
  await expect(form.getByLabel("Skip these types, process all others")).toBeChecked();
  await expect(form.getByRole("list", { name: "Added" }).getByRole("listitem")).toHaveText([/Quote/, /Delivery note/]);
  await expect(form.getByLabel("Merge attachments")).toBeChecked();
  await expect(form.getByLabel("Senders")).toHaveValue("allow");
  await expect(form.getByLabel("Rule 1 value")).toHaveValue("supplier.com");
});

test("an admin builds a three-level folder tree, moves a folder and deletes one", async ({ page }) => {
  await openParser(page, "Documents");
  const tree = page.getByRole("tree", { name: "Folders" });

  async function createFolder(name: string, parent?: string) {
    if (parent) {
      await tree.getByRole("treeitem", { name: new RegExp(`^${parent},`) }).hover();
      await page.getByRole("button", { name: `Actions for ${parent}` }).click();
      await page.getByRole("menuitem", { name: "New subfolder" }).click();
    } else {
      await page.getByRole("button", { name: "New folder" }).click();
    }
    await page.getByRole("dialog").getByLabel("Folder name").fill(name);
    await page.getByRole("dialog").getByRole("button", { name: "Create folder" }).click();
    await expect(tree.getByRole("treeitem", { name: new RegExp(`^${name},`) })).toBeVisible();
  }

  await createFolder("2024");
  await createFolder("Q1", "2024");
  await createFolder("January", "Q1");
  await createFolder("2025");
  await expect(tree.getByRole("treeitem", { name: /^January,/ })).toHaveAttribute("aria-level", "4");

  // Move Q1 (with January) under 2025, with the keyboard: focus it, open its menu with Shift+F10, Move to…
  await tree.getByRole("treeitem", { name: /^Q1,/ }).focus();
  await page.keyboard.press("Shift+F10");
  await page.getByRole("menuitem", { name: "Move to…" }).click();
  await page.getByRole("dialog").getByLabel("Move to").selectOption({ label: "2025" });
  await page.getByRole("dialog").getByRole("button", { name: "Move" }).click();
  await expect(page.getByRole("status").getByText("Moved “Q1”")).toBeVisible();
  await page.reload();
  const year2025 = tree.getByRole("treeitem", { name: /^2025,/ });
  await year2025.click();
  await year2025.press("ArrowRight");
  await expect(tree.getByRole("treeitem", { name: /^Q1,/ })).toHaveAttribute("aria-level", "3");
  await expect(page.getByRole("heading", { name: "2025", level: 2 })).toBeVisible();

  // Delete 2024, keeping (moving out) its documents.
  await tree.getByRole("treeitem", { name: /^2024,/ }).hover();
  await page.getByRole("button", { name: "Actions for 2024" }).click();
  await page.getByRole("menuitem", { name: "Delete…" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete folder" }).click();
  await expect(tree.getByRole("treeitem", { name: /^2024,/ })).toHaveCount(0);
  await page.reload();
  await expect(tree.getByRole("treeitem", { name: /^2024,/ })).toHaveCount(0);
  await expect(tree.getByRole("treeitem", { name: /^2025,/ })).toBeVisible();
});
