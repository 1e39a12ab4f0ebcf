import "server-only";
import { eq } from "drizzle-orm";
import { coerceDocumentData } from "@/lib/contracts/field-coercion";
import { checkDocumentData } from "@/lib/contracts/field-values";
import { documents } from "@/lib/db/schema";
import { forbidden, invalidState, validationError } from "@/lib/services/errors";
import { assertPermission, can, recordAudit, type ServiceContext } from "../context";
import { loadFieldRows } from "../fields/internal";
import { buildFieldTree } from "../fields/tree";
import { teachFromDocument } from "../learning";
import { getParserInTeam } from "../parsers/internal";
import { markReviewInProgress } from "../reviews/flow";
import { findByRef, type DocumentRef } from "./get";
import { documentSearchText, type DocumentRecord } from "./to-document";

/**
 * Corrects extracted values. Each value is put in its field's type where that is unambiguous (field-coercion.ts),
 * then checked against its field; the fields named replace their values and
 * the others stay. A corrected value keeps where it was found but its confidence becomes 1 and it is marked
 * `corrected`, so reviewers and exports can tell people's values from the engine's. Audit-logged with before/after.
 * On a document in review the current stage is then `in_progress`: someone is working on it.
 */
export async function updateDocumentData(ctx: ServiceContext, { parserId, ref, values: given }: { parserId: string; ref: DocumentRef; values: Record<string, unknown> }) {
  if (!can(ctx, "reviews.write")) assertPermission(ctx, "documents.write");
  await getParserInTeam(ctx.db, { access: ctx, parserId });
  const fields = buildFieldTree(await loadFieldRows(ctx.db, parserId));
  // A value converts to its field's type where that takes no guess (1234.5 into a text field is "1234.5"), so a
  // client that writes back what it read, or a figure as a number, is not refused; the rest is checked.
  const values = coerceDocumentData(fields, given);
  const problems = checkDocumentData(fields, values);
  if (problems.length > 0) {
    throw validationError(`Invalid data: ${problems.map((problem) => `${problem.path}: ${problem.message}`).join("; ")}`, problems.map((problem) => ({ path: `data.${problem.path}`, message: problem.message })));
  }
  return ctx.db.transaction(async (tx) => {
    const document = await findByRef(tx, { access: ctx, parserId, ref });
    if (!can(ctx, "documents.write")) assertMayCorrectInReview(ctx, document);
    if (["uploading", "queued", "processing"].includes(document.status)) {
      throw invalidState("The document is still being processed; correct its data once extraction has finished");
    }
    if (document.status === "in_review") await markReviewInProgress(tx, document);
    // Values stored before figures in text fields became text are brought to their field's type on the way.
    const data = coerceDocumentData(fields, { ...document.data, ...values }, document.fieldMetadata);
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
    await recordAudit(tx, { ctx, action: "document.data.update", resourceType: "document", resourceId: document.id, before, after: values });
    // A saved correction teaches the parser (its memory of this sender and layout).
    await teachFromDocument(tx, { document: updated!, taughtBy: "correction", fieldTree: fields });
    return updated!;
  });
}

/**
 * Without documents.write, reviews.write lets a caller correct a document while it is in review (the review
 * workspace's edits); a reviewer only the one assigned to them.
 */
function assertMayCorrectInReview(ctx: ServiceContext, document: DocumentRecord): void {
  if (document.status !== "in_review") {
    throw forbidden("Correcting data needs the documents.write permission; with reviews.write only documents in review can be corrected");
  }
  if (ctx.role === "reviewer" && document.assigneeId !== ctx.actor.userId) {
    throw forbidden("Only the reviewer the document is assigned to can correct it during review");
  }
}
