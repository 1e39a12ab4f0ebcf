"use server";

import { AuthError } from "next-auth";
import type { ActionResult } from "@/lib/console/action-result";
import { signIn } from "@/lib/auth/config";
import { SignInSchema, type SignIn } from "@/lib/contracts/setup";
import { isSignInThrottled, throttledMessage } from "@/lib/auth/sign-in-throttle";
import { safeRedirectPath } from "@/lib/utils/safe-redirect";
import { env } from "@/lib/env";
import { issuesFromZod } from "@/lib/services/errors";

export async function signInAction(values: SignIn, redirectTo?: string): Promise<ActionResult> {
  const parsed = SignInSchema.safeParse(values);
  if (!parsed.success) return { ok: false, error: { message: "Enter your e-mail and password.", status: 400, issues: issuesFromZod(parsed.error) } };
  try {
    // On success this throws Next's redirect, which must propagate.
    // Only a path on this site (the redirect callback checks again): `/\t/evil.example` is not one.
    await signIn("credentials", { ...parsed.data, redirectTo: safeRedirectPath(redirectTo, { origins: [env().publicBaseUrl] }) });
  } catch (error) {
    if (isSignInThrottled(error)) return { ok: false, error: { message: throttledMessage(error.retryAfterSeconds), status: 429 } };
    // One message for an unknown e-mail and a wrong password alike.
    if (error instanceof AuthError) return { ok: false, error: { message: "Wrong e-mail or password.", status: 401 } };
    throw error;
  }
  return { ok: true, data: undefined };
}
