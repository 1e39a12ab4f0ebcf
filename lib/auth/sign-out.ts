"use server";

import { signOut } from "./config";

/** The console's sign-out (shell menu, the sign-out page): ends the server-side session and returns to sign-in. */
export async function signOutAction(): Promise<void> {
  await signOut({ redirectTo: "/sign-in" });
}
