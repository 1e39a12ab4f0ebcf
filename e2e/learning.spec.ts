import { expect, test, type APIRequestContext, type Page } from "./support/test";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { teamPerson } from "./support/accounts";
import { signIn } from "./support/sign-in";

/**
 * A parser that learns from its reviewers (issue 22): the admin corrects one invoice of a sender in the review
 * workspace and approves it; the next invoice of the same sender comes out right on its own, and the parser's
 * Accuracy page shows the correction and the straight-through approval that followed. With straight-through
 * processing switched on, the sender's third invoice skips the review stage, and the workspace says so and why; a
 * new field is previewed on the approved documents before it is saved.
 */
test.describe.configure({ mode: "serial" });

// This spec's own admin, invited into the team by the crew fixture (e2e/support/test.ts) before its first test.
const ADMIN = teamPerson({ name: "Barbara Liskov", role: "admin" });
test.use({ people: [ADMIN] });

let apiKey = "";
let parserId = "";
let adminId = "";

async function api<T>(request: APIRequestContext, method: "GET" | "POST" | "PATCH", path: string, data?: unknown): Promise<T> {
  const response = await request.fetch(`/api/v1${path}`, { method, headers: { authorization: `Bearer ${apiKey}` }, data });
  expect(response.status(), `${method} ${path}: ${await response.text()}`).toBeLessThan(300);
  return (await response.json()) as T;
}

/** One sender's invoice: the same letterhead and labels, this invoice's reference and total. "Vorgang" is no label the engine knows. */
async function invoice(reference: string, total: string): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([595, 842]);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  ["Nordwind Handel GmbH", "Hafenstrasse 12, 28195 Bremen", "IBAN DE89 3704 0044 0532 0130 00", `Vorgang ${reference}`, "Rechnung", `Gesamtbetrag ${total} EUR`].forEach((line, index) =>
    page.drawText(line, { x: 50, y: 780 - index * 24, size: 13, font }),
  );
  return Buffer.from(await pdf.save());
}

async function uploadAndWait(request: APIRequestContext, name: string, bytes: Buffer): Promise<string> {
  const response = await request.post(`/api/v1/process/${parserId}/files`, {
    headers: { authorization: `Bearer ${apiKey}` },
    multipart: { file: { name, mimeType: "application/pdf", buffer: bytes } },
  });
  expect(response.status(), await response.text()).toBe(200);
  const documentId = ((await response.json()) as { result: { documentId: string }[] }).result[0]!.documentId;
  await expect.poll(async () => (await api<{ status: string }>(request, "GET", `/parsers/${parserId}/documents/${documentId}`)).status, { timeout: 90_000 }).toBe("in_review");
  return documentId;
}

async function approveInWorkspace(page: Page, documentId: string) {
  await page.getByRole("button", { name: "Approve" }).click();
  await expect.poll(async () => (await api<{ status: string }>(page.request, "GET", `/parsers/${parserId}/documents/${documentId}`)).status).toBe("approved");
}

test("an admin sets up a parser whose documents they review", async ({ page, request }) => {
  await signIn(page, ADMIN.email, ADMIN.password);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "API keys" }).click();
  await page.getByRole("button", { name: "Create API key" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Name").fill("Learning journey");
  await dialog.getByRole("button", { name: "Everything I may grant" }).click();
  await dialog.getByRole("button", { name: "Create key" }).click();
  apiKey = (await dialog.getByLabel("New API key").textContent())!;
  await dialog.getByRole("button", { name: "Done" }).click();

  adminId = (await api<{ user: { id: string } }>(request, "GET", "/me")).user.id;
  parserId = (
    await api<{ id: string }>(request, "POST", "/parsers", {
      name: "Nordwind invoices",
      fields: [
        { name: "vendor_name", type: "text", description: "Vendor name" },
        { name: "reference", type: "text", description: "Internal reference" },
        { name: "total", type: "number", description: "Total amount" },
      ],
    })
  ).id;
  await api(request, "POST", `/parsers/${parserId}/review-stages`, { name: "Check", reviewerId: adminId });
});

test("a correction on one invoice makes the next invoice of the sender come out right, and the accuracy page shows it", async ({ page, request }) => {
  await signIn(page, ADMIN.email, ADMIN.password);
  await expect(page.getByRole("heading", { name: /Welcome/ })).toBeVisible();

  // The first invoice: the engine alone cannot read the reference beside "Vorgang"; the admin types it and approves.
  const first = await uploadAndWait(request, "NW-1.pdf", await invoice("VG-10442", "119.00"));
  await page.goto(`/parsers/${parserId}/documents/${first}`);
  const reference = page.getByLabel("Reference", { exact: true });
  await expect(reference).not.toHaveValue("VG-10442");
  await reference.fill("VG-10442");
  await reference.press("Enter");
  await expect(page.getByText("All changes saved")).toBeVisible();
  await approveInWorkspace(page, first);

  // The next invoice of the same sender: its own reference is read where the correction taught it, nobody typed it.
  const second = await uploadAndWait(request, "NW-2.pdf", await invoice("VG-20917", "86.40"));
  await page.goto(`/parsers/${parserId}/documents/${second}`);
  await expect(page.getByLabel("Reference", { exact: true })).toHaveValue("VG-20917");
  await expect(page.getByLabel("Total", { exact: true })).toHaveValue(/^86\.4/);
  await approveInWorkspace(page, second);

  // The Accuracy page: two approved, the second without a change; the reference was changed once, on the first.
  await page.goto(`/parsers/${parserId}/accuracy`);
  await expect(page.getByTestId("straight-through")).toContainText("2 approved documents, 1 approved without a change");
  await expect(page.getByRole("row", { name: /^reference/ })).toContainText("1 of 2");
  await expect(page.getByTestId("taught-example").filter({ hasText: "approval" })).toHaveCount(2);
});

test("a stage skipped straight through says so and why in the review workspace", async ({ page, request }) => {
  const stages = await api<{ data: { id: string }[] }>(request, "GET", `/parsers/${parserId}/review-stages`);
  await api(request, "PATCH", `/parsers/${parserId}/review-stages/${stages.data[0]!.id}`, { straightThrough: { enabled: true, minConfidence: 0.5 } });
  const response = await request.post(`/api/v1/process/${parserId}/files`, {
    headers: { authorization: `Bearer ${apiKey}` },
    multipart: { file: { name: "NW-3.pdf", mimeType: "application/pdf", buffer: await invoice("VG-30115", "240.00") } },
  });
  expect(response.status(), await response.text()).toBe(200);
  const third = ((await response.json()) as { result: { documentId: string }[] }).result[0]!.documentId;
  await expect.poll(async () => (await api<{ status: string }>(request, "GET", `/parsers/${parserId}/documents/${third}`)).status, { timeout: 90_000 }).toBe("approved");

  await signIn(page, ADMIN.email, ADMIN.password);
  await expect(page.getByRole("heading", { name: /Welcome/ })).toBeVisible();
  await page.goto(`/parsers/${parserId}/documents/${third}`);
  const skipped = page.getByRole("list", { name: "Stages skipped" });
  await expect(skipped).toContainText("Check was skipped.");
  await expect(skipped).toContainText(/Skipped straight through: every value was read with confidence ≥ 0\.50 \(lowest \d\.\d\d, \w+\) and every check passed\./);
  await page.getByRole("button", { name: "Details" }).click();
  await expect(page.getByRole("list", { name: "Review stages, with reviewers and times" })).toContainText("Skipped straight through");
});

test("a new field is previewed on the approved documents before it is saved", async ({ page, request }) => {
  await signIn(page, ADMIN.email, ADMIN.password);
  await expect(page.getByRole("heading", { name: /Welcome/ })).toBeVisible();
  await page.goto(`/parsers/${parserId}/fields`);
  await page.getByRole("button", { name: "Add field" }).click();
  const fieldDialog = page.getByRole("dialog", { name: "Add field" });
  await fieldDialog.getByLabel("Name").fill("iban");
  await fieldDialog.getByLabel("Description").fill("IBAN of the supplier's bank account");
  await fieldDialog.getByRole("button", { name: "Preview on approved documents" }).click();

  const preview = page.getByRole("dialog", { name: "Preview on approved documents" });
  await expect(preview).toContainText(/Read \d+ of \d+ approved documents/, { timeout: 90_000 });
  // Each approved invoice shows the new field's value, as the parser would read it once the field is saved.
  const values = preview.getByRole("table", { name: "Values of NW-1.pdf" });
  await expect(values.getByRole("row", { name: /^iban/ })).toContainText("New field");
  await expect(values.getByRole("row", { name: /^iban/ })).toContainText(/DE89/);
  // The footer's Close (the corner's ✕ is named Close too).
  await preview.getByRole("button", { name: "Close" }).last().click();
  await expect(preview).toBeHidden();
  // Nothing was saved by the preview.
  await fieldDialog.getByRole("button", { name: "Cancel" }).click();
  await expect(fieldDialog).toBeHidden();
  const fields = await api<{ data: { name: string }[] }>(request, "GET", `/parsers/${parserId}/fields`);
  expect(fields.data.map((field) => field.name)).toEqual(["vendor_name", "reference", "total"]);
});
