"use server";

import { revalidatePath } from "next/cache";
import { runAction, type ActionResult } from "@/lib/console/action-result";
import { consoleApi } from "@/lib/console/api/console";
import { apiKeyOperations, type CreateApiKey, type CreatedApiKey } from "@/lib/contracts/api-keys";

export async function createApiKeyAction(values: CreateApiKey): Promise<ActionResult<CreatedApiKey>> {
  const result = await runAction(async () => (await consoleApi()).call(apiKeyOperations.create, { body: values }));
  revalidatePath("/settings/api-keys");
  return result;
}

export async function revokeApiKeyAction(keyId: string): Promise<ActionResult<void>> {
  const result = await runAction(async () => {
    await (await consoleApi()).call(apiKeyOperations.revoke, { params: { keyId } });
  });
  revalidatePath("/settings/api-keys");
  return result;
}
