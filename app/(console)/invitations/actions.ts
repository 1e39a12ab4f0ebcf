"use server";

import { revalidatePath } from "next/cache";
import { runAction, type ActionResult } from "@/lib/console/action-result";
import { consoleApi } from "@/lib/console/api/console";
import { accountOperations } from "@/lib/contracts/account";
import { myInvitationOperations } from "@/lib/contracts/invitations";

export async function acceptInvitationAction(invitationId: string): Promise<ActionResult<{ team: { id: string; name: string }; role: string }>> {
  const result = await runAction(async () => (await consoleApi()).call(myInvitationOperations.accept, { params: { invitationId } }));
  revalidatePath("/", "layout"); // the team switcher and the banner change
  return result;
}

export async function declineInvitationAction(invitationId: string): Promise<ActionResult<void>> {
  const result = await runAction(async () => {
    await (await consoleApi()).call(myInvitationOperations.decline, { params: { invitationId } });
  });
  revalidatePath("/", "layout");
  return result;
}

/** Sends a code to the signed-in person's address (their proof that they receive its mail). */
export async function requestEmailProofAction(): Promise<ActionResult<{ sentTo: string; expiresAt: string }>> {
  return runAction(async () => (await consoleApi()).call(accountOperations.requestEmailProof, {}));
}

/** The typed code back: once it matches, invitations addressed to the person appear on this page. */
export async function confirmEmailProofAction(code: string): Promise<ActionResult<void>> {
  const result = await runAction(async () => {
    await (await consoleApi()).call(accountOperations.confirmEmailProof, { body: { code } });
  });
  revalidatePath("/", "layout");
  return result;
}
