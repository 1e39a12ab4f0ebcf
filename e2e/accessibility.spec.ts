import AxeBuilder from "@axe-core/playwright";
import { textPdf } from "../tests/support/fixture-files";
import { teamPerson } from "./support/accounts";
import { expectNoSeriousViolations } from "./support/axe";
import { expect, test } from "./support/test";

/**
 * Every console page, holding what people make (a parser with fields and a folder, a document waiting for review, a
 * webhook, a classifier; the spec makes them through the API first), scanned by axe at a desktop, a tablet and a
 * phone width: no serious or critical finding anywhere.
 */
test.describe.configure({ mode: "serial" });

const WIDTHS = [1280, 768, 390] as const;
const admin = teamPerson({ name: "Jean Sammet", role: "admin" });
test.use({ people: [admin], signedInAs: admin });

type Ids = { parserId: string; documentId: string; webhookId: string; classifierId: string };
const ids: Ids = { parserId: "", documentId: "", webhookId: "", classifierId: "" };

test.beforeAll(async ({ crew }) => {
  test.setTimeout(120_000);
  const api = crew.apiAs(admin);
  const parser = await api.call<{ id: string }>("POST", "/parsers", {
    name: "Audited invoices",
    fields: [
      { name: "invoiceNumber", type: "text", description: "Invoice number" },
      { name: "total", type: "currency", description: "Total amount due" },
      { name: "items", type: "table", description: "Line items", columns: [{ name: "description", type: "text" }, { name: "amount", type: "currency" }] },
    ],
  });
  ids.parserId = parser.id;
  await api.call("POST", `/parsers/${parser.id}/folders`, { name: "2025" });
  await api.call("POST", `/parsers/${parser.id}/review-stages`, { name: "Check", reviewType: "mandatory", reviewerId: crew.idOf(admin) });
  const buffer = Buffer.from(await textPdf(["Initech Supplies", "Invoice Number: INV-A11Y-1", "Invoice Date: 2024-06-01", "Total: 42.00 EUR"]));
  ids.documentId = await api.uploadAndWait({ parserId: parser.id, file: { name: "INV-A11Y-1.pdf", mimeType: "application/pdf", buffer }, status: "in_review" });
  // Its events are ones this spec never causes: the webhooks journey's receiver (the one allowed address) hears nothing.
  const webhook = await api.call<{ id: string }>("POST", `/parsers/${parser.id}/webhooks`, { url: `http://127.0.0.1:${process.env.E2E_WEBHOOK_PORT}/accessibility`, events: ["document.failed"], description: "Never called" });
  ids.webhookId = `${parser.id}/webhooks/${webhook.id}`;
  ids.classifierId = (await api.call<{ id: string }>("POST", "/classifiers", { name: "Audited mailroom", routing: { rules: [{ label: "Invoice", targetParserId: parser.id }], fallback: { action: "skip" } } })).id;
});

/** Every console page, named for the test title; the path needs the ids the spec's setup makes. */
const CONSOLE_PAGES: ReadonlyArray<readonly [name: string, path: (ids: Ids) => string]> = [
  ["home", () => "/"],
  ["parsers", () => "/parsers"],
  ["parser", (ids) => `/parsers/${ids.parserId}`],
  ["parser fields", (ids) => `/parsers/${ids.parserId}/fields`],
  ["parser documents", (ids) => `/parsers/${ids.parserId}/documents`],
  ["parser settings", (ids) => `/parsers/${ids.parserId}/settings`],
  ["review stages", (ids) => `/parsers/${ids.parserId}/review-stages`],
  ["webhooks", (ids) => `/parsers/${ids.parserId}/webhooks`],
  ["accuracy", (ids) => `/parsers/${ids.parserId}/accuracy`],
  ["review workspace", (ids) => `/parsers/${ids.parserId}/documents/${ids.documentId}`],
  ["webhook", (ids) => `/parsers/${ids.webhookId}`],
  ["classifiers", () => "/classifiers"],
  ["classifier", (ids) => `/classifiers/${ids.classifierId}`],
  ["review queue", () => "/review"],
  ["invitations", () => "/invitations"],
  ["API reference", () => "/api-reference"],
  ["account", () => "/settings/account"],
  ["API keys", () => "/settings/api-keys"],
  ["members", () => "/settings/members"],
  ["agent connections", () => "/settings/connections"],
];

// One test per page and width, each with its own time: sixty scans in one test ran past its 600 s budget on a loaded
// machine, and a failure now names the page. Most pages take 6–11 s at load 10; the API reference, the whole API in
// one page, 60–80 s, hence the budget.
for (const width of WIDTHS) {
  for (const [name, pathOf] of CONSOLE_PAGES) {
    test(`the ${name} page renders, with no serious or critical axe finding at ${width} px`, async ({ page }) => {
      test.setTimeout(240_000);
      const path = pathOf(ids);
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await page.goto(path);
      await expect(page.getByRole("main")).toBeVisible();
      // Server components stream: wait until nothing says it is loading before scanning.
      await expect(page.getByRole("status", { name: /loading/i })).toHaveCount(0);
      // A page that failed shows the error boundary, which would pass axe: every page must really render.
      await expect(page.getByText("Something went wrong"), `${path} failed to render`).toHaveCount(0);
      await expectNoSeriousViolations(page, `${path} at ${width} px`);
    });
  }
}

test("the review workspace has an h1 and landmarks: axe reports nothing on it, at 1280 and 390 px", async ({ page }) => {
  for (const [width, height] of [[1280, 720], [390, 844]] as const) {
    await page.setViewportSize({ width, height });
    await page.goto(`/parsers/${ids.parserId}/documents/${ids.documentId}`);
    await expect(page.getByRole("heading", { level: 1, name: "INV-A11Y-1.pdf" })).toBeVisible();
    await expect(page.getByRole("main")).toBeVisible();
    await expect(page.getByRole("banner")).toBeVisible();
    await expect(page.getByRole("region", { name: "Document", exact: true })).toBeVisible();
    const { violations } = await new AxeBuilder({ page }).analyze();
    expect(violations.map((violation) => `${violation.impact}: ${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`), `at ${width} px`).toEqual([]);
    await page.screenshot({ path: test.info().outputPath(`review-${width}x${height}-accessibility.png`) });
  }
});
