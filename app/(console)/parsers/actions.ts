"use server";

import { revalidatePath } from "next/cache";
import { runAction, type ActionResult } from "@/lib/console/action-result";
import { consoleApi } from "@/lib/console/api/console";
import { parserOperations, type CreateParser, type Parser } from "@/lib/contracts/parsers";

export async function createParserAction(values: CreateParser): Promise<ActionResult<Parser>> {
  const result = await runAction(async () => (await consoleApi()).call(parserOperations.create, { body: values }));
  revalidatePath("/parsers");
  return result;
}

export async function duplicateParserAction(parserId: string): Promise<ActionResult<Parser>> {
  const result = await runAction(async () => (await consoleApi()).call(parserOperations.duplicate, { params: { parserId }, body: {} }));
  revalidatePath("/parsers");
  return result;
}

/** Archive (isActive false) keeps every document; restore brings the parser back to the list. */
export async function setParserActiveAction(parserId: string, isActive: boolean): Promise<ActionResult<Parser>> {
  const result = await runAction(async () => (await consoleApi()).call(parserOperations.update, { params: { parserId }, body: { isActive } }));
  revalidatePath("/parsers");
  return result;
}
