"use server";

import { revalidatePath } from "next/cache";
import { runAction, type ActionResult } from "@/lib/console/action-result";
import { consoleApi } from "@/lib/console/api/console";
import { parserOperations, type Parser, type UpdateParser } from "@/lib/contracts/parsers";

export async function updateParserAction(parserId: string, values: UpdateParser): Promise<ActionResult<Parser>> {
  const result = await runAction(async () => (await consoleApi()).call(parserOperations.update, { params: { parserId }, body: values }));
  revalidatePath(`/parsers/${parserId}`, "layout");
  return result;
}
