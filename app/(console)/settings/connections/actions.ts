"use server";

import { revalidatePath } from "next/cache";
import { runAction, type ActionResult } from "@/lib/console/action-result";
import { consoleApi } from "@/lib/console/api/console";
import { connectionOperations } from "@/lib/contracts/connections";

export async function revokeConnectionAction(connectionId: string): Promise<ActionResult<void>> {
  const result = await runAction(async () => {
    await (await consoleApi()).call(connectionOperations.revoke, { params: { connectionId } });
  });
  revalidatePath("/settings/connections");
  return result;
}
