import "server-only";
import type { Classifier, ClassifierDocument } from "@/lib/contracts/classifiers";
import { toAcceptedFileTypes } from "@/lib/contracts/file-types";
import { DEFAULT_PARSER_SETTINGS } from "@/lib/contracts/parser-settings";
import { env } from "@/lib/env";
import { signedFileUrl } from "@/lib/storage";
import type { ClassifierDocumentRow, ClassifierRow, TargetParser } from "./internal";

/** The mailbox of a classifier: its slug at the configured inbound domain (the slug is fixed on create). */
export function classifierEmailAddress(slug: string): string {
  return `${slug}@${env().INBOUND_DOMAIN}`;
}

export function toClassifier(row: ClassifierRow, counts: Classifier["counts"]): Classifier {
  const routing = row.settings.routing;
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    isActive: row.isActive,
    emailAddress: classifierEmailAddress(row.slug),
    acceptedFileTypes: toAcceptedFileTypes(row.acceptedFileTypes),
    settings: {
      routing: { rules: routing.rules, fallback: routing.fallback, instructions: routing.instructions ?? "" },
      splitDocuments: row.settings.splitDocuments ?? DEFAULT_PARSER_SETTINGS.splitDocuments,
    },
    counts,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** `routing.status` is `pending` until the document has an outcome; then it names the outcome. */
function routingStatus(status: ClassifierDocumentRow["status"]): string {
  return status === "queued" || status === "processing" ? "pending" : status;
}

export function toClassifierDocument(row: ClassifierDocumentRow, target: TargetParser | null): ClassifierDocument {
  return {
    id: row.id,
    name: row.name,
    externalId: row.externalId,
    custom: row.custom,
    source: row.source,
    contentType: row.contentType,
    url: row.fileKey ? signedFileUrl({ key: row.fileKey, name: row.name, contentType: row.contentType }) : null,
    status: row.status,
    isProcessed: row.status === "routed" || row.status === "skipped" || row.status === "split",
    isFailed: row.status === "failed",
    pageCount: row.pageCount,
    routing: {
      status: routingStatus(row.status),
      category: row.routing.category ?? null,
      targetParserId: row.routing.targetParserId ?? null,
      targetParserName: row.routing.targetParserName ?? target?.name ?? null,
      reasoning: row.routing.reasoning ?? null,
      error: row.routing.error ?? null,
    },
    targetParser: target,
    routedDocumentId: row.routedDocumentId,
    parentDocumentId: row.parentDocumentId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
