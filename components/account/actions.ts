"use server";

import { runAction, type ActionResult } from "@/lib/console/action-result";
import { consoleApi } from "@/lib/console/api/console";
import { accountOperations, type ChangePassword } from "@/lib/contracts/account";

export async function changePasswordAction(values: ChangePassword): Promise<ActionResult<void>> {
  return runAction(async () => {
    await (await consoleApi()).call(accountOperations.changePassword, { body: values });
  });
}
