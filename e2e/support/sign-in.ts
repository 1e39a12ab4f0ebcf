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
  if (!(await inSidebar.isVisible())) {
    // The review workspace folds the sidebar away and may be moving on to the next document: sign out from the
    // overview, where a wide screen shows the sidebar.
    await page.goto("/");
  }
  if (await inSidebar.isVisible()) {
    await inSidebar.click();
  } else {
    // A small screen: the navigation is a drawer (a dialog of its own) behind the Menu button.
    await page.getByRole("button", { name: "Menu" }).click();
    await page.getByRole("dialog", { name: "Console menu" }).getByRole("button", { name: "Sign out" }).click();
  }
  await expect(page).toHaveURL(/\/sign-in/);
}
