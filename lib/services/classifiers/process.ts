import "server-only";
import { and, eq, inArray, isNull } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { classifierDocuments, classifiers, type ClassifierRouting } from "@/lib/db/schema";
import type { PageModel } from "@/lib/extraction";
import { classifyPages, labelsWithInstructions } from "@/lib/extraction/classify/classify-pages";
import { AppError } from "@/lib/services/errors";
import type { FileStore } from "@/lib/storage";
import { sanitiseExtractionError } from "../documents/extraction-run";
import type { ExtractionQueue } from "../documents/queue-extraction";
import { splitRuleFor } from "../documents/split";
import { uploadDocuments } from "../documents/upload";
import { systemContext } from "../system-context";
import { decideRoute } from "./decide";
import { activeTargetParsers, type ClassifierDocumentRow } from "./internal";
import { splitClassifierDocument } from "./split";

export type PageLoader = (input: { bytes: Uint8Array; mimeType: string; fileName: string }) => Promise<PageModel>;
export type ClassifyDeps = { load: PageLoader; store: FileStore; queue: ExtractionQueue };
export type ClassifyOutcome = "routed" | "skipped" | "failed" | "split" | "gone";

/**
 * One classifier document through classification: read its pages (in the extraction pool), split it when the
 * classifier says so, decide its type against the rule labels, and route it: a new document in the target parser
 * (source `classifier`, queued for that parser's own extraction, exports, review and webhooks), or skipped by the
 * fallback, or failed with a `routing.error` that says why.
 *
 * A document that cannot be read fails at once; other errors (database, storage) are thrown for the queue to retry,
 * and `finalAttempt` marks the document failed instead, so none waits forever.
 */
export async function processClassifierDocument(db: Db, { deps, documentId, finalAttempt = false }: { deps: ClassifyDeps; documentId: string; finalAttempt?: boolean }): Promise<ClassifyOutcome> {
  const [document] = await db
    .update(classifierDocuments)
    .set({ status: "processing", routing: { status: "pending" } })
    .where(and(eq(classifierDocuments.id, documentId), isNull(classifierDocuments.deletedAt), inArray(classifierDocuments.status, ["queued", "processing"])))
    .returning();
  if (!document) return "gone";
  try {
    const [classifier] = await db.select().from(classifiers).where(and(eq(classifiers.id, document.classifierId), isNull(classifiers.deletedAt))).limit(1);
    if (!classifier || !document.fileKey) return await finish(db, { document, status: "failed", routing: { status: "failed", error: "The classifier or the stored file no longer exists" } });
    const bytes = await deps.store.get(document.fileKey);

    let pages: PageModel;
    try {
      pages = await deps.load({ bytes, mimeType: document.contentType, fileName: document.name });
    } catch (error) {
      return await finish(db, { document, status: "failed", routing: { status: "failed", error: sanitiseExtractionError(error) } });
    }
    const pageCount = pages.pages.length;

    const split = classifier.settings.splitDocuments;
    const rule = split && document.source !== "split" && document.contentType === "application/pdf" ? splitRuleFor(split, []) : null;
    if (rule) {
      try {
        if ((await splitClassifierDocument(db, { deps, parent: document, bytes, pages, rule })) > 1) return "split";
      } catch (error) {
        return await finish(db, { document, status: "failed", routing: { status: "failed", error: sanitiseExtractionError(error) }, pageCount });
      }
    }

    const routing = classifier.settings.routing;
    const verdict = await classifyPages(pages, labelsWithInstructions(routing.rules.map((r) => r.label), routing.instructions), { instructions: routing.instructions });
    const decision = decideRoute(verdict, routing);
    if (decision.action === "skip") {
      return await finish(db, { document, status: "skipped", routing: { status: "skipped", category: decision.category ?? undefined, reasoning: decision.reasoning }, pageCount });
    }

    const target = (await activeTargetParsers(db, { teamId: document.teamId, ids: [decision.targetParserId] })).get(decision.targetParserId);
    const base = { category: decision.category ?? undefined, targetParserId: decision.targetParserId, reasoning: decision.reasoning };
    if (!target) {
      const error = `The target parser ${decision.targetParserId} is archived, deleted or no longer a document parser: change the rule or restore the parser, then reprocess`;
      return await finish(db, { document, status: "failed", routing: { status: "failed", ...base, error }, pageCount });
    }
    let routedId: string;
    try {
      const [item] = await uploadDocuments(await systemContext(db, document.teamId), {
        queue: deps.queue,
        parserId: target.id,
        incoming: [{ name: document.name, bytes, declaredType: document.contentType }],
        source: "classifier",
        externalIds: [document.externalId],
        custom: [document.custom],
      });
      routedId = item!.id;
    } catch (error) {
      // The target's own refusals (a file type it does not accept, an archived parser) are the document's outcome.
      if (!(error instanceof AppError) || error.status >= 500) throw error;
      return await finish(db, { document, status: "failed", routing: { status: "failed", ...base, targetParserName: target.name, error: `${target.name} refused the document: ${error.message}` }, pageCount });
    }
    await db
      .update(classifierDocuments)
      .set({ status: "routed", pageCount, targetParserId: target.id, routedDocumentId: routedId, routing: { status: "routed", ...base, targetParserName: target.name } })
      .where(eq(classifierDocuments.id, document.id));
    return "routed";
  } catch (error) {
    if (!finalAttempt) throw error;
    console.error(`[classify] document ${documentId} failed after retries`, error);
    return finish(db, { document, status: "failed", routing: { status: "failed", error: "Classification failed after several attempts; try reprocessing the document" } });
  }
}

/** A classifier document whose job ran out of attempts without finishing ends `failed` (see failInterruptedDocument). */
export async function failInterruptedClassifierDocument(db: Db, documentId: string): Promise<"failed" | "gone"> {
  const [failed] = await db
    .update(classifierDocuments)
    .set({ status: "failed", routing: { status: "failed", error: "Classification was interrupted several times; try reprocessing the document" } })
    .where(and(eq(classifierDocuments.id, documentId), isNull(classifierDocuments.deletedAt), inArray(classifierDocuments.status, ["queued", "processing"])))
    .returning({ id: classifierDocuments.id });
  return failed ? "failed" : "gone";
}

async function finish<S extends "failed" | "skipped">(db: Db, { document, status, routing, pageCount }: { document: ClassifierDocumentRow; status: S; routing: ClassifierRouting; pageCount?: number }): Promise<S> {
  await db
    .update(classifierDocuments)
    .set({ status, routing, targetParserId: routing.targetParserId ?? null, routedDocumentId: null, ...(pageCount !== undefined ? { pageCount } : {}) })
    .where(eq(classifierDocuments.id, document.id));
  return status;
}
