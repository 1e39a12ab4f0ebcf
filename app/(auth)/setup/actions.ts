"use server";

import { redirect } from "next/navigation";
import { runAction, type ActionResult } from "@/lib/console/action-result";
import { postSetup } from "@/lib/console/api/setup";
import { signIn } from "@/lib/auth/config";
import type { Setup } from "@/lib/contracts/setup";

export async function setupAction(values: Setup): Promise<ActionResult<void>> {
  const result = await runAction(() => postSetup(values));
  if (!result.ok) return result;
  try {
    await signIn("credentials", { email: values.email, password: values.password, redirectTo: "/" });
  } catch (error) {
    if ((error as { digest?: string }).digest?.startsWith("NEXT_REDIRECT")) throw error;
    redirect("/sign-in?welcome=1");
  }
  return result;
}
