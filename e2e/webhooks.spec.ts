import { createServer, type Server } from "node:http";
import { expect, test, type Page } from "./support/test";
import { teamPerson } from "./support/accounts";

/**
 * Webhooks in the console: add an endpoint (the secret is shown once), send a test event to a receiver the server
 * may reach (E2E_WEBHOOK_PORT is in SAFE_FETCH_ALLOW, see playwright.config.ts) and find it in the delivery log.
 */
test.describe.configure({ mode: "serial" });

const admin = teamPerson({ name: "Tim Berners-Lee", role: "admin" });
test.use({ people: [admin], signedInAs: admin });

const port = Number(process.env.E2E_WEBHOOK_PORT);
const received: { id: string; signature: string; body: string }[] = [];
let receiver: Server;

test.beforeAll(async () => {
  receiver = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString()));
    request.on("end", () => {
      received.push({ id: String(request.headers["webhook-id"]), signature: String(request.headers["webhook-signature"]), body });
      response.writeHead(200, { "content-type": "text/plain" });
      response.end("thanks");
    });
  });
  await new Promise<void>((resolve) => receiver.listen(port, "127.0.0.1", resolve));
});
test.afterAll(async () => {
  await new Promise((resolve) => receiver.close(resolve));
});

async function createParser(page: Page, name: string): Promise<string> {
  return page.evaluate(async (parserName) => {
    const { token } = (await (await fetch("/api/console-token")).json()) as { token: string };
    const response = await fetch("/api/v1/parsers", { method: "POST", headers: { authorization: `Bearer ${token}`, "content-type": "application/json" }, body: JSON.stringify({ name: parserName }) });
    if (response.status !== 201) throw new Error(`parser not created: ${response.status}`);
    return ((await response.json()) as { id: string }).id;
  }, name);
}

test("add a webhook, send a test event and see it in the delivery log", async ({ page }) => {
  await page.goto("/");
  const parserId = await createParser(page, "Webhook journey");
  await page.goto(`/parsers/${parserId}`);
  await page.getByRole("navigation", { name: "Parser sections" }).getByRole("link", { name: "Webhooks" }).click();
  await expect(page.getByRole("heading", { name: "Webhooks", exact: true })).toBeVisible();

  await page.getByRole("button", { name: "Add webhook" }).click();
  const dialog = page.getByRole("dialog");
  const url = `http://127.0.0.1:${port}/quarry`;
  await dialog.getByLabel("URL").fill(url);
  await dialog.getByLabel("Description").fill("Receiver of the journey");
  await dialog.getByRole("button", { name: "Add webhook" }).click();
  await expect(dialog.getByRole("heading", { name: "Copy the signing secret" })).toBeVisible();
  await expect(dialog.getByText(/^whsec_/)).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Copy secret" })).toBeVisible();
  await dialog.getByRole("button", { name: "Done" }).click();

  await expect(page.getByRole("table", { name: "Webhooks" }).getByText(url)).toBeVisible();
  await page.getByRole("link", { name: "Deliveries" }).click();
  await expect(page.getByText("No deliveries yet")).toBeVisible();
  await page.getByRole("button", { name: "Send test event" }).click();
  await expect(page.getByText("Test event delivered")).toBeVisible();
  expect(received).toHaveLength(1);
  expect(received[0]!.signature).toMatch(/^v1,/);

  const log = page.getByRole("table", { name: "Deliveries" });
  await expect(log.getByText("webhook.test")).toBeVisible();
  await expect(log.getByText("succeeded")).toBeVisible();
  await log.getByRole("button", { name: "Details" }).click();
  const details = page.getByRole("dialog");
  await expect(details.getByText(/#1 · .* · 200/)).toBeVisible();
  await expect(details.getByText("thanks")).toBeVisible();
  await expect(details.getByText("none (a test event)")).toBeVisible();

  // A manual redelivery is a new delivery with a fresh webhook-id; the log says which delivery it repeats.
  await details.getByRole("button", { name: "Redeliver" }).click();
  await expect(details.getByText("Redelivery of")).toBeVisible();
  await expect.poll(() => received.length).toBe(2);
  expect(received[1]!.id).not.toBe(received[0]!.id);
  await page.keyboard.press("Escape");
  await expect(log.getByText("redelivery", { exact: true })).toBeVisible();
  await log.getByRole("row").filter({ hasNotText: "redelivery" }).filter({ hasText: "webhook.test" }).getByRole("button", { name: "Details" }).click();
  await expect(page.getByRole("dialog").getByText("Redelivered", { exact: true })).toBeVisible();
});
