import "server-only";
import { randomBytes } from "node:crypto";
import type { FieldInput } from "@/lib/contracts/fields";
import { DEFAULT_ACCEPTED_MIME_TYPES, toAcceptedFileTypes } from "@/lib/contracts/file-types";
import { DEFAULT_PARSER_SETTINGS } from "@/lib/contracts/parser-settings";
import type { Parser } from "@/lib/contracts/parsers";
import { parsers } from "@/lib/db/schema";
import { assertPermission, recordAudit, type ServiceContext } from "../context";
import { assertNoDuplicateNames, insertFields } from "../fields/internal";
import { slugify } from "../teams";
import { toParser } from "./to-parser";

export type CreateParserInput = { name: string; description?: string; acceptedFileTypes?: string[]; fields?: FieldInput[] };

/** A new document parser with the default settings and, optionally, its initial fields. */
export async function createParser(ctx: ServiceContext, input: CreateParserInput): Promise<Parser> {
  assertPermission(ctx, "parsers.write");
  assertNoDuplicateNames(input.fields ?? []);
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
    await insertFields(tx, { parserId: row!.id, fields: input.fields ?? [], parentId: null, startPosition: 0 });
    await recordAudit(tx, {
      ctx,
      action: "parser.create",
      resourceType: "parser",
      resourceId: row!.id,
      after: { name: row!.name, fields: (input.fields ?? []).map((field) => field.name) },
    });
    return toParser(row!, { totalDocuments: 0, folders: 0 });
  });
}
