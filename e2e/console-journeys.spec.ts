import { expect, test } from "./support/test";
import { ADMIN as admin } from "./support/accounts";
import { signIn, signOut } from "./support/sign-in";

/**
 * The first-run journey, the only one on the empty install (every other spec depends on it and brings its own
 * people): what a new admin and a reviewer do on a fresh install, in order: set up, create and revoke an API key,
 * invite a reviewer, who joins through the link; the reviewer signs in and cannot reach API keys or members.
 */
test.describe.configure({ mode: "serial" });

const reviewer = { name: "Grace Hopper", email: "grace@initech.test", password: "grace-hopper-chose-this" };

test("a fresh install leads to one-time setup, then to the console", async ({ page }) => {
  await page.goto("/");
  await expect(page).toHaveURL(/\/setup$/);
  await expect(page.getByRole("heading", { name: "Welcome to Quarry" })).toBeVisible();

  await page.getByRole("button", { name: "Create team and admin account" }).click();
  await expect(page.getByText("Team name is required")).toBeVisible();

  await page.getByLabel("Team name").fill(admin.team);
  await page.getByLabel("Your name").fill(admin.name);
  await page.getByLabel("E-mail").fill(admin.email);
  await page.getByLabel("Password").fill(admin.password);
  await page.getByRole("button", { name: "Create team and admin account" }).click();

  await expect(page.getByRole("heading", { name: "Welcome, Ada" })).toBeVisible();
  await expect(page.getByRole("combobox", { name: "Team" })).toHaveValue(/.+/);
  await expect(page.getByLabel("Data hosted in the US region")).toBeVisible();
  // A new team has no parsers yet (later journeys share the team, so this is the one place it is empty).
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Parsers" }).click();
  await expect(page.getByText("No parsers yet")).toBeVisible();

  // Setup is gone for good.
  const response = await page.goto("/setup");
  expect(response?.status()).toBe(404);
});

test("an admin creates an API key, sees it once, and revokes it", async ({ page, request }) => {
  await signIn(page, admin.email, admin.password);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "API keys" }).click();
  await expect(page.getByRole("heading", { name: "API keys", level: 1 })).toBeVisible();
  await expect(page.getByText("No API keys yet")).toBeVisible();

  await page.getByRole("button", { name: "Create API key" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Name").fill("ERP import");
  // A new key starts read-only; this one may also upload documents, and expires in 30 days.
  await expect(dialog.getByLabel("Read documents and extracted data")).toBeChecked();
  await expect(dialog.getByLabel("Manage members")).not.toBeChecked();
  await expect(dialog.getByLabel("Manage webhooks")).not.toBeChecked();
  await dialog.getByLabel("Upload, change and delete documents").check();
  await dialog.getByLabel("Expires").selectOption({ label: "In 30 days" });
  await dialog.getByRole("button", { name: "Create key" }).click();

  const shown = dialog.getByLabel("New API key");
  await expect(shown).toHaveText(/^dx_us_[A-Za-z0-9_-]{43}$/);
  const key = (await shown.textContent())!;
  await expect(dialog.getByText("This is the only time the key is shown")).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Copy key" })).toBeVisible();

  // The key works against the API.
  const me = await request.get("/api/v1/me", { headers: { authorization: `Bearer ${key}` } });
  expect(me.status()).toBe(200);
  const granted = (await me.json()).permissions as string[];
  expect(granted).toContain("documents.write");
  expect(granted).not.toContain("webhooks.write");
  expect(granted).not.toContain("members.manage");

  await dialog.getByRole("button", { name: "Done" }).click();
  const row = page.getByRole("row", { name: /ERP import/ });
  await expect(row).toContainText(key.slice(0, 12));
  await expect(page.getByText(key)).toHaveCount(0);

  await row.getByRole("button", { name: "Revoke ERP import" }).click();
  const confirm = page.getByRole("alertdialog");
  await expect(confirm).toContainText("cannot be undone");
  await confirm.getByRole("button", { name: "Revoke key" }).click();
  await expect(page.getByRole("status").getByText("Key revoked")).toBeVisible();
  await expect(confirm).toHaveCount(0);
  // A revoked key stays listed, marked revoked, with nothing left to do with it.
  await expect(row).toContainText("Revoked");
  await expect(row.getByRole("button", { name: "Revoke ERP import" })).toHaveCount(0);

  const after = await request.get("/api/v1/me", { headers: { authorization: `Bearer ${key}` } });
  expect(after.status()).toBe(401);
});

test("an admin invites a reviewer, who joins through the link with a password of their own", async ({ page }) => {
  await signIn(page, admin.email, admin.password);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Members" }).click();
  await page.getByRole("button", { name: "Add member" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Name").fill(reviewer.name);
  await dialog.getByLabel("E-mail").fill(reviewer.email);
  await dialog.getByLabel("Role").selectOption("reviewer");
  await dialog.getByRole("button", { name: "Send invitation" }).click();
  await expect(dialog.getByRole("heading", { name: `${reviewer.email} was invited` })).toBeVisible();
  const link = (await dialog.getByLabel("Invitation link").textContent())!;
  expect(link).toMatch(/\/join\/[\w-]{40,}$/);
  await dialog.getByRole("button", { name: "Done" }).click();
  // Nobody joins without accepting: the invitation waits, cancellable, and Grace is not a member yet.
  await expect(page.getByRole("button", { name: `Cancel the invitation of ${reviewer.email}` })).toBeVisible();
  await expect(page.getByLabel(`Role of ${reviewer.name}`)).toHaveCount(0);

  // The last admin cannot demote themselves.
  await page.getByLabel(`Role of ${admin.name}`).selectOption("member");
  await expect(page.getByRole("status").getByText("The last admin of a team cannot be demoted", { exact: false })).toBeVisible();
  await page.reload();
  await expect(page.getByLabel(`Role of ${admin.name}`)).toHaveValue("admin");
  await signOut(page);

  await page.goto(link);
  await expect(page.getByRole("heading", { name: "Join Initech" })).toBeVisible();
  await page.getByLabel("Your name").fill(reviewer.name);
  await page.getByLabel("Password").fill(reviewer.password);
  await page.getByRole("button", { name: "Create account and join" }).click();
  await expect(page.getByRole("heading", { name: "Welcome, Grace" })).toBeVisible();
  await signOut(page);

  await signIn(page, admin.email, admin.password);
  await expect(page.getByRole("heading", { name: "Welcome, Ada" })).toBeVisible();
  await page.goto("/settings/members");
  await expect(page.getByLabel(`Role of ${reviewer.name}`)).toHaveValue("reviewer");
  await expect(page.getByRole("button", { name: `Cancel the invitation of ${reviewer.email}` })).toHaveCount(0);
  await signOut(page);
});

test("wrong credentials get one message that reveals nothing", async ({ page }) => {
  await signIn(page, reviewer.email, "not-the-password");
  await expect(page.getByText("Wrong e-mail or password.")).toBeVisible();
  await signIn(page, "nobody@initech.test", "not-the-password");
  await expect(page.getByText("Wrong e-mail or password.")).toBeVisible();
});

test("a reviewer signs in and cannot reach API keys or members", async ({ page }) => {
  await signIn(page, reviewer.email, reviewer.password);
  await expect(page.getByRole("heading", { name: "Welcome, Grace" })).toBeVisible();
  const nav = page.getByRole("navigation", { name: "Main" });
  await expect(nav.getByRole("link", { name: "API keys" })).toHaveCount(0);
  await expect(nav.getByRole("link", { name: "Members" })).toHaveCount(0);

  await page.goto("/settings/api-keys");
  await expect(page.getByRole("heading", { name: "Not allowed" })).toBeVisible();
  await expect(page.getByText("cannot manage API keys")).toBeVisible();
  await expect(page.getByRole("button", { name: "Create API key" })).toHaveCount(0);

  await page.goto("/settings/members");
  await expect(page.getByRole("heading", { name: "Not allowed" })).toBeVisible();
});
