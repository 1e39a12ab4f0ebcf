import "server-only";
import type { Folder } from "@/lib/contracts/folders";
import { assertPermission, type ServiceContext } from "../context";
import { getParserInTeam } from "../parsers/internal";
import { folderViews } from "./internal";

/** Every folder of the parser, flat, in tree order. */
export async function listFolders(ctx: ServiceContext, parserId: string): Promise<Folder[]> {
  assertPermission(ctx, "parsers.read");
  const parser = await getParserInTeam(ctx.db, { access: ctx, parserId });
  return folderViews(ctx.db, parser.id);
}
