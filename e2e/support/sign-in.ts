import { expect, type Page } from "@playwright/test";

export async function signIn(page: Page, email: string, password: string) {
  await page.goto("/sign-in");
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

/** Signs out from any page: on the review workspace and on small screens the navigation sits behind its Menu button. */
export async function signOut(page: Page) {
  const inSidebar = page.getByRole("complementary", { name: "Console" }).getByRole("button", { name: "Sign out" });
  if (await inSidebar.isVisible()) {
    await inSidebar.click();
  } else {
    // The drawer is a dialog of its own (the hidden sidebar keeps a second, hidden copy of the button). It closes
    // when the page changes, so a click landing while the workspace moves on to the next document is tried again.
    const menu = page.getByRole("dialog", { name: "Console menu" });
    await expect(async () => {
      if (!(await menu.isVisible())) await page.getByRole("button", { name: "Menu" }).click();
      await expect(menu).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
    await menu.getByRole("button", { name: "Sign out" }).click();
  }
  await expect(page).toHaveURL(/\/sign-in/);
}
