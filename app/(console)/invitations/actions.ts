"use server";

import { revalidatePath } from "next/cache";
import { runAction, type ActionResult } from "@/lib/console/action-result";
import { consoleApi } from "@/lib/console/api/console";
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
