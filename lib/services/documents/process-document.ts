import "server-only";
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { coerceDocumentData } from "@/lib/contracts/field-coercion";
import type { Db, DbOrTx } from "@/lib/db/client";
import { documents, usageDaily } from "@/lib/db/schema";
import type { ExtractionResult } from "@/lib/extraction";
import { classifyDocument } from "@/lib/extraction/classify/classify-document";
import type { FileStore } from "@/lib/storage";
import { loadFieldRows } from "../fields/internal";
import { applyParserMemory } from "../learning";
import { enterReview } from "../reviews/flow";
import { emitDocumentEvent } from "../webhooks/emit";
import { buildFieldTree, toFieldInputs } from "../fields/tree";
import type { ExtractionQueue } from "./queue-extraction";
import { splitIntoChildren, splitRuleFor } from "./split";
import { storePreview } from "./store-preview";
import { documentSearchText } from "./to-document";
import { extractionSettings, sanitiseExtractionError, type Extractor } from "./extraction-run";

export type ProcessOutcome = "processed" | "in_review" | "approved" | "failed" | "skipped" | "split" | "gone";
export type PipelineDeps = { extract: Extractor; store: FileStore; queue: ExtractionQueue };

/**
 * One document through the pipeline: read its file, extract with the parser's current fields and settings,
 * apply the document-type rule, and store data, where each value came from, and markdown; then record usage and
 * start its review when a review stage applies (`in_review`), else it ends `processed`.
 *
 * An error inside extraction is a property of the document (unreadable, too big, hostile): it ends `failed` at
 * once with a sanitised message. Any other error (database, storage) is thrown so the queue retries the job;
 * `finalAttempt` marks the document failed instead of throwing, so no document waits forever.
 */
export async function processDocument(db: Db, { deps, documentId, finalAttempt = false }: { deps: PipelineDeps; documentId: string; finalAttempt?: boolean }): Promise<ProcessOutcome> {
  const [document] = await db
    .update(documents)
    .set({ status: "processing", error: null })
    .where(and(eq(documents.id, documentId), isNull(documents.deletedAt), inArray(documents.status, [...UNFINISHED])))
    .returning();
  if (!document) return "gone"; // deleted, or already finished by an earlier attempt
  try {
    const parser = await db.query.parsers.findFirst({ where: (parsers, { eq: equals }) => equals(parsers.id, document.parserId) });
    if (!parser || !document.fileKey) return await fail(db, { documentId, message: "The document's parser or file no longer exists" });
    const fields = toFieldInputs(buildFieldTree(await loadFieldRows(db, parser.id)));
    const bytes = await deps.store.get(document.fileKey);
    const settings = parser.settings;

    let result: ExtractionResult;
    try {
      result = await deps.extract({
        bytes,
        mimeType: document.contentType,
        fileName: document.name,
        fields,
        settings: extractionSettings(settings, document.source),
        preview: true,
      });
    } catch (error) {
      return await fail(db, { documentId, message: sanitiseExtractionError(error) });
    }
    // Before the result is written, so the Document view of every event below already carries its thumbnail.
    await storePreview(db, { store: deps.store, document, preview: result.preview });

    const splitRule = document.source !== "split" && document.contentType === "application/pdf" ? splitRuleFor(settings.splitDocuments, fields) : null;
    if (splitRule) {
      try {
        if ((await splitIntoChildren(db, { deps, parent: document, bytes, pages: result.pages, rule: splitRule })) > 1) return "split";
      } catch (error) {
        return await fail(db, { documentId, message: sanitiseExtractionError(error) });
      }
    }

    const pageCount = result.stats.pageCount;
    const gate = settings.classificationGate;
    let credits = pageCount * (settings.markdownParsing.enabled ? 2 : 1);
    if (gate.enabled) {
      credits += gate.costPerDocument ?? 0;
      const verdict = classifyDocument(result.pages, gate.labels.map((name) => ({ name, instructions: gate.instructions })));
      const listed = verdict.label !== null && gate.labels.some((label) => label.toLowerCase() === verdict.label!.toLowerCase());
      if (gate.mode === "allow" ? !listed : listed) {
        const kind = verdict.label ? `a ${verdict.label}` : "none of the listed types";
        return await db.transaction(async (tx) => {
          if (!(await lockWhileProcessing(tx, documentId))) return "gone";
          const [skipped] = await tx
            .update(documents)
            .set({ status: "skipped", pageCount, error: `Skipped by the document type rule: this looks like ${kind}`, processedAt: new Date() })
            .where(eq(documents.id, documentId))
            .returning();
          await recordUsage(tx, { document, pages: pageCount, credits: gate.costPerDocument ?? 0 });
          await emitDocumentEvent(tx, { document: skipped!, type: "document.skipped" });
          return "skipped";
        });
      }
    }

    const outcome = await db.transaction(async (tx) => {
      if (!(await lockWhileProcessing(tx, documentId))) return "gone";
      // DESIGN §1.5: the review starts with the data it is about, in the same transaction, so no one ever sees
      // a `processed` document that is really waiting for review.
      const now = new Date();
      // What reviewers taught this parser about documents of the same sender or layout (lib/services/learning).
      const remembered = await applyParserMemory(tx, { document, fields, result });
      // Each value in its field's type (a figure read into a text field is text), before review rules judge it.
      const fieldMetadata = remembered.fieldMetadata;
      const data = coerceDocumentData(fields, remembered.data, fieldMetadata);
      // With the field metadata, a stage set to straight-through processing is skipped when the values are sure.
      const review = await enterReview(tx, { document: { id: documentId, teamId: document.teamId, parserId: document.parserId, data, fieldMetadata }, now });
      const [updated] = await tx
        .update(documents)
        .set({
          ...review,
          pageCount,
          data,
          fieldMetadata,
          markdown: result.markdown,
          searchText: documentSearchText({ name: document.name, externalId: document.externalId, data }),
          error: null,
          processedAt: now,
        })
        .where(eq(documents.id, documentId))
        .returning();
      await recordUsage(tx, { document, pages: pageCount, credits });
      const outcome = review.status === "in_review" ? "in_review" : review.status === "approved" ? "approved" : "processed";
      // In the same transaction as the change: the event exists exactly when the new state does (an outbox row).
      await emitDocumentEvent(tx, { document: updated!, type: `document.${outcome}` });
      return outcome;
    });
    return outcome;
  } catch (error) {
    if (!finalAttempt) throw error;
    console.error(`[pipeline] document ${documentId} failed after retries`, error);
    return fail(db, { documentId, message: "Processing failed after several attempts; try reprocessing the document" });
  }
}

/** Statuses from which a document can still end; a finished or deleted document is never failed after the fact. */
const UNFINISHED = ["queued", "processing", "uploading"] as const;

/**
 * A document whose extraction job ran out of attempts without any of them finishing (each one's worker killed,
 * say) ends `failed`, with its webhook event, instead of waiting in `processing` for ever.
 */
export async function failInterruptedDocument(db: Db, documentId: string): Promise<"failed" | "gone"> {
  const [pending] = await db
    .select({ id: documents.id })
    .from(documents)
    .where(and(eq(documents.id, documentId), isNull(documents.deletedAt), inArray(documents.status, [...UNFINISHED])));
  if (!pending) return "gone";
  return fail(db, { documentId, message: "Processing was interrupted several times; try reprocessing the document" });
}

/**
 * Locks the document for its final write, and only while it is still `processing`. Two attempts can run at once (a
 * worker whose claim went stale, say while its database connections were cut, keeps working after the job was handed
 * to another): the first to finish stores its result, usage and event; the other stores nothing.
 */
async function lockWhileProcessing(tx: DbOrTx, documentId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: documents.id })
    .from(documents)
    .where(and(eq(documents.id, documentId), eq(documents.status, "processing"), isNull(documents.deletedAt)))
    .for("update");
  return Boolean(row);
}

async function fail(db: Db, { documentId, message }: { documentId: string; message: string }): Promise<"failed"> {
  await db.transaction(async (tx) => {
    const [failed] = await tx
      .update(documents)
      .set({ status: "failed", error: message, data: {}, fieldMetadata: {}, processedAt: new Date() })
      .where(and(eq(documents.id, documentId), inArray(documents.status, [...UNFINISHED])))
      .returning();
    if (failed) await emitDocumentEvent(tx, { document: failed, type: "document.failed" });
  });
  return "failed";
}

type UsageWriter = Pick<Db, "insert">;

async function recordUsage(tx: UsageWriter, { document, pages, credits }: { document: { teamId: string; parserId: string }; pages: number; credits: number }): Promise<void> {
  const day = new Date().toISOString().slice(0, 10);
  await tx
    .insert(usageDaily)
    .values({ teamId: document.teamId, parserId: document.parserId, day, documents: 1, pages, credits })
    .onConflictDoUpdate({
      target: [usageDaily.teamId, usageDaily.parserId, usageDaily.day],
      set: { documents: sql`${usageDaily.documents} + 1`, pages: sql`${usageDaily.pages} + ${pages}`, credits: sql`${usageDaily.credits} + ${credits}` },
    });
}
