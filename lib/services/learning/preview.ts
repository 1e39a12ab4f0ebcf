import "server-only";
import { and, asc, desc, eq, inArray, isNull } from "drizzle-orm";
import { coerceDocumentData } from "@/lib/contracts/field-coercion";
import type { FieldInput } from "@/lib/contracts/fields";
import { PREVIEW_DEFAULT_DOCUMENTS, type ParserPreview, type PreviewChange } from "@/lib/contracts/parser-preview";
import { auditLog, documents } from "@/lib/db/schema";
import { ExtractionTimeoutError } from "@/lib/extraction/worker/extraction-pool";
import { conflict, validationError } from "@/lib/services/errors";
import { fileStore } from "@/lib/storage";
import { assertPermission, type ServiceContext } from "../context";
import { extractionSettings, sanitiseExtractionError, type Extractor } from "../documents/extraction-run";
import { loadFieldRows } from "../fields/internal";
import { buildFieldTree, findDuplicateName, toFieldInputs } from "../fields/tree";
import { getParserInTeam } from "../parsers/internal";
import { readWithMemory } from "./extraction-hook";
import { compareDocument, type FieldTally } from "./preview-compare";

/** The whole preview ends within this; documents not reached by then are reported `timed_out`, not waited for. */
const BUDGET_MS = 90_000;
/** One document may take at most this (and never past the budget); the worker pool stops its thread after it. */
const DOCUMENT_LIMIT_MS = 60_000;
/** Documents read at once: the worker pool has two threads, shared with the processing queue. */
const CONCURRENCY = 2;

type PreviewGlobal = { __quarryPreviewsRunning?: Set<string> };
/** Teams with a preview running in this process: one at a time per team, so a click-happy console cannot queue dozens. */
const running = ((globalThis as PreviewGlobal).__quarryPreviewsRunning ??= new Set<string>());

type Approved = { id: string; name: string; data: Record<string, unknown>; fileKey: string | null; contentType: string; source: string; updatedAt: Date };
type DocumentResult = ParserPreview["documents"][number];

/**
 * POST /parsers/{parserId}/preview: the parser's last approved documents read again with a pending field list or
 * pending settings, nothing stored. Extraction runs in the worker threads (never on the request's thread), two
 * documents at a time, each bounded by the pool's per-document limit and all of them by the preview's budget.
 * Each value is set beside what reviewers approved and what the parser first produced (from the audit of
 * corrections: the `before` of a document's first correction of a field), so the caller sees what the change
 * fixes and what it breaks. Memory applies as it would to a new document, without the document's own example.
 */
export async function previewParserChange(
  ctx: ServiceContext,
  { parserId, input, deps }: { parserId: string; input: PreviewChange; deps: { extract: Extractor } },
): Promise<ParserPreview> {
  assertPermission(ctx, "parsers.write");
  assertPermission(ctx, "documents.read");
  const started = Date.now();
  const parser = await getParserInTeam(ctx.db, { access: ctx, parserId });
  const currentFields = toFieldInputs(buildFieldTree(await loadFieldRows(ctx.db, parser.id)));
  const fields: FieldInput[] = input.fields ?? currentFields;
  const duplicate = findDuplicateName(fields);
  if (duplicate) throw validationError(duplicate, [{ path: "fields", message: duplicate }]);
  const settings = { ...parser.settings, ...Object.fromEntries(Object.entries(input.settings ?? {}).filter(([, value]) => value !== undefined)) };

  if (running.has(ctx.teamId)) throw conflict("A preview is already running for this team; try again when it has finished");
  running.add(ctx.teamId);
  try {
    const approved: Approved[] = await ctx.db
      .select({ id: documents.id, name: documents.name, data: documents.data, fileKey: documents.fileKey, contentType: documents.contentType, source: documents.source, updatedAt: documents.updatedAt })
      .from(documents)
      .where(and(eq(documents.parserId, parser.id), eq(documents.teamId, ctx.teamId), eq(documents.status, "approved"), isNull(documents.deletedAt)))
      .orderBy(desc(documents.updatedAt))
      .limit(input.limit ?? PREVIEW_DEFAULT_DOCUMENTS);
    const firstValues = await firstExtractedValues(ctx, approved.map((document) => document.id));
    const knownFields = new Set(currentFields.map((field) => field.name));
    const tallies = new Map<string, FieldTally>();
    const deadline = started + BUDGET_MS;

    const readOne = async (document: Approved): Promise<DocumentResult> => {
      const base = { documentId: document.id, name: document.name, approvedAt: document.updatedAt.toISOString(), error: null, matching: 0, values: [] };
      const remaining = deadline - Date.now();
      if (remaining < 1_000) return { ...base, outcome: "timed_out" };
      if (!document.fileKey || !(await fileStore().exists(document.fileKey))) return { ...base, outcome: "unavailable", error: "The document's file is no longer stored" };
      let after: Record<string, unknown>;
      try {
        const result = await deps.extract({
          bytes: await fileStore().get(document.fileKey),
          mimeType: document.contentType,
          fileName: document.name,
          fields,
          settings: { ...extractionSettings(settings, document.source), timeoutMs: Math.min(DOCUMENT_LIMIT_MS, remaining) },
        });
        const read = await readWithMemory(ctx.db, { document: { id: document.id, parserId: parser.id }, fields, result });
        // In the field's type, as stored documents are (field-coercion.ts), so a text total compares as text.
        after = coerceDocumentData(fields, read.data, read.fieldMetadata);
      } catch (error) {
        if (error instanceof ExtractionTimeoutError) return { ...base, outcome: "timed_out", error: "Reading the document took longer than the preview allows" };
        return { ...base, outcome: "failed", error: sanitiseExtractionError(error) };
      }
      const before = { ...document.data, ...firstValues.get(document.id) };
      return { ...base, outcome: "compared", ...compareDocument({ fields, knownFields, approved: document.data, before, after, tallies }) };
    };

    const results = await inPool({ items: approved, size: CONCURRENCY, work: readOne });
    const verdicts = results.flatMap((result) => result.values.map((value) => value.verdict));
    return {
      documents: results,
      fields: fields.map((field) => tallies.get(field.name) ?? { name: field.name, values: 0, rightBefore: 0, rightAfter: 0 }),
      summary: {
        requested: approved.length,
        compared: results.filter((result) => result.outcome === "compared").length,
        failed: results.filter((result) => result.outcome === "failed" || result.outcome === "unavailable").length,
        timedOut: results.filter((result) => result.outcome === "timed_out").length,
        fixed: verdicts.filter((verdict) => verdict === "fixed").length,
        broken: verdicts.filter((verdict) => verdict === "broken").length,
        stillWrong: verdicts.filter((verdict) => verdict === "still_wrong").length,
        elapsedMs: Date.now() - started,
      },
    };
  } finally {
    running.delete(ctx.teamId);
  }
}

/**
 * What the parser produced for each field a reviewer later changed: the `before` of the field's first correction
 * in the audit. Fields never corrected were approved as the parser read them.
 */
async function firstExtractedValues(ctx: ServiceContext, documentIds: string[]): Promise<Map<string, Record<string, unknown>>> {
  const firsts = new Map<string, Record<string, unknown>>();
  if (documentIds.length === 0) return firsts;
  const audits = await ctx.db
    .select({ resourceId: auditLog.resourceId, before: auditLog.before })
    .from(auditLog)
    .where(and(eq(auditLog.teamId, ctx.teamId), eq(auditLog.resourceType, "document"), eq(auditLog.action, "document.data.update"), inArray(auditLog.resourceId, documentIds)))
    .orderBy(asc(auditLog.createdAt));
  for (const audit of audits) {
    const values = firsts.get(audit.resourceId) ?? {};
    for (const [name, value] of Object.entries(audit.before ?? {})) if (!(name in values)) values[name] = value;
    firsts.set(audit.resourceId, values);
  }
  return firsts;
}

/** Maps items with at most `size` running at once, keeping their order. */
async function inPool<T, R>({ items, size, work }: { items: readonly T[]; size: number; work: (item: T) => Promise<R> }): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(size, items.length) }, lane));
  return results;
}
