import "server-only";
import type { ClassifyUrls } from "@/lib/contracts/classifiers";
import type { UploadResultItem } from "@/lib/contracts/documents";
import type { DocumentSource } from "@/lib/contracts/enums";
import { classifierDocuments } from "@/lib/db/schema";
import { validationError } from "@/lib/services/errors";
import { fileStore, storageKey } from "@/lib/storage";
import { assertPermission, recordAudit, type ServiceContext } from "../context";
import type { ExtractionQueue } from "../documents/queue-extraction";
import { checkBatchShape, checkFileTypes, downloadAll, startedUploadItem, type IncomingFile } from "../intake";
import { getClassifierInTeam } from "./internal";
import { enqueueClassification } from "./queue";

export type ClassifierUploadOptions = {
  externalIds?: (string | null)[];
  custom?: (Record<string, unknown> | null)[];
  source: DocumentSource;
};

/**
 * Takes files into a classifier with the parser upload's rules: each type checked by its bytes against what the
 * classifier accepts, every file stored before anything is queued, so a batch with one bad file queues nothing.
 * The answer's ids are classifier documents; each is then classified and routed by the classify-document job.
 */
export async function uploadToClassifier(
  ctx: ServiceContext,
  { queue, classifierId, incoming, ...options }: { queue: ExtractionQueue; classifierId: string; incoming: IncomingFile[] } & ClassifierUploadOptions,
): Promise<UploadResultItem[]> {
  assertPermission(ctx, "documents.write");
  const files = checkBatchShape(incoming, options);
  const classifier = await activeClassifier(ctx, classifierId);
  const checked = await checkFileTypes(files, { kind: "classifier", acceptedTypes: new Set(classifier.acceptedFileTypes) });

  const rows = checked.map((file, index) => ({
    id: file.id,
    teamId: ctx.teamId,
    classifierId: classifier.id,
    name: file.name,
    externalId: options.externalIds?.[index] ?? null,
    custom: options.custom?.[index] ?? {},
    source: options.source,
    contentType: file.contentType,
    fileKey: storageKey(ctx.teamId, file.id, file.name),
    fileSize: file.bytes.byteLength,
    status: "queued" as const,
    routing: { status: "pending" },
  }));
  // Files first, rows second: a row exists only with its file, and a failed store leaves nothing behind.
  try {
    await Promise.all(checked.map((file, index) => fileStore().put(rows[index]!.fileKey, file.bytes, file.contentType)));
    await ctx.db.transaction(async (tx) => {
      await tx.insert(classifierDocuments).values(rows);
      for (const row of rows) await recordAudit(tx, { ctx, action: "classifier_document.upload", resourceType: "classifier_document", resourceId: row.id, after: { name: row.name, source: row.source, classifierId: classifier.id } });
    });
  } catch (error) {
    await Promise.all(rows.map((row) => fileStore().delete(row.fileKey).catch(() => undefined)));
    throw error;
  }

  const results: UploadResultItem[] = [];
  for (const row of rows) {
    const jobId = await enqueueClassification(queue, row.id);
    results.push(startedUploadItem({ row, jobId, work: "Classification" }));
  }
  return results;
}

/** URL import into a classifier: the parser import's safe fetch and all-or-nothing rule. */
export async function classifyFromUrls(ctx: ServiceContext, { queue, classifierId, body }: { queue: ExtractionQueue; classifierId: string; body: ClassifyUrls }): Promise<UploadResultItem[]> {
  assertPermission(ctx, "documents.write");
  await activeClassifier(ctx, classifierId); // before spending time on downloads
  const files = await downloadAll(body.urls);
  return uploadToClassifier(ctx, { queue, classifierId, incoming: files, externalIds: body.externalIds, custom: body.custom, source: "url" });
}

async function activeClassifier(ctx: ServiceContext, classifierId: string) {
  const classifier = await getClassifierInTeam(ctx.db, { teamId: ctx.teamId, classifierId });
  if (!classifier.isActive) throw validationError(`Classifier ${classifier.name} is inactive: set isActive true to take documents again`);
  return classifier;
}
