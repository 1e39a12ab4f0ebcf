import "server-only";
import type { Parser } from "@/lib/contracts/parsers";
import { assertPermission, type ServiceContext } from "../context";
import { getParserInTeam, parserCounts } from "./internal";
import { toParser } from "./to-parser";

/** An active document parser of the team (archived ones only when asked for, so they can be restored). */
export async function getParser(ctx: ServiceContext, { parserId, ...options }: { parserId: string } & { includeArchived?: boolean }): Promise<Parser> {
  assertPermission(ctx, "parsers.read");
  const row = await getParserInTeam(ctx.db, { access: ctx, parserId, activeOnly: !options.includeArchived });
  return toParser(row, await parserCounts(ctx.db, { access: ctx, parserId: row.id }));
}
