import { PDFDocument, StandardFonts } from "pdf-lib";
import { teamPerson } from "./support/accounts";
import { expectNoSeriousViolations } from "./support/axe";
import { joinThroughLink } from "./support/join";
import { signIn, signOut } from "./support/sign-in";
import { expect, test, type APIRequestContext, type Page } from "./support/test";

/**
 * Issue 23, items 6, 7 and 9: extracted values as list columns (chosen once, remembered), search hits that say
 * what matched (markup in a value stays text), bulk decisions from the queue with the same checks as one
 * decision (a failing document is reported, a reject asks why), "Start reviewing" and "1 of 3", live counts,
 * lists that fold at 768 and 390 px, and an admin's password reset that the member must replace at sign-in.
 */
test.describe.configure({ mode: "serial" });

// This spec's own admin, invited into the team by the crew fixture (e2e/support/test.ts) before its first test.
const ADMIN = teamPerson({ name: "Katherine Johnson", role: "admin" });
test.use({ people: [ADMIN] });

const reviewer = { name: "Lena Ledger", email: "lena@initech.test", password: "lena-ledger-password" };
const parserName = "Purchase orders";
const names = ["PO-E2E-1.pdf", "PO-E2E-2.pdf", "PO-E2E-3.pdf"] as const;
const DATA = [
  { poNumber: "PO-1", supplier: "Acme Wholesale", total: 100 },
  { poNumber: "", supplier: "Initrode Supplies", total: 200 },
  { poNumber: "PO-3", supplier: "<b>Globex</b> Trading", total: 300 },
];
let apiKey = "";
let parserId = "";

const api = (request: APIRequestContext) => ({
  headers: { authorization: `Bearer ${apiKey}` },
  async send<T>(method: "POST" | "PATCH" | "GET", path: string, data?: unknown): Promise<T> {
    const response = await request.fetch(`/api/v1${path}`, { method, headers: this.headers, data });
    expect(response.status(), `${method} ${path}: ${await response.text()}`).toBeLessThan(300);
    return (await response.json()) as T;
  },
});

async function orderPdf(title: string): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([595, 842]);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  page.drawText(`Purchase order ${title}`, { x: 50, y: 780, size: 14, font });
  return Buffer.from(await pdf.save());
}

/** Elements reaching past the screen's right edge, outside any scrolling container (a table scrolls in its own box). */
const overflowing = (page: Page) =>
  page.evaluate(() => {
    const clipped = (element: Element) => {
      for (let parent = element.parentElement; parent; parent = parent.parentElement) {
        if (["auto", "scroll", "hidden", "clip"].includes(getComputedStyle(parent).overflowX)) return true;
      }
      return false;
    };
    return [...document.body.querySelectorAll("*")]
      .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 1 && !clipped(element))
      .slice(0, 5)
      .map((element) => `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ""} "${(element.textContent ?? "").trim().slice(0, 30)}"`);
  });

/** At 768 and 390 px wide: nothing wider than the screen, and axe finds nothing serious. Back to 1280 after. */
async function expectSmallScreensFine(page: Page) {
  for (const width of [768, 390]) {
    await page.setViewportSize({ width, height: 844 });
    await expect.poll(() => overflowing(page), { message: `wider than ${width} px` }).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await expectNoSeriousViolations(page);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

const queueTable = (page: Page) => page.getByRole("table", { name: /Documents waiting for review/ });
const queueRow = (page: Page, name: string) => queueTable(page).getByRole("row").filter({ has: page.getByRole("link", { name }) });

test("an admin sets up a parser whose stage a new reviewer reviews, with three orders waiting", async ({ page, request }) => {
  await signIn(page, ADMIN.email, ADMIN.password);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "API keys" }).click();
  await page.getByRole("button", { name: "Create API key" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Name").fill("Review lists");
  // A new key expires in 90 days unless its creator chooses otherwise.
  await expect(dialog.getByLabel("Expires")).toHaveValue("90");
  await expect(dialog.getByLabel("Expires").locator("option:checked")).toHaveText("In 90 days");
  await dialog.getByRole("button", { name: "Everything I may grant" }).click();
  await dialog.getByRole("button", { name: "Create key" }).click();
  apiKey = (await dialog.getByLabel("New API key").textContent())!;
  await dialog.getByRole("button", { name: "Done" }).click();

  const added = await api(request).send<{ acceptUrl: string }>("POST", "/members", { name: reviewer.name, email: reviewer.email, role: "reviewer" });
  await joinThroughLink(request, added.acceptUrl, { name: reviewer.name, password: reviewer.password });
  const members = await api(request).send<{ data: { id: string; email: string }[] }>("GET", "/members");
  const reviewerId = members.data.find((member) => member.email === reviewer.email)!.id;
  parserId = (
    await api(request).send<{ id: string }>("POST", "/parsers", {
      name: parserName,
      fields: [
        { name: "poNumber", type: "text", required: true },
        { name: "supplier", type: "text" },
        { name: "total", type: "number" },
      ],
    })
  ).id;
  await api(request).send("POST", `/parsers/${parserId}/review-stages`, { name: "PO check", reviewerId });
  for (const [index, name] of names.entries()) {
    const upload = await request.post(`/api/v1/process/${parserId}/files`, { headers: { authorization: `Bearer ${apiKey}` }, multipart: { file: { name, mimeType: "application/pdf", buffer: await orderPdf(name) } } });
    expect(upload.status()).toBe(200);
    const documentId = ((await upload.json()) as { result: { documentId: string }[] }).result[0]!.documentId;
    await expect.poll(async () => (await api(request).send<{ status: string }>("GET", `/parsers/${parserId}/documents/${documentId}`)).status, { timeout: 90_000 }).toBe("in_review");
    await api(request).send("PATCH", `/process/${parserId}/files/data`, { documentId, data: DATA[index] });
  }
});

test("the document list shows chosen values as columns, remembers them, and says what a search matched", async ({ page }) => {
  await signIn(page, ADMIN.email, ADMIN.password);
  await expect(page.getByRole("heading", { name: /Welcome/ })).toBeVisible();
  await page.goto(`/parsers/${parserId}/documents`);
  await page.getByRole("button", { name: /^Columns/ }).click();
  const dialog = page.getByRole("dialog", { name: "Columns from the extracted data" });
  await dialog.getByRole("checkbox", { name: "supplier" }).check();
  await dialog.getByRole("checkbox", { name: "total" }).check();
  await dialog.getByRole("button", { name: "Save columns" }).click();
  await expect(dialog).toBeHidden();
  const table = page.getByRole("table", { name: "Documents" });
  await expect(table.getByRole("columnheader", { name: "supplier" })).toBeVisible();
  const first = table.getByRole("row").filter({ has: page.getByRole("link", { name: names[0] }) });
  await expect(first.getByRole("cell", { name: "Acme Wholesale" })).toBeVisible();
  await expect(first.getByRole("cell", { name: "100", exact: true })).toBeVisible();

  await page.reload();
  await expect(table.getByRole("columnheader", { name: "total" })).toBeVisible();

  // A value's markup is shown as text; only the search words are marked.
  await page.getByRole("searchbox", { name: "Search documents" }).fill("globex");
  await page.getByRole("button", { name: "Search", exact: true }).click();
  const hit = table.getByRole("row").filter({ has: page.getByRole("link", { name: names[2] }) });
  await expect(hit).toContainText("Matched in supplier:");
  await expect(hit.locator("mark")).toHaveText("Globex");
  await expect(hit.locator("b")).toHaveCount(0);
  await expect(hit).toContainText("<b>Globex</b> Trading");
  await expect(table.getByRole("row").filter({ has: page.getByRole("link") })).toHaveCount(1);
  await expectNoSeriousViolations(page);
  await expectSmallScreensFine(page);
  await signOut(page);
});

test("the reviewer starts reviewing, then decides from the queue: checks still apply, a reject asks why", async ({ page }) => {
  await signIn(page, reviewer.email, reviewer.password);
  await expect(page.getByRole("heading", { name: /Welcome/ })).toBeVisible();
  // Before choosing anything, the queue shows the parser's first required values, and has the Columns control.
  await page.goto("/review");
  await expect(queueTable(page).getByRole("columnheader", { name: "poNumber" })).toBeVisible();
  await expect(queueTable(page).getByRole("columnheader", { name: "total" })).toHaveCount(0);
  await expect(queueRow(page, names[0]).getByRole("cell", { name: "PO-1" })).toBeVisible();
  await page.getByRole("button", { name: /^Columns/ }).click();
  const queueColumns = page.getByRole("dialog", { name: "Columns from the extracted data" });
  await expect(queueColumns.getByRole("checkbox", { name: "poNumber" })).toBeVisible();
  await queueColumns.getByRole("button", { name: "Cancel" }).click();
  await page.screenshot({ path: test.info().outputPath("queue-1280.png") });

  // The reviewer's own columns: preferences are per person.
  await page.goto(`/parsers/${parserId}/documents`);
  await page.getByRole("button", { name: /^Columns/ }).click();
  const dialog = page.getByRole("dialog", { name: "Columns from the extracted data" });
  await dialog.getByRole("checkbox", { name: "poNumber" }).check();
  await dialog.getByRole("checkbox", { name: "total" }).check();
  await dialog.getByRole("button", { name: "Save columns" }).click();
  await expect(dialog).toBeHidden();

  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: /^Review/ }).click();
  await expect(page.getByRole("heading", { name: "Review queue", level: 1 })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Assigned to me · 3 documents" })).toBeVisible();
  await expect(queueTable(page).getByRole("columnheader", { name: "poNumber" })).toBeVisible();
  await expect(queueRow(page, names[0]).getByRole("cell", { name: "PO-1" })).toBeVisible();
  await expectNoSeriousViolations(page);
  await expectSmallScreensFine(page);

  await page.getByRole("link", { name: "Start reviewing" }).click();
  await expect(page).toHaveURL(new RegExp(`/parsers/${parserId}/documents/`));
  await expect(page.getByRole("navigation", { name: "Review queue" })).toContainText(/1 of 3/);
  await page.goBack();
  await expect(page.getByRole("heading", { name: "Review queue", level: 1 })).toBeVisible();

  // Approving two: the one without a PO number fails the parser's checks and stays, still selected.
  await page.getByRole("checkbox", { name: `Select ${names[0]}` }).check();
  await page.getByRole("checkbox", { name: `Select ${names[1]}` }).check();
  const toolbar = page.getByRole("toolbar", { name: "Selected documents" });
  // Asked first, with the count and the document whose checks fail.
  await toolbar.getByRole("button", { name: "Approve selected…" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Approve 2 documents?" });
  await expect(confirm).toContainText("1 of them fails the parser's checks and will stay in the queue; 1 document will be approved.");
  await expect(confirm.getByRole("list", { name: "Documents whose checks fail" })).toContainText(`${names[1]}: poNumber is required but empty`);
  await confirm.getByRole("button", { name: "Approve 1 document" }).click();
  const outcome = page.getByRole("status", { name: "Outcome" });
  await expect(outcome).toContainText("1 document approved, 1 not approved");
  // (The pointer rests on the toast, so it stays while the outcome is read.)
  const notifications = page.getByRole("status", { name: "Notifications" });
  await notifications.getByRole("button", { name: "Undo decisions" }).hover();
  await expect(outcome).toContainText(`${names[1]}: This document cannot be approved yet`);
  await expect(outcome).toContainText("poNumber");
  await expect(page.getByRole("heading", { name: "Assigned to me · 2 documents" })).toBeVisible();
  await expect(queueRow(page, names[0])).toHaveCount(0);
  await expect(page.getByRole("checkbox", { name: `Select ${names[1]}` })).toBeChecked();

  // A bulk approval has a way back, like a single one: the toast's undo puts the order back in the queue.
  await notifications.getByRole("button", { name: "Undo decisions" }).click();
  await expect(notifications.getByText("Decisions undone")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Assigned to me · 3 documents" })).toBeVisible();
  await page.getByRole("checkbox", { name: `Select ${names[1]}` }).uncheck();
  await page.getByRole("checkbox", { name: `Select ${names[0]}` }).check();
  await toolbar.getByRole("button", { name: "Approve selected…" }).click();
  const again = page.getByRole("alertdialog", { name: "Approve 1 document?" });
  await expect(again).toContainText("You can undo it for a minute.");
  await again.getByRole("button", { name: "Approve 1 document" }).click();
  await expect(page.getByRole("heading", { name: "Assigned to me · 2 documents" })).toBeVisible();
  await page.getByRole("checkbox", { name: `Select ${names[1]}` }).check();

  await toolbar.getByRole("button", { name: "Reject selected…" }).click();
  const reject = page.getByRole("dialog", { name: "Reject 1 document?" });
  await reject.getByRole("button", { name: "Reject 1 document" }).click();
  await expect(reject.getByText("Say why these documents are rejected")).toBeVisible();
  await reject.getByLabel(/^Reason/).fill("No PO number on the order");
  await reject.getByRole("button", { name: "Reject 1 document" }).click();
  await expect(reject).toBeHidden();
  await expect(page.getByRole("status", { name: "Outcome" })).toContainText("1 document rejected");
  await expect(page.getByRole("heading", { name: "Assigned to me · 1 document" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: /Review.*1 waiting for you/ })).toBeVisible();
  await signOut(page);
});

test("an admin assigns a waiting order to herself from everyone's queue and approves it: nothing waits, no count", async ({ page }) => {
  await signIn(page, ADMIN.email, ADMIN.password);
  await expect(page.getByRole("heading", { name: /Welcome/ })).toBeVisible();
  await page.goto("/review?assignee=any");
  await page.getByRole("checkbox", { name: `Select ${names[2]}` }).check();
  await page.getByRole("toolbar", { name: "Selected documents" }).getByLabel("Assign selected to").selectOption({ label: ADMIN.name });
  await expect(page.getByRole("status", { name: "Outcome" })).toContainText("1 document assigned");
  await page.getByRole("navigation", { name: "Whose documents" }).getByRole("link", { name: "Assigned to me" }).click();
  await page.getByRole("checkbox", { name: `Select ${names[2]}` }).check();
  await page.getByRole("toolbar", { name: "Selected documents" }).getByRole("button", { name: "Approve selected…" }).click();
  await page.getByRole("alertdialog", { name: "Approve 1 document?" }).getByRole("button", { name: "Approve 1 document" }).click();
  // The queue is empty now: the list (and its outcome line) give way to the empty state, with no count beside it.
  await expect(page.getByText("Nothing waits for you")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Assigned to me", exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: "Start reviewing" })).toHaveCount(0);
});

test("an admin resets the reviewer's password: she must choose her own before the console opens, and later changes it herself", async ({ page }) => {
  await signIn(page, ADMIN.email, ADMIN.password);
  await expect(page.getByRole("heading", { name: /Welcome/ })).toBeVisible();
  await page.goto("/settings/members");
  await page.getByRole("button", { name: `Reset the password of ${reviewer.name}` }).click();
  await page.getByRole("alertdialog", { name: `Reset ${reviewer.name}'s password?` }).getByRole("button", { name: "Reset password" }).click();
  const shown = page.getByRole("dialog", { name: `Temporary password for ${reviewer.name}` });
  const temporary = (await shown.getByLabel("Temporary password", { exact: true }).textContent())!.trim();
  expect(temporary).toMatch(/^\w{4}-\w{4}-\w{4}-\w{4}$/);
  await shown.getByRole("button", { name: "Done" }).click();
  await expectSmallScreensFine(page);
  await signOut(page);

  await signIn(page, reviewer.email, reviewer.password);
  await expect(page.getByText("Wrong e-mail or password.")).toBeVisible();
  await signIn(page, reviewer.email, temporary);
  await expect(page.getByRole("heading", { name: "Choose your own password", level: 1 })).toBeVisible();
  // Any console address shows the same until she has chosen.
  await page.goto("/review");
  await expect(page.getByRole("heading", { name: "Choose your own password", level: 1 })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Main" })).toHaveCount(0);
  await expectNoSeriousViolations(page);
  await page.getByRole("textbox", { name: "Temporary password" }).fill(temporary);
  await page.getByRole("textbox", { name: "New password" }).fill("lena-chose-this-one");
  await page.getByRole("button", { name: "Save my password" }).click();
  await expect(page.getByRole("heading", { name: "Review queue", level: 1 })).toBeVisible();
  await signOut(page);
  await signIn(page, reviewer.email, "lena-chose-this-one");
  await expect(page.getByRole("heading", { name: /Welcome/ })).toBeVisible();

  // Later she changes it herself, from her account page; a wrong current password is refused on its field.
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Account" }).click();
  const form = page.getByRole("region", { name: "Change password" });
  await form.getByRole("textbox", { name: "Current password" }).fill("not-my-password");
  await form.getByRole("textbox", { name: "New password" }).fill("lena-changed-it-again");
  await form.getByRole("button", { name: "Change password" }).click();
  await expect(form.getByRole("textbox", { name: "Current password" })).toHaveAttribute("aria-invalid", "true");
  await form.getByRole("textbox", { name: "Current password" }).fill("lena-chose-this-one");
  await form.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByRole("status").getByText("Password changed")).toBeVisible();
  await expectNoSeriousViolations(page);
  await signOut(page);
  await signIn(page, reviewer.email, "lena-changed-it-again");
  await expect(page.getByRole("heading", { name: /Welcome/ })).toBeVisible();
  await signOut(page);
});
