import "server-only";
import { eq } from "drizzle-orm";
import { checkDocumentData } from "@/lib/contracts/field-values";
import { documents } from "@/lib/db/schema";
import { invalidState, validationError } from "@/lib/http/errors";
import { assertPermission, recordAudit, type ServiceContext } from "../context";
import { loadFieldRows } from "../fields/internal";
import { buildFieldTree } from "../fields/tree";
import { getParserInTeam } from "../parsers/internal";
import { findByRef, type DocumentRef } from "./get";
import { documentSearchText } from "./to-document";

/**
 * Corrects extracted values. Each value is checked against its field; the fields named replace their values and
 * the others stay. A corrected value keeps where it was found but its confidence becomes 1 and it is marked
 * `corrected`, so reviewers and exports can tell people's values from the engine's. Audit-logged with before/after.
 */
export async function updateDocumentData(ctx: ServiceContext, parserId: string, ref: DocumentRef, values: Record<string, unknown>) {
  assertPermission(ctx, "documents.write");
  await getParserInTeam(ctx.db, ctx.teamId, parserId);
  const fields = buildFieldTree(await loadFieldRows(ctx.db, parserId));
  const problems = checkDocumentData(fields, values);
  if (problems.length > 0) {
    throw validationError(`Invalid data: ${problems.map((problem) => `${problem.path}: ${problem.message}`).join("; ")}`, problems.map((problem) => ({ path: `data.${problem.path}`, message: problem.message })));
  }
  return ctx.db.transaction(async (tx) => {
    const document = await findByRef(tx, ctx.teamId, parserId, ref);
    if (["uploading", "queued", "processing"].includes(document.status)) {
      throw invalidState("The document is still being processed; correct its data once extraction has finished");
    }
    const data = { ...document.data, ...values };
    const fieldMetadata = { ...document.fieldMetadata };
    for (const name of Object.keys(values)) {
      const previous = fieldMetadata[name];
      fieldMetadata[name] = { ...(previous ?? { source: null }), confidence: 1, corrected: true };
    }
    const [updated] = await tx
      .update(documents)
      .set({ data, fieldMetadata, searchText: documentSearchText({ name: document.name, externalId: document.externalId, data }) })
      .where(eq(documents.id, document.id))
      .returning();
    const before = Object.fromEntries(Object.keys(values).map((name) => [name, document.data[name] ?? null]));
    await recordAudit(tx, ctx, { action: "document.data.update", resourceType: "document", resourceId: document.id, before, after: values });
    return updated!;
  });
}
