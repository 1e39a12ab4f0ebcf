"use server";

import { revalidatePath } from "next/cache";
import type { z } from "zod";
import { runAction, type ActionResult } from "@/lib/console/action-result";
import { consoleApi } from "@/lib/console/api/console";
import { memberOperations, type AddMember, type AddedMemberSchema, type TemporaryPassword } from "@/lib/contracts/members";
import type { Role } from "@/lib/contracts/enums";

export async function addMemberAction(values: AddMember): Promise<ActionResult<z.infer<typeof AddedMemberSchema>>> {
  const result = await runAction(async () => (await consoleApi()).call(memberOperations.add, { body: values }));
  revalidatePath("/settings/members");
  return result;
}

export async function changeRoleAction(userId: string, role: Role): Promise<ActionResult<void>> {
  const result = await runAction(async () => {
    await (await consoleApi()).call(memberOperations.update, { params: { userId }, body: { role } });
  });
  revalidatePath("/settings/members");
  return result;
}

export async function removeMemberAction(userId: string): Promise<ActionResult<{ unassignedDocuments: number; revokedKeys: number }>> {
  const result = await runAction(async () => (await consoleApi()).call(memberOperations.remove, { params: { userId } }));
  revalidatePath("/settings/members");
  return result;
}

export async function cancelInvitationAction(invitationId: string): Promise<ActionResult<void>> {
  const result = await runAction(async () => {
    await (await consoleApi()).call(memberOperations.cancelInvitation, { params: { invitationId } });
  });
  revalidatePath("/settings/members");
  return result;
}

export async function resetPasswordAction(userId: string): Promise<ActionResult<TemporaryPassword>> {
  return runAction(async () => (await consoleApi()).call(memberOperations.resetPassword, { params: { userId } }));
}
