"use server";

import { redirect } from "next/navigation";
import { runAction, type ActionResult } from "@/lib/console/action-result";
import { postJoin } from "@/lib/console/api/join";
import { signIn } from "@/lib/auth/config";
import type { Join } from "@/lib/contracts/invitations";

/**
 * Someone new joins through their invitation link, then is signed in. When the e-mail already had an account the
 * server changed nothing, so signing in with the new password fails: they land on sign-in to use their own.
 */
export async function joinAction(token: string, values: Join): Promise<ActionResult<void>> {
  const result = await runAction(() => postJoin(token, values));
  if (!result.ok) return result;
  try {
    await signIn("credentials", { email: result.data.email, password: values.password, redirectTo: "/" });
  } catch (error) {
    if ((error as { digest?: string }).digest?.startsWith("NEXT_REDIRECT")) throw error;
    redirect("/sign-in?from=%2Finvitations");
  }
  return { ok: true, data: undefined };
}
