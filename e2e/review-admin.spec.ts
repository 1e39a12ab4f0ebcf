import { expect, test, type APIRequestContext, type Page } from "./support/test";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { teamPerson } from "./support/accounts";
import { expectNoSeriousViolations } from "./support/axe";
import { signIn, signOut } from "./support/sign-in";
import { joinThroughLink } from "./support/join";

/**
 * What an admin does to put a parser under review, and what the reviewer then sees: two mandatory stages and a
 * conditional one with a rule, built and reordered in the stage editor (with the 500-character counter); a
 * document extracted afterwards waits in the reviewer's queue; a stage with a document at it cannot be deleted; renaming
 * the field the conditional stage uses warns first (deleting it too), and the condition follows the new name.
 */
test.describe.configure({ mode: "serial" });

// This spec's own admin, invited into the team by the crew fixture (e2e/support/test.ts) before its first test.
const ADMIN = teamPerson({ name: "Margaret Hamilton", role: "admin" });
test.use({ people: [ADMIN] });

const reviewer = { name: "Linus Lector", email: "linus@initech.test", password: "" };
const parserName = "Expense claims";
const documentName = "CLAIM-E2E-0001.pdf";
let apiKey = "";
let parserId = "";

const api = (request: APIRequestContext) => ({
  headers: { authorization: `Bearer ${apiKey}` },
  async post<T>(path: string, data: unknown): Promise<T> {
    const response = await request.post(`/api/v1${path}`, { headers: this.headers, data });
    expect(response.status(), `POST ${path}: ${await response.text()}`).toBeLessThan(300);
    return (await response.json()) as T;
  },
  async get<T>(path: string): Promise<T> {
    const response = await request.get(`/api/v1${path}`, { headers: this.headers });
    expect(response.status(), `GET ${path}`).toBe(200);
    return (await response.json()) as T;
  },
});

async function claimPdf(): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([595, 842]);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  ["Initech Expense Claim", "Claim Number: CLAIM-E2E-0001", "Claim Date: 2024-06-01", "Total: 1250.00"].forEach((line, index) =>
    page.drawText(line, { x: 50, y: 780 - index * 24, size: 14, font }),
  );
  return Buffer.from(await pdf.save());
}

async function openStages(page: Page) {
  await page.goto(`/parsers/${parserId}`);
  await page.getByRole("navigation", { name: "Parser sections" }).getByRole("link", { name: "Review stages" }).click();
  await expect(page.getByRole("heading", { name: "Review stages", level: 2, exact: true })).toBeVisible();
}

const stageOrder = (page: Page) => page.getByRole("list", { name: "Review stages" }).getByRole("heading", { level: 3 }).allTextContents();

async function addStage(page: Page, name: string, reviewerName: string) {
  await page.getByRole("button", { name: "Add stage" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Add review stage" });
  await dialog.getByRole("textbox", { name: /^Name/ }).fill(name);
  await dialog.getByLabel("Reviewer", { exact: true }).selectOption({ label: reviewerName });
  return dialog;
}

test("an admin creates an API key, a reviewer and a parser with fields", async ({ page, request }) => {
  await signIn(page, ADMIN.email, ADMIN.password);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "API keys" }).click();
  await page.getByRole("button", { name: "Create API key" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Name").fill("Review setup");
  // Keys start read-only; this one sets up members and parsers.
  await dialog.getByRole("button", { name: "Everything I may grant" }).click();
  await dialog.getByRole("button", { name: "Create key" }).click();
  apiKey = (await dialog.getByLabel("New API key").textContent())!;
  await dialog.getByRole("button", { name: "Done" }).click();

  const added = await api(request).post<{ acceptUrl: string }>("/members", { name: reviewer.name, email: reviewer.email, role: "reviewer" });
  reviewer.password = "linus-lector-password";
  await joinThroughLink(request, added.acceptUrl, { name: reviewer.name, password: reviewer.password });
  const parser = await api(request).post<{ id: string }>("/parsers", {
    name: parserName,
    fields: [
      { name: "claimNumber", type: "text", description: "The claim number" },
      { name: "total", type: "number", description: "The total amount claimed" },
      { name: "lines", type: "table", columns: [{ name: "description", type: "text" }] },
    ],
  });
  parserId = parser.id;
});

test("an admin builds two mandatory stages and a conditional one, and reorders them", async ({ page }) => {
  await signIn(page, ADMIN.email, ADMIN.password);
  await expect(page.getByRole("heading", { name: /Welcome/ })).toBeVisible();
  await openStages(page);
  await expect(page.getByText("No review stages")).toBeVisible();

  await (await addStage(page, "Team lead check", reviewer.name)).getByRole("button", { name: "Add stage" }).click();
  await expect(page.getByRole("heading", { name: "Team lead check", level: 3 })).toBeVisible();

  // The instructions counter turns red past 500 characters, and the form refuses to save until it is back under.
  const finance = await addStage(page, "Finance check", ADMIN.name);
  const instructions = finance.getByLabel("Reviewer instructions");
  await instructions.fill("x".repeat(501));
  const counter = finance.getByText(/^501 \/ 500/);
  await expect(counter).toBeVisible();
  await expect(counter).toHaveClass(/text-danger/);
  await finance.getByRole("button", { name: "Add stage" }).click();
  await expect(finance.getByText("At most 500 characters")).toBeVisible();
  await instructions.fill("Check the VAT number.");
  await expect(finance.getByText(/^21 \/ 500/)).not.toHaveClass(/text-danger/);
  await finance.getByRole("button", { name: "Add stage" }).click();
  await expect(page.getByRole("heading", { name: "Finance check", level: 3 })).toBeVisible();

  // A conditional stage with a rule; the value box goes away for operators that need none.
  const large = await addStage(page, "Large amounts", ADMIN.name);
  await large.getByLabel(/^Conditional/).check();
  const rules = large.getByRole("list", { name: "Rules" });
  await expect(large.getByLabel("Rule 1 field").locator("option")).toHaveText(["Choose a field", "claimNumber", "total"]);
  await large.getByLabel("Rule 1 field").selectOption("total");
  await large.getByLabel("Rule 1 operator").selectOption({ label: "is greater than" });
  // The API's refusal lands on the rule it is about.
  await large.getByLabel("Rule 1 value").fill("a lot");
  await large.getByRole("button", { name: "Add stage" }).click();
  await expect(large.getByLabel("Rule 1 value")).toHaveAttribute("aria-invalid", "true");
  await expect(large.getByText(/compares numbers or dates/)).toBeVisible();
  await large.getByLabel("Rule 1 value").fill("1000");
  await large.getByRole("button", { name: "Add rule" }).click();
  await large.getByLabel("Rule 2 operator").selectOption({ label: "is empty" });
  await expect(large.getByLabel("Rule 2 value")).toHaveCount(0);
  await expect(rules.getByRole("listitem")).toHaveCount(2);
  await large.getByRole("button", { name: "Remove rule 2" }).click();
  await expect(rules.getByRole("listitem")).toHaveCount(1);
  await expectNoSeriousViolations(page);
  await large.getByRole("button", { name: "Add stage" }).click();
  await expect(page.getByRole("heading", { name: "Large amounts", level: 3 })).toBeVisible();
  await expect(page.getByRole("list", { name: "Review stages" }).getByRole("listitem").last()).toContainText("Documents where total is greater than 1000");

  // Reorder with the keyboard: focus stays on the moved stage's buttons.
  await expect.poll(() => stageOrder(page)).toEqual(["Team lead check", "Finance check", "Large amounts"]);
  await page.getByRole("button", { name: "Move Finance check up" }).focus();
  await page.keyboard.press("Enter");
  await expect.poll(() => stageOrder(page)).toEqual(["Finance check", "Team lead check", "Large amounts"]);
  await expect(page.getByRole("button", { name: "Move Finance check down" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect.poll(() => stageOrder(page)).toEqual(["Team lead check", "Finance check", "Large amounts"]);
  await page.reload();
  await expect.poll(() => stageOrder(page)).toEqual(["Team lead check", "Finance check", "Large amounts"]);
  await expectNoSeriousViolations(page);
});

test("a document extracted after that waits in the reviewer's queue", async ({ page, request }) => {
  const upload = await request.post(`/api/v1/process/${parserId}/files`, {
    headers: { authorization: `Bearer ${apiKey}` },
    multipart: { file: { name: documentName, mimeType: "application/pdf", buffer: await claimPdf() } },
  });
  expect(upload.status()).toBe(200);
  const documentId = ((await upload.json()) as { result: { documentId: string }[] }).result[0]!.documentId;
  await expect
    .poll(async () => (await api(request).get<{ status: string }>(`/parsers/${parserId}/documents/${documentId}`)).status, { timeout: 90_000 })
    .toBe("in_review");

  await signIn(page, reviewer.email, reviewer.password);
  await expect(page.getByRole("heading", { name: /Welcome/ })).toBeVisible();
  const nav = page.getByRole("navigation", { name: "Main" });
  await expect(nav.getByRole("link", { name: /Review.*1 waiting for you/ })).toBeVisible();
  await nav.getByRole("link", { name: /^Review/ }).click();
  await expect(page.getByRole("heading", { name: "Review queue", level: 1 })).toBeVisible();
  // A reviewer sees their own queue only.
  await expect(page.getByRole("navigation", { name: "Whose documents" })).toHaveCount(0);

  const table = page.getByRole("table", { name: /Documents waiting for review/ });
  const row = table.getByRole("row").filter({ has: page.getByRole("link", { name: documentName }) });
  await expect(row).toContainText(parserName);
  await expect(row).toContainText(/1 of \d · Team lead check/);
  await expect(row).toContainText(reviewer.name);
  await expect(row).toContainText("under 1 min");
  await expect(row.getByRole("link", { name: documentName })).toHaveAttribute("href", `/parsers/${parserId}/documents/${documentId}`);

  const byStage = page.getByRole("region", { name: "By stage" });
  await byStage.getByRole("link", { name: new RegExp(`${parserName} · Team lead check`) }).click();
  await expect(page).toHaveURL(/stage=[0-9a-f-]{36}/);
  await expect(byStage.getByRole("link", { name: new RegExp(`${parserName} · Team lead check`) })).toHaveAttribute("aria-current", "true");
  await expect(row).toBeVisible();
  await expectNoSeriousViolations(page);

  // Reviewers read the stages but cannot change them.
  await openStages(page);
  await expect(page.getByRole("heading", { name: "Team lead check", level: 3 })).toBeVisible();
  await expect(page.getByRole("button", { name: "Add stage" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: /^Edit / })).toHaveCount(0);
  await signOut(page);
});

test("a stage with a document waiting at it cannot be deleted, and the admin sees why", async ({ page }) => {
  await signIn(page, ADMIN.email, ADMIN.password);
  await expect(page.getByRole("heading", { name: /Welcome/ })).toBeVisible();
  await openStages(page);
  const first = page.getByRole("list", { name: "Review stages" }).getByRole("listitem").first();
  await expect(first).toContainText("1 document");
  await page.getByRole("button", { name: "Delete Team lead check" }).click();
  const confirm = page.getByRole("alertdialog");
  await confirm.getByRole("button", { name: "Delete stage" }).click();
  // The API's reason, in the dialog, which stays open.
  await expect(confirm.getByText(/is in use: 1 document/)).toBeVisible();
  await expect(confirm.getByRole("button", { name: "Delete stage" })).toBeFocused();
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByRole("heading", { name: "Team lead check", level: 3 })).toBeVisible();

  // The admin's own queue is empty; everyone's shows the document at its stage.
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: /^Review/ }).click();
  await expect(page.getByText("Nothing waits for you")).toBeVisible();
  await page.getByRole("navigation", { name: "Whose documents" }).getByRole("link", { name: "Everyone" }).click();
  await expect(page).toHaveURL(/assignee=any/);
  await expect(page.getByRole("link", { name: documentName })).toBeVisible();
  await expectNoSeriousViolations(page);
});

test("renaming a field a stage condition uses warns first, and the condition follows the new name", async ({ page }) => {
  await signIn(page, ADMIN.email, ADMIN.password);
  await expect(page.getByRole("heading", { name: /Welcome/ })).toBeVisible();
  await page.goto(`/parsers/${parserId}/fields`);
  await page.getByRole("button", { name: "Edit total", exact: true }).click();
  const dialog = page.getByRole("dialog");
  const warning = dialog.getByRole("note");
  // The warning appears only once the name changes, and says what follows the rename.
  await expect(warning).toHaveCount(0);
  await dialog.getByRole("textbox", { name: /^Name/ }).fill("claimTotal");
  await expect(warning).toContainText("“total” is used by the condition of review stage “Large amounts”");
  await expect(warning).toContainText("stage conditions follow the new name");
  await expectNoSeriousViolations(page);
  await dialog.getByRole("button", { name: "Save field" }).click();
  await expect(page.getByRole("heading", { name: "claimTotal", level: 3, exact: true })).toBeVisible();

  // Deleting it would say the same before anything goes; the admin keeps it.
  await page.getByRole("button", { name: "Delete claimTotal", exact: true }).click();
  const confirm = page.getByRole("alertdialog");
  await expect(confirm).toContainText("It is used by the condition of review stage “Large amounts”");
  await confirm.getByRole("button", { name: "Cancel" }).click();

  await openStages(page);
  await expect(page.getByRole("list", { name: "Review stages" }).getByRole("listitem").last()).toContainText("Documents where claimTotal is greater than 1000");
});

test("an empty table-column name is marked on its own row", async ({ page }) => {
  await signIn(page, ADMIN.email, ADMIN.password);
  await expect(page.getByRole("heading", { name: /Welcome/ })).toBeVisible();
  await page.goto(`/parsers/${parserId}/fields`);
  await page.getByRole("button", { name: "Edit lines", exact: true }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("button", { name: "Add column" }).click();
  await dialog.getByRole("button", { name: "Save field" }).click();
  const unnamed = dialog.getByLabel("Column 2 name");
  await expect(unnamed).toHaveAttribute("aria-invalid", "true");
  await expect(unnamed).toHaveAccessibleDescription("Column 2: give this column a name");
  await expect(dialog.getByLabel("Column 1 name")).not.toHaveAttribute("aria-invalid", "true");
  await expect(dialog.getByText("Check the columns: each needs a unique name.")).toHaveCount(0);
  await dialog.getByRole("button", { name: "Cancel" }).click();
});

test("the accuracy page does not count a value retyped to the same text as a correction", async ({ page, request }) => {
  // A parser of its own, one stage the admin reviews: one document, its claim number retyped as it was, approved.
  const me = await api(request).get<{ user: { id: string } }>("/me");
  const own = await api(request).post<{ id: string }>("/parsers", { name: "Retyped claims", fields: [{ name: "claimNumber", type: "text" }, { name: "total", type: "number" }] });
  await api(request).post(`/parsers/${own.id}/review-stages`, { name: "Check", reviewType: "mandatory", reviewerId: me.user.id });
  const upload = await request.post(`/api/v1/process/${own.id}/files`, { headers: { authorization: `Bearer ${apiKey}` }, multipart: { file: { name: "CLAIM-RETYPED.pdf", mimeType: "application/pdf", buffer: await claimPdf() } } });
  const documentId = ((await upload.json()) as { result: { documentId: string }[] }).result[0]!.documentId;
  await expect.poll(async () => (await api(request).get<{ status: string }>(`/parsers/${own.id}/documents/${documentId}`)).status, { timeout: 90_000 }).toBe("in_review");
  const extracted = await api(request).get<{ data: { claimNumber: string | null; total: number | null } }>(`/parsers/${own.id}/documents/${documentId}`);

  await signIn(page, ADMIN.email, ADMIN.password);
  await expect(page.getByRole("heading", { name: /Welcome/ })).toBeVisible();
  await page.goto(`/parsers/${own.id}/documents/${documentId}`);
  const claimNumber = page.getByLabel("Claim number", { exact: true });
  await claimNumber.fill("something else");
  await claimNumber.press("Enter");
  await expect(page.getByText("All changes saved")).toBeVisible();
  await claimNumber.fill(` ${extracted.data.claimNumber ?? ""} `);
  await claimNumber.press("Enter");
  await expect(page.getByText("All changes saved")).toBeVisible();
  await page.getByRole("button", { name: "Approve" }).click();
  await expect.poll(async () => (await api(request).get<{ status: string }>(`/parsers/${own.id}/documents/${documentId}`)).status).toBe("approved");

  const accuracy = await api(request).get<{ straightThrough: number; fields: { name: string; changed: number }[] }>(`/parsers/${own.id}/accuracy`);
  expect(accuracy.fields.find((field) => field.name === "claimNumber")?.changed).toBe(0);
  expect(accuracy.straightThrough).toBe(1);
  await page.goto(`/parsers/${own.id}/accuracy`);
  await expect(page.getByRole("main")).toContainText("1 approved without a change (100 %)");
});
