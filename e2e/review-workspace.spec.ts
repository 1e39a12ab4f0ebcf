import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type APIRequestContext, type Page } from "./support/test";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { teamPerson } from "./support/accounts";
import { signIn, signOut } from "./support/sign-in";
import { joinThroughLink } from "./support/join";

/**
 * The reviewer's day in the review workspace: a parser with two mandatory stages and a conditional one; documents
 * go through both stages with two reviewers; a reviewer who is not assigned is refused; a value is corrected by
 * clicking a word on the page; reject, reset and approve; approval by keyboard alone with a remapped key; and an
 * accessibility scan of the workspace.
 */
test.describe.configure({ mode: "serial" });

// This spec's own admin, invited into the team by the crew fixture (e2e/support/test.ts) before its first test.
const ADMIN = teamPerson({ name: "Ada Yonath", role: "admin" });
test.use({ people: [ADMIN] });

type Person = { id: string; name: string; email: string; password: string };

const rita: Person = { id: "", name: "Rita Reviewer", email: "rita@initech.test", password: "" };
const otto: Person = { id: "", name: "Otto Onlooker", email: "otto@initech.test", password: "" };
const ada: Person = { id: "", name: ADMIN.name, email: ADMIN.email, password: ADMIN.password };
let apiKey = "";
let parserId = "";

async function invoicePdf(number: string): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([595, 842]);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  ["Initech Supplies", `Invoice Number: ${number}`, "Invoice Date: 2024-06-01", "Total: 42.00 EUR"].forEach((line, index) =>
    page.drawText(line, { x: 50, y: 780 - index * 24, size: 14, font }),
  );
  // A figure of its own, far from any label, for the reviewer to pick with a click.
  page.drawText("Agreed amount", { x: 50, y: 600, size: 14, font });
  page.drawText("57.25", { x: 400, y: 600, size: 14, font });
  return Buffer.from(await pdf.save());
}

async function api<T>(request: APIRequestContext, method: "GET" | "POST" | "PATCH", path: string, body?: unknown): Promise<T> {
  const response = await request.fetch(`/api/v1${path}`, { method, headers: { authorization: `Bearer ${apiKey}` }, data: body });
  expect(response.ok(), `${method} ${path}: ${response.status()} ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

/** Uploads an invoice and waits until extraction has put it in review. */
async function documentInReview(request: APIRequestContext, number: string): Promise<string> {
  const response = await request.post(`/api/v1/process/${parserId}/files`, {
    headers: { authorization: `Bearer ${apiKey}` },
    multipart: { file: { name: `${number}.pdf`, mimeType: "application/pdf", buffer: await invoicePdf(number) } },
  });
  expect(response.ok()).toBe(true);
  const documentId = ((await response.json()) as { result: { id: string }[] }).result[0]!.id;
  await expect
    .poll(async () => (await api<{ status: string }>(request, "GET", `/parsers/${parserId}/documents/${documentId}`)).status, { timeout: 90_000 })
    .toBe("in_review");
  return documentId;
}

async function openWorkspace(page: Page, person: Person, documentId: string, inParser = parserId) {
  await signIn(page, person.email, person.password);
  await expect(page.getByRole("heading", { name: /Welcome/ })).toBeVisible();
  // Page 1 is in the server's HTML as the image drawn while processing: on screen before any script has run.
  const html = await (await page.request.get(`/parsers/${inParser}/documents/${documentId}`)).text();
  expect(html).toMatch(/<img[^>]*alt="Page 1 of [^"]+\.pdf"[^>]*elementtiming="review-workspace-preview"|<img[^>]*elementtiming="review-workspace-preview"[^>]*alt="Page 1 of [^"]+\.pdf"/);
  await page.goto(`/parsers/${inParser}/documents/${documentId}`);
  await expect(page.getByRole("group", { name: "Page 1 of 1" }).locator("canvas")).toBeVisible();
  // …and once pdf.js has painted the page, the canvas takes its place.
  await expect(page.getByTestId("first-page-preview")).toHaveCount(0);
}

const stage = (page: Page, name: string) => page.getByRole("list", { name: "Review stages" }).getByRole("listitem").filter({ hasText: name });
const statusIs = (page: Page, status: string) => expect(page.getByText(`Status: ${status}`, { exact: true })).toBeVisible();

test("an admin sets up a parser with two mandatory stages and a conditional one", async ({ page, request }) => {
  await signIn(page, ADMIN.email, ADMIN.password);
  await expect(page.getByRole("heading", { name: /Welcome/ })).toBeVisible();
  // The setup goes through the API with a key, as an integration would; the key comes from the signed-in admin.
  const minted = await page.request.get("/api/console-token");
  const { token } = (await minted.json()) as { token: string };
  const created = await request.post("/api/v1/api-keys", { headers: { authorization: `Bearer ${token}` }, data: { name: "Review workspace e2e" } });
  expect(created.status()).toBe(201);
  apiKey = ((await created.json()) as { key: string }).key;

  ada.id = (await api<{ user: { id: string } }>(request, "GET", "/me")).user.id;
  for (const person of [rita, otto]) {
    const added = await api<{ acceptUrl: string }>(request, "POST", "/members", { name: person.name, email: person.email, role: "reviewer" });
    person.password = `${person.email}-password`;
    await joinThroughLink(request, added.acceptUrl, { name: person.name, password: person.password });
    const members = await api<{ data: { id: string; email: string }[] }>(request, "GET", "/members");
    person.id = members.data.find((member) => member.email === person.email)!.id;
  }
  const parser = await api<{ id: string }>(request, "POST", "/parsers", {
    name: "Reviewed invoices",
    fields: [
      { name: "invoiceNumber", type: "text" },
      { name: "invoiceDate", type: "date" },
      { name: "total", type: "currency" },
    ],
  });
  parserId = parser.id;
  await api(request, "POST", `/parsers/${parserId}/review-stages`, { name: "Accounts check", reviewType: "mandatory", reviewerId: rita.id, reviewerInstructions: "Compare the total with the agreed amount." });
  await api(request, "POST", `/parsers/${parserId}/review-stages`, { name: "Controller sign-off", reviewType: "mandatory", reviewerId: ada.id });
  await api(request, "POST", `/parsers/${parserId}/review-stages`, {
    name: "Large amounts",
    reviewType: "conditional",
    reviewerId: otto.id,
    rules: [{ field: "total", operator: "greater_than", value: "10000" }],
  });
});

test("a document goes through both stages with two reviewers; a reviewer who is not assigned is refused", async ({ page, request }) => {
  const documentId = await documentInReview(request, "INV-RW-1");

  // Otto reviews nothing here: the decision is not his, the buttons say why, and the API refuses him too.
  await openWorkspace(page, otto, documentId);
  await expect(page.getByRole("button", { name: "Approve" })).toBeDisabled();
  await expect(page.getByText("This stage is assigned to Rita Reviewer; only they can decide it.")).toBeVisible();
  const { token } = (await (await page.request.get("/api/console-token")).json()) as { token: string };
  const refused = await page.request.post(`/api/v1/parsers/${parserId}/documents/${documentId}/review/approve`, {
    headers: { authorization: `Bearer ${token}` },
    data: { reviewerId: otto.id },
  });
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { message: string }).message).toBeTruthy();
  await signOut(page);

  // Rita: the stages and her instructions are there; she corrects the total by clicking the figure on the page.
  await openWorkspace(page, rita, documentId);
  await expect(stage(page, "Accounts check")).toContainText("Waiting");
  await expect(stage(page, "Large amounts")).toContainText("Skipped");
  await expect(page.getByText("Compare the total with the agreed amount.")).toBeVisible();
  const total = page.getByLabel("Total", { exact: true });
  await expect(total).toHaveValue("42.00");
  await total.focus();
  await expect(page.getByText("Click a phrase (Alt: one word, Shift: extend) or drag a box on the page to fill “total”.")).toBeVisible();
  await page.getByRole("group", { name: "Page 1 of 1" }).getByText("57.25", { exact: true }).click();
  await expect(total).toHaveValue("57.25");
  await expect(page.getByText("All changes saved")).toBeVisible();
  await expect(page.getByText("Corrected", { exact: true })).toBeVisible();

  // Undo puts the engine's value back; the click fills it again.
  await page.getByRole("button", { name: "Undo" }).click();
  await expect(total).toHaveValue("42.00");
  await total.focus();
  await page.getByRole("group", { name: "Page 1 of 1" }).getByText("57.25", { exact: true }).click();
  await expect(total).toHaveValue("57.25");

  await page.getByRole("button", { name: "Approve" }).click();
  await expect(page.getByRole("status").getByText("Stage approved")).toBeVisible({ timeout: 30_000 });
  await expect(stage(page, "Accounts check")).toContainText("Approved");
  await expect(stage(page, "Controller sign-off")).toContainText("Waiting");
  await expect(page.getByRole("button", { name: "Approve" })).toBeDisabled();
  await signOut(page);

  // Ada signs off: the document is approved, with the corrected total.
  await openWorkspace(page, ada, documentId);
  await expect(page.getByLabel("Total", { exact: true })).toHaveValue("57.25");
  await page.getByRole("button", { name: "Approve" }).click();
  // Ada's queue may hold other journeys' documents, which then open: the outcome is read from the API.
  // The toast may already be gone when the next document opens, so the decision is awaited through the API.
  await expect.poll(async () => (await api<{ status: string }>(request, "GET", `/parsers/${parserId}/documents/${documentId}`)).status).toBe("approved");
  const approved = await api<{ status: string; data: { total: number } }>(request, "GET", `/parsers/${parserId}/documents/${documentId}`);
  expect(approved).toMatchObject({ status: "approved", data: { total: 57.25 } });
});

test("a reviewer rejects with a reason, undoes it from the toast, rejects again, confirms a reset and approves", async ({ page, request }) => {
  const documentId = await documentInReview(request, "INV-RW-2");
  await openWorkspace(page, rita, documentId);

  // Reject asks why: nothing happens until a reason is given.
  await page.getByRole("button", { name: "Reject" }).click();
  const reject = page.getByRole("alertdialog", { name: "Reject this document?" });
  await reject.getByRole("button", { name: "Reject document" }).click();
  await expect(reject.getByText("Choose a reason or write one.")).toBeVisible();
  await reject.getByRole("radio", { name: "Duplicate" }).check();
  await reject.getByLabel("Details (optional)").fill("same as INV-RW-1");
  await reject.getByRole("button", { name: "Reject document" }).click();
  await expect(reject).toHaveCount(0);
  const toast = page.getByRole("status", { name: "Notifications" });
  // The toast comes once the next document in the queue is known (a server round trip): on a loaded machine, a while.
  await expect(toast.getByText(/Rejected$/)).toBeVisible({ timeout: 30_000 });
  // Rita's queue may open another document: the decision is read through the API.
  const stages = async () => (await api<{ status: string; review: { stages: { status: string; note: string | null }[] } }>(request, "GET", `/parsers/${parserId}/documents/${documentId}`));
  expect((await stages()).review.stages[0]).toMatchObject({ status: "rejected", note: "Duplicate: same as INV-RW-1" });

  // Undo from the toast: the document waits for her decision again and the workspace comes back to it.
  await toast.getByRole("button", { name: "Undo decision" }).click();
  await expect(toast.getByText("Decision undone")).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/documents/${documentId}$`));
  await expect.poll(async () => (await stages()).status).toBe("in_review");

  // Reject again (with the keyboard: Alt+R opens the same dialog), then reset after confirming.
  await page.goto(`/parsers/${parserId}/documents/${documentId}`);
  await expect(stage(page, "Accounts check")).toContainText("In progress");
  await page.getByRole("group", { name: "Page 1 of 1" }).click();
  await page.keyboard.press("Alt+r");
  const again = page.getByRole("alertdialog", { name: "Reject this document?" });
  await again.getByRole("radio", { name: "Unreadable or incomplete" }).check();
  await again.getByRole("button", { name: "Reject document" }).click();
  await expect.poll(async () => (await stages()).status).toBe("rejected");
  await page.goto(`/parsers/${parserId}/documents/${documentId}`);
  await statusIs(page, "Rejected");
  await expect(page.getByText("Rejected because:")).toBeVisible();
  await expect(page.getByRole("button", { name: "Approve" })).toBeDisabled();

  await page.getByRole("button", { name: "Reset review" }).click();
  const reset = page.getByRole("alertdialog", { name: "Reset this review?" });
  await reset.getByRole("button", { name: "Cancel" }).click();
  await statusIs(page, "Rejected");
  await page.getByRole("button", { name: "Reset review" }).click();
  await reset.getByRole("button", { name: "Reset review" }).click();
  await expect(page.getByRole("status").getByText("Review reset")).toBeVisible();
  await expect(stage(page, "Accounts check")).toContainText("Waiting");
  await statusIs(page, "In review");

  await page.getByRole("button", { name: "Approve" }).click();
  await expect.poll(async () => (await api<{ review: { assignee: { id: string } | null } }>(request, "GET", `/parsers/${parserId}/documents/${documentId}`)).review.assignee?.id).toBe(ada.id);
});

test("a reviewer remaps approve and approves with the keyboard alone", async ({ page, request }) => {
  const first = await documentInReview(request, "INV-RW-3");
  const second = await documentInReview(request, "INV-RW-4");
  await openWorkspace(page, rita, first);

  // The `?` overlay lists the keys. (The document opens with the cursor in a value, where `?` is text: from a
  // button of the header it is the shortcut.)
  await page.getByRole("button", { name: "Shortcut settings" }).focus();
  await page.keyboard.press("?");
  const overlay = page.getByRole("dialog", { name: "Keyboard shortcuts" });
  await expect(overlay.getByRole("row", { name: /Approve the current stage/ })).toContainText("Alt plus a");
  await overlay.getByRole("button", { name: "Change shortcuts" }).press("Enter");

  // Remap approve by pressing the new combination.
  const settings = page.getByRole("dialog", { name: "Review shortcuts" });
  const change = settings.getByRole("button", { name: "Change the key for Approve the current stage" });
  await change.focus();
  await page.keyboard.press("Enter");
  await expect(settings.getByRole("button", { name: "Press the new key for Approve the current stage" })).toBeFocused();
  await page.keyboard.press("Alt+r");
  await expect(settings.getByText("Also used by “Approve the current stage”")).toBeVisible();
  await expect(settings.getByRole("button", { name: "Save shortcuts" })).toBeDisabled();
  await change.focus();
  await page.keyboard.press("Enter");
  await page.keyboard.press("Alt+y");
  await expect(settings.getByText(/Also used by/)).toHaveCount(0);
  await settings.getByRole("button", { name: "Save shortcuts" }).focus();
  await page.keyboard.press("Enter");
  await expect(settings).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Approve" })).toHaveAttribute("aria-keyshortcuts", "Alt+Y");

  // Keyboard only: Tab to a value, fix it, and approve with the new key while still in the field.
  const invoiceDate = page.getByLabel("Invoice date", { exact: true });
  await invoiceDate.focus();
  await page.keyboard.press("Shift+Tab");
  await expect(page.getByLabel("Invoice number", { exact: true })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(invoiceDate).toBeFocused();
  await page.keyboard.press("Alt+a"); // the old key does nothing now
  await page.keyboard.press("Alt+y");
  await expect(page.getByRole("status").getByText("Stage approved")).toBeVisible({ timeout: 30_000 });
  // The next document in Rita's queue opens by itself.
  await expect(page).toHaveURL(new RegExp(`/documents/${second}$`));
  await expect(page.getByRole("heading", { name: "INV-RW-4.pdf" })).toBeVisible();
  expect((await api<{ review: { stages: { status: string }[] } }>(request, "GET", `/parsers/${parserId}/documents/${first}`)).review.stages[0]!.status).toBe("approved");

  // Restore the defaults for whoever runs next.
  await page.getByRole("button", { name: "Shortcut settings" }).click();
  await page.getByRole("dialog", { name: "Review shortcuts" }).getByRole("button", { name: "Restore defaults" }).click();
  await expect(page.getByRole("button", { name: "Approve", exact: true })).toHaveAttribute("aria-keyshortcuts", "Alt+A");
});

test("the workspace has no serious or critical accessibility violations", async ({ page, request }) => {
  const documentId = await documentInReview(request, "INV-RW-5");
  await openWorkspace(page, rita, documentId);
  await page.getByLabel("Total", { exact: true }).focus();
  const results = await new AxeBuilder({ page }).include("#review-workspace").analyze();
  const serious = results.violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical");
  expect(serious.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`)).toEqual([]);
});

/** An invoice with more values than the first parser and a table of line items, for the focus layout. */
async function wideInvoicePdf(number: string): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([595, 842]);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const lines = ["Globex Wholesale", `Invoice Number: ${number}`, "Invoice Date: 2024-07-01", "Due Date: 2024-07-31", "PO Number: PO-778", "Currency: EUR"];
  lines.forEach((line, index) => page.drawText(line, { x: 50, y: 790 - index * 20, size: 12, font }));
  page.drawText("Description", { x: 50, y: 640, size: 11, font });
  page.drawText("Qty", { x: 330, y: 640, size: 11, font });
  page.drawText("Amount", { x: 450, y: 640, size: 11, font });
  [["Industrial fasteners, stainless, box of 500", "2", "40.00"], ["Hex bolts M8 x 40 galvanised", "5", "60.00"]].forEach((row, index) => {
    page.drawText(row[0]!, { x: 50, y: 620 - index * 18, size: 11, font });
    page.drawText(row[1]!, { x: 330, y: 620 - index * 18, size: 11, font });
    page.drawText(row[2]!, { x: 450, y: 620 - index * 18, size: 11, font });
  });
  ["Subtotal: 100.00", "Tax: 20.00", "Total: 120.00"].forEach((line, index) => page.drawText(line, { x: 380, y: 540 - index * 18, size: 12, font }));
  return Buffer.from(await pdf.save());
}

let wideParserId = "";

async function wideDocument(request: APIRequestContext, number: string): Promise<string> {
  const response = await request.post(`/api/v1/process/${wideParserId}/files`, {
    headers: { authorization: `Bearer ${apiKey}` },
    multipart: { file: { name: `${number}.pdf`, mimeType: "application/pdf", buffer: await wideInvoicePdf(number) } },
  });
  expect(response.ok()).toBe(true);
  const documentId = ((await response.json()) as { result: { id: string }[] }).result[0]!.id;
  await expect
    .poll(async () => (await api<{ status: string }>(request, "GET", `/parsers/${wideParserId}/documents/${documentId}`)).status, { timeout: 90_000 })
    .toBe("in_review");
  return documentId;
}

test("at 1280×720 the focus layout shows the document, at least 8 values and a readable line-item grid", async ({ page, request }, testInfo) => {
  const parser = await api<{ id: string }>(request, "POST", "/parsers", {
    name: "Wide invoices",
    fields: [
      { name: "vendorName", type: "text" },
      { name: "invoiceNumber", type: "text", required: true },
      { name: "invoiceDate", type: "date" },
      { name: "dueDate", type: "date" },
      { name: "poNumber", type: "text" },
      { name: "currency", type: "text" },
      { name: "subtotal", type: "currency" },
      { name: "tax", type: "currency" },
      { name: "total", type: "currency" },
      { name: "paymentTerms", type: "text" },
      { name: "items", type: "table", columns: [{ name: "description", type: "text" }, { name: "quantity", type: "number" }, { name: "amount", type: "currency" }] },
    ],
  });
  wideParserId = parser.id;
  await api(request, "POST", `/parsers/${wideParserId}/review-stages`, { name: "Check", reviewType: "mandatory", reviewerId: rita.id });
  const documentId = await wideDocument(request, "INV-WIDE-1");

  await page.setViewportSize({ width: 1280, height: 720 });
  await openWorkspace(page, rita, documentId, wideParserId);
  // The console's navigation is a bar; the parser's header and tabs are gone.
  await expect(page.getByRole("button", { name: "Menu" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Main" })).toHaveCount(0);
  await expect(page.getByRole("navigation", { name: "Parser sections" })).toHaveCount(0);

  const form = page.getByRole("form", { name: "Extracted data" });
  const visibleValues = await form.locator("[data-value-path]").evaluateAll((elements) =>
    elements.filter((element) => {
      const box = element.getBoundingClientRect();
      return box.height > 0 && box.top >= 0 && box.bottom <= window.innerHeight;
    }).length,
  );
  expect(visibleValues).toBeGreaterThanOrEqual(8);
  // The line items beside the page: their first rows on screen without scrolling, every column inside the pane.
  const lineItems = page.getByRole("region", { name: "Line items", exact: true });
  await expect(lineItems.getByRole("row").nth(1)).toBeInViewport({ ratio: 1 });
  for (const header of await lineItems.getByRole("columnheader").all()) await expect(header).toBeInViewport({ ratio: 1 });
  const grid = (await lineItems.getByRole("table").boundingBox())!;
  const itemsPane = (await lineItems.boundingBox())!;
  expect(grid.x + grid.width).toBeLessThanOrEqual(itemsPane.x + itemsPane.width + 1);
  // Descriptions get the room, numbers stay narrow.
  const description = (await lineItems.getByRole("columnheader", { name: "Description" }).boundingBox())!;
  const quantity = (await lineItems.getByRole("columnheader", { name: "Quantity" }).boundingBox())!;
  expect(description.width).toBeGreaterThan(quantity.width);
  await page.screenshot({ path: testInfo.outputPath("review-1280x720.png") });
  // The README's picture of the review workspace: every e2e run takes it again, so it shows the console as it is.
  await page.screenshot({ path: path.join(testInfo.project.testDir, "..", "docs", "images", "review-workspace.png") });

  // Wide tables: the line items take the workspace's width, every column readable.
  await page.getByRole("button", { name: "Wide tables" }).click();
  const wide = page.getByRole("region", { name: "Line items, full width" });
  await expect(wide.getByRole("table")).toBeVisible();
  // On screen with the document and the values, not below the fold: the workspace is exactly the viewport.
  await expect(wide.getByRole("row").nth(2)).toBeInViewport();
  expect((await wide.getByRole("table").boundingBox())!.width).toBeGreaterThan(1000);
  // A split, not a cover: the page stays on screen above it.
  await expect(page.getByRole("group", { name: "Page 1 of 1" })).toBeInViewport();
  expect((await page.getByRole("region", { name: "Document", exact: true }).boundingBox())!.height).toBeGreaterThan(250);
  await page.screenshot({ path: testInfo.outputPath("review-1280x720-wide-tables.png") });
  await page.getByRole("button", { name: "Wide tables" }).click();
  await expect(wide).toHaveCount(0);

  // The divider moves with the keyboard too, and the width is remembered.
  const divider = page.getByRole("separator", { name: "Resize the data panel" });
  const before = Number(await divider.getAttribute("aria-valuenow"));
  await divider.focus();
  await page.keyboard.press("ArrowLeft");
  await page.keyboard.press("ArrowLeft");
  await expect(divider).toHaveAttribute("aria-valuenow", String(before + 4));
  await page.reload();
  await expect(page.getByRole("separator", { name: "Resize the data panel" })).toHaveAttribute("aria-valuenow", String(before + 4));
  await page.getByRole("separator", { name: "Resize the data panel" }).focus();
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowRight");
});

test("approve is blocked with the list of problems until they are fixed; an admin may approve anyway with a reason", async ({ page, request }) => {
  await api(request, "PATCH", `/parsers/${wideParserId}/review-checks`, { validationRules: [{ kind: "sum_equals", terms: ["subtotal", "tax"], target: "total", tolerance: 0.01 }] });
  const documentId = await wideDocument(request, "INV-WIDE-2");
  await api(request, "PATCH", `/process/${wideParserId}/files/data`, { documentId, data: { invoiceNumber: null, subtotal: 100, tax: 20, total: 125 } });

  await page.setViewportSize({ width: 1280, height: 720 });
  await openWorkspace(page, rita, documentId, wideParserId);
  // The parser's checks arrive with the workspace's context (the queue's links show it has come).
  await expect(page.getByRole("navigation", { name: "Review queue" }).getByRole("link").first()).toBeVisible();
  // Trust at a glance: a sure value that passes the checks is confirmed in green and in words; the values that
  // block an approval are marked on themselves (red, with the reason), before anyone presses Approve.
  const form = page.getByRole("form", { name: "Extracted data" });
  const invoiceDateValue = page.getByLabel("Invoice date", { exact: true });
  await expect(invoiceDateValue).toHaveAccessibleDescription(/High confidence .*passes the checks/);
  await expect(form.locator('[data-value-path="invoiceDate"]')).toHaveAttribute("data-tone", "confirmed");
  const emptyRequired = page.getByLabel("Invoice number (required)", { exact: true });
  await expect(emptyRequired).toHaveAttribute("aria-invalid", "true");
  await expect(emptyRequired).toHaveAccessibleDescription(/fails a check.*invoiceNumber is required but empty/);
  await expect(form.locator('[data-value-path="total"]')).toHaveAttribute("data-tone", "failing");
  // Labels in full, currency with two decimals (the stored value stays 125).
  await expect(form.getByText("Payment terms", { exact: true })).toBeVisible();
  await expect(page.getByLabel("Subtotal", { exact: true })).toHaveValue("100.00");
  const formTop = (await form.boundingBox())!.y;
  await page.getByRole("button", { name: "Approve" }).click();
  const problems = page.getByRole("alert").filter({ hasText: "Cannot approve yet" });
  await expect(problems).toContainText("2 problems");
  // The refusal floats: the data does not move down.
  expect((await form.boundingBox())!.y).toBe(formTop);
  await page.screenshot({ path: test.info().outputPath("review-1280x720-refused.png") });
  await expect(problems).toContainText("subtotal + tax = 120, but total is 125");
  await expect(problems.getByRole("button", { name: "Approve anyway…" })).toHaveCount(0);
  await problems.getByRole("button", { name: "invoiceNumber is required but empty" }).click();
  const invoiceNumber = page.getByLabel("Invoice number (required)", { exact: true });
  await expect(invoiceNumber).toBeFocused();
  await invoiceNumber.fill("INV-WIDE-2");
  await invoiceNumber.press("Enter");
  await page.getByLabel("Total", { exact: true }).fill("120");
  await page.getByLabel("Total", { exact: true }).press("Enter");
  await expect(page.getByText("All changes saved")).toBeVisible();
  await page.getByRole("button", { name: "Approve" }).click();
  await expect.poll(async () => (await api<{ status: string }>(request, "GET", `/parsers/${wideParserId}/documents/${documentId}`)).status).toBe("approved");
  await signOut(page);

  // Ada takes a failing document and approves it anyway, giving a reason.
  const second = await wideDocument(request, "INV-WIDE-3");
  await api(request, "PATCH", `/process/${wideParserId}/files/data`, { documentId: second, data: { invoiceNumber: "INV-WIDE-3", subtotal: 100, tax: 20, total: 125 } });
  await api(request, "POST", `/parsers/${wideParserId}/documents/${second}/review/assign`, { reviewerId: ada.id });
  await openWorkspace(page, ada, second, wideParserId);
  await page.getByRole("button", { name: "Approve" }).click();
  await page.getByRole("alert").filter({ hasText: "Cannot approve yet" }).getByRole("button", { name: "Approve anyway…" }).click();
  const override = page.getByRole("alertdialog", { name: "Approve despite the problems?" });
  await override.getByLabel("Reason for approving").fill("Delivery fee agreed by phone");
  await override.getByRole("button", { name: "Approve anyway" }).click();
  await expect
    .poll(async () => (await api<{ status: string; review: { stages: { note: string | null }[] } }>(request, "GET", `/parsers/${wideParserId}/documents/${second}`)).review.stages[0]!.note)
    .toBe("Delivery fee agreed by phone");
});

test("an approval the API refuses after the workspace has moved on brings the reviewer back with the problems", async ({ page, request }) => {
  const sumRule = { kind: "sum_equals", terms: ["subtotal", "tax"], target: "total", tolerance: 0.01 };
  const documentId = await wideDocument(request, "INV-WIDE-6");
  const next = await wideDocument(request, "INV-WIDE-7");
  for (const [id, number] of [[documentId, "INV-WIDE-6"], [next, "INV-WIDE-7"]] as const) {
    await api(request, "PATCH", `/process/${wideParserId}/files/data`, { documentId: id, data: { invoiceNumber: number, subtotal: 100, tax: 20, total: 120 } });
  }
  await openWorkspace(page, rita, documentId, wideParserId);
  // The queue and the parser's checks have arrived: an approval they let through opens the next document at once.
  await expect(page.getByRole("navigation", { name: "Review queue" }).getByRole("link", { name: "Next document" })).toBeVisible();
  // Meanwhile an admin tightens the checks: the workspace's copy lets the approval through, the API refuses it.
  await api(request, "PATCH", `/parsers/${wideParserId}/review-checks`, { validationRules: [sumRule, { kind: "range", field: "total", max: 100 }] });
  try {
    await page.getByRole("button", { name: "Approve" }).click();
    await expect(page.getByRole("status", { name: "Notifications" }).getByText("INV-WIDE-6.pdf was not approved")).toBeVisible({ timeout: 30_000 });
    await expect(page).toHaveURL(new RegExp(`/documents/${documentId}$`));
    await expect(page.getByRole("heading", { name: "INV-WIDE-6.pdf" })).toBeVisible();
    await expect(page.getByRole("alert").filter({ hasText: "Cannot approve yet" })).toContainText("total is 120, above the maximum of 100");
    expect((await api<{ status: string }>(request, "GET", `/parsers/${wideParserId}/documents/${documentId}`)).status).toBe("in_review");
  } finally {
    await api(request, "PATCH", `/parsers/${wideParserId}/review-checks`, { validationRules: [sumRule] });
  }
});

test("on a 768 px tablet and a 390 px phone the workspace stays usable, with no serious accessibility violations", async ({ page, request }) => {
  const documentId = await wideDocument(request, "INV-WIDE-4");
  await page.setViewportSize({ width: 768, height: 1024 });
  await openWorkspace(page, rita, documentId, wideParserId);
  await expect(page.getByRole("separator", { name: "Resize the data panel" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Approve" })).toBeInViewport();
  await expect(page.getByLabel("Invoice number (required)", { exact: true })).toBeInViewport();
  const axe = async () =>
    (await new AxeBuilder({ page }).analyze()).violations
      .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
      .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`);
  expect(await axe()).toEqual([]);

  // A phone: the data first, the page after it and one tap away; the decision bar stays on screen; nothing
  // scrolls sideways. The navigation opens from the Menu button.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.getByRole("separator", { name: "Resize the data panel" })).toBeHidden();
  const documentRegion = page.getByRole("region", { name: "Document", exact: true });
  const documentBox = (await documentRegion.boundingBox())!;
  const dataBox = (await page.getByRole("form", { name: "Extracted data" }).boundingBox())!;
  expect(documentBox.y).toBeGreaterThanOrEqual(dataBox.y + dataBox.height - 1);
  expect(documentBox.width).toBeGreaterThan(350);
  await expect(page.getByLabel("Vendor name", { exact: true })).toBeInViewport();
  await page.screenshot({ path: test.info().outputPath("review-390x844.png") });
  await page.getByRole("link", { name: "Show the page" }).click();
  await expect(documentRegion.getByRole("group", { name: "Page 1 of 1" })).toBeInViewport();
  await expect(page.getByRole("button", { name: "Approve" })).toBeInViewport();
  await expect(page.getByRole("button", { name: "Reject" })).toBeInViewport();
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  await page.screenshot({ path: test.info().outputPath("review-390x844-page.png") });
  expect(await axe()).toEqual([]);
  await page.getByRole("button", { name: "Menu" }).click();
  await expect(page.getByRole("dialog", { name: "Console menu" }).getByRole("link", { name: "Parsers" })).toBeVisible();
  await page.keyboard.press("Escape");
});

/** Whether two boxes overlap (by more than a pixel). */
function overlaps(a: { x: number; y: number; width: number; height: number }, b: { x: number; y: number; width: number; height: number }): boolean {
  return a.x + 1 < b.x + b.width && b.x + 1 < a.x + a.width && a.y + 1 < b.y + b.height && b.y + 1 < a.y + a.height;
}

test("a decision has a way back by keyboard, and its toast covers no value and no dialog's main button", async ({ page, request }) => {
  const documentId = await documentInReview(request, "INV-RW-6");
  await page.setViewportSize({ width: 1280, height: 720 });
  await openWorkspace(page, rita, documentId);
  // The keyboard starts on a value: no Tab needed before a shortcut or a correction.
  await expect(page.getByRole("form", { name: "Extracted data" }).locator(":focus")).toHaveCount(1);
  await page.keyboard.press("Alt+a");
  const notifications = page.getByRole("status", { name: "Notifications" });
  await expect(notifications.getByText("Stage approved")).toBeVisible({ timeout: 30_000 });
  const toastBox = (await notifications.boundingBox())!;
  for (const value of await page.getByRole("form", { name: "Extracted data" }).locator("input, select, textarea").all()) {
    const box = await value.boundingBox();
    if (box) expect(overlaps(toastBox, box), "the toast covers a value").toBe(false);
  }
  await page.screenshot({ path: test.info().outputPath("review-1280x720-decided.png") });
  await expect.poll(async () => (await api<{ review: { stages: { status: string }[] } }>(request, "GET", `/parsers/${parserId}/documents/${documentId}`)).review.stages[0]!.status).toBe("approved");

  // Alt+Z takes the decision back, whichever document is open now; the workspace returns to the decided one. The
  // key is pressed once the next document of the queue is on screen, as a reviewer would.
  await expect(page.getByRole("heading", { level: 1, name: /^(?!INV-RW-6\.pdf$).+\.pdf$/ })).toBeVisible();
  await expect(page.getByRole("form", { name: "Extracted data" })).toBeVisible();
  await page.keyboard.press("Alt+z");
  await expect(notifications.getByText("Decision undone")).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/documents/${documentId}$`));
  // With the toast still on screen, a dialog's main button stays clear of it.
  await page.getByRole("button", { name: "Reject" }).click();
  const reject = page.getByRole("alertdialog", { name: "Reject this document?" });
  const rejectButton = (await reject.getByRole("button", { name: "Reject document" }).boundingBox())!;
  const toastNow = await notifications.getByText("Decision undone").boundingBox();
  if (toastNow) expect(overlaps((await notifications.boundingBox())!, rejectButton)).toBe(false);
  await reject.getByRole("button", { name: "Cancel" }).click();
  await expect.poll(async () => (await api<{ status: string }>(request, "GET", `/parsers/${parserId}/documents/${documentId}`)).status).toBe("in_review");
  // The shortcut is listed, and can be remapped like the others.
  await page.getByRole("button", { name: "Keyboard shortcuts" }).click();
  await expect(page.getByRole("dialog", { name: "Keyboard shortcuts" }).getByRole("row", { name: /Undo the last approve or reject/ })).toContainText("Alt plus z");
  await page.keyboard.press("Escape");
});

test("opening a document puts the keyboard on the first value that needs attention, else on the first value", async ({ page, request }) => {
  const documentId = await wideDocument(request, "INV-WIDE-8");
  // Every value set by a person (nothing doubtful) but the required invoice number, left empty.
  const settled = { vendorName: "Globex Wholesale", invoiceDate: "2024-07-01", dueDate: "2024-07-31", poNumber: "PO-778", currency: "EUR", subtotal: 100, tax: 20, total: 120, paymentTerms: "30 days", items: [] };
  await api(request, "PATCH", `/process/${wideParserId}/files/data`, { documentId, data: { ...settled, invoiceNumber: null } });
  await page.setViewportSize({ width: 1280, height: 720 });
  await openWorkspace(page, rita, documentId, wideParserId);
  await expect(page.getByLabel("Invoice number (required)", { exact: true })).toBeFocused();

  await api(request, "PATCH", `/process/${wideParserId}/files/data`, { documentId, data: { invoiceNumber: "INV-WIDE-8" } });
  await page.reload();
  await expect(page.getByLabel("Vendor name", { exact: true })).toBeFocused();
  // Alt+L with nothing doubtful goes to the first value too.
  await page.getByLabel("Total", { exact: true }).focus();
  await page.keyboard.press("Alt+l");
  await expect(page.getByLabel("Vendor name", { exact: true })).toBeFocused();
});

test("the Review badge follows a decision taken in the workspace, and the parser's inbound address can be copied", async ({ page, request }) => {
  const documentId = await wideDocument(request, "INV-WIDE-5");
  await api(request, "PATCH", `/process/${wideParserId}/files/data`, { documentId, data: { invoiceNumber: "INV-WIDE-5", subtotal: 100, tax: 20, total: 120 } });
  await signIn(page, rita.email, rita.password);
  await expect(page.getByRole("heading", { name: /Welcome/ })).toBeVisible();
  const badge = page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: /Review/ });
  await page.goto("/review");
  // The count streams in after the page (a Suspense boundary): wait for it before reading it.
  await expect(badge).toHaveText(/\d/);
  const waiting = Number((await badge.textContent())?.match(/\d+/)?.[0] ?? 0);
  expect(waiting).toBeGreaterThan(0);
  // Into the workspace and back out with client-side navigation only: the navigation is not rendered again.
  await page.getByRole("link", { name: "INV-WIDE-5.pdf" }).click();
  await expect(page.getByRole("heading", { name: "INV-WIDE-5.pdf" })).toBeVisible();
  await page.getByRole("button", { name: "Approve" }).click();
  await expect(page.getByRole("status", { name: "Notifications" }).getByText(/Approved|Stage approved/)).toBeVisible({ timeout: 30_000 });
  await page.getByRole("link", { name: "← Documents" }).click();
  await expect(page.getByRole("navigation", { name: "Parser sections" })).toBeVisible();
  await expect(badge).toHaveText(waiting - 1 > 0 ? new RegExp(`^Review\\s*${waiting - 1}`) : /^Review$/);
  await signOut(page);

  // Ada finds the parser's inbound e-mail address in its settings, with a copy button.
  await signIn(page, ADMIN.email, ADMIN.password);
  await expect(page.getByRole("heading", { name: /Welcome/ })).toBeVisible();
  await page.goto(`/parsers/${wideParserId}/settings`);
  await expect(page.getByText(/^[a-z0-9-]+@inbound\.localhost$/)).toBeVisible();
  await expect(page.getByRole("button", { name: "Copy the e-mail address" })).toBeVisible();
});
