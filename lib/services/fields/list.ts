import "server-only";
import type { Field } from "@/lib/contracts/fields";
import { assertPermission, type ServiceContext } from "../context";
import { getParserInTeam } from "../parsers/internal";
import { loadFieldRows } from "./internal";
import { buildFieldTree } from "./tree";

export async function listFields(ctx: ServiceContext, parserId: string): Promise<Field[]> {
  assertPermission(ctx, "parsers.read");
  const parser = await getParserInTeam(ctx.db, { access: ctx, parserId });
  return buildFieldTree(await loadFieldRows(ctx.db, parser.id));
}
