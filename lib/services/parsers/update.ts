import "server-only";
import { eq } from "drizzle-orm";
import { toAcceptedFileTypes } from "@/lib/contracts/file-types";
import type { ParserSettings } from "@/lib/contracts/parser-settings";
import type { Parser, UpdateParser } from "@/lib/contracts/parsers";
import { parsers } from "@/lib/db/schema";
import { validationError } from "@/lib/services/errors";
import { assertPermission, recordAudit, type ServiceContext } from "../context";
import { loadFieldRows } from "../fields/internal";
import { buildFieldTree, findFieldByPath } from "../fields/tree";
import { getParserInTeam, parserCounts } from "./internal";
import { toParser } from "./to-parser";

const SETTINGS_KEYS = [
  "confidenceScores",
  "markdownParsing",
  "advancedTableExtraction",
  "dataExtractionMode",
  "splitDocuments",
  "classificationGate",
  "emailParsing",
  "parsePages",
] as const satisfies readonly (keyof ParserSettings & keyof UpdateParser)[];

/**
 * Changes a parser. Each settings group in the request replaces the stored group whole (the contract has
 * already checked it); groups not named stay as they are. `isActive: false` archives, keeping every row.
 */
export async function updateParser(ctx: ServiceContext, { parserId, input }: { parserId: string; input: UpdateParser }): Promise<Parser> {
  assertPermission(ctx, "parsers.write");
  return ctx.db.transaction(async (tx) => {
    const before = await getParserInTeam(tx, { access: ctx, parserId, forUpdate: true });
    const settings: ParserSettings = { ...before.settings };
    for (const key of SETTINGS_KEYS) {
      if (input[key] !== undefined) Object.assign(settings, { [key]: input[key] });
    }
    if (input.acceptedFileTypes !== undefined) settings.acceptedFileTypes = toAcceptedFileTypes(input.acceptedFileTypes);
    const split = input.splitDocuments;
    if (split?.mode === "partitionKey" && split.partitionKey) {
      const tree = buildFieldTree(await loadFieldRows(tx, before.id));
      if (!findFieldByPath(tree, split.partitionKey)) {
        const message = `No field "${split.partitionKey}" in this parser: the partition key is the dotted path of a field, such as invoiceNumber or items.sku`;
        throw validationError(`splitDocuments.partitionKey: ${message}`, [{ path: "splitDocuments.partitionKey", message }]);
      }
      settings.splitDocuments = { ...split, partitionKeySource: split.partitionKeySource ?? "parserField" };
    }
    const [row] = await tx
      .update(parsers)
      .set({
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.description !== undefined ? { description: input.description } : {}),
        ...(input.isActive !== undefined ? { isActive: input.isActive } : {}),
        settings,
      })
      .where(eq(parsers.id, before.id))
      .returning();
    await recordAudit(tx, {
      ctx,
      action: input.isActive === false && before.isActive ? "parser.archive" : "parser.update",
      resourceType: "parser",
      resourceId: before.id,
      before: { name: before.name, description: before.description, isActive: before.isActive, settings: before.settings },
      after: input,
    });
    return toParser(row!, await parserCounts(tx, { access: ctx, parserId: before.id }));
  });
}
