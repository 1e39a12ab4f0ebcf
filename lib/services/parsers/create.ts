import "server-only";
import { randomBytes } from "node:crypto";
import { DEFAULT_ACCEPTED_MIME_TYPES, toAcceptedFileTypes } from "@/lib/contracts/file-types";
import { DEFAULT_PARSER_SETTINGS } from "@/lib/contracts/parser-settings";
import type { Parser } from "@/lib/contracts/parsers";
import { parsers } from "@/lib/db/schema";
import { assertPermission, recordAudit, type ServiceContext } from "../context";
import { slugify } from "../teams";
import { toParser } from "./to-parser";

export type CreateParserInput = { name: string; description?: string; acceptedFileTypes?: string[] };

/** A new document parser with the default settings; fields are added separately. */
export async function createParser(ctx: ServiceContext, input: CreateParserInput): Promise<Parser> {
  assertPermission(ctx, "parsers.write");
  const settings = { ...DEFAULT_PARSER_SETTINGS, acceptedFileTypes: toAcceptedFileTypes(input.acceptedFileTypes ?? DEFAULT_ACCEPTED_MIME_TYPES) };
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(parsers)
      .values({
        teamId: ctx.teamId,
        name: input.name,
        slug: `${slugify(input.name)}-${randomBytes(3).toString("hex")}`,
        description: input.description ?? "",
        settings,
      })
      .returning();
    await recordAudit(tx, ctx, { action: "parser.create", resourceType: "parser", resourceId: row!.id, after: { name: row!.name } });
    return toParser(row!, { totalDocuments: 0, folders: 0 });
  });
}
