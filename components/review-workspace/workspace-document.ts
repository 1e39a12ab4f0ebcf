import type { DocumentFull, Review } from "@/lib/contracts/documents";
import type { ReviewKeymap } from "@/lib/contracts/preferences";
import type { ReviewChecks } from "@/lib/contracts/review-checks";
import { sameOriginFileUrl } from "./file-source";

/** What the workspace needs of a document: the full view without what it never shows, with a same-origin file link. */
export type WorkspaceDocument = {
  id: string;
  name: string;
  status: DocumentFull["status"];
  contentType: string;
  pageCount: number;
  fileUrl: string | null;
  /** The first page as an image drawn while processing (the API's `thumbnail`), shown until pdf.js has painted. */
  previewUrl: string | null;
  hasMarkdown: boolean;
  error: string | null;
  review: Review;
  data: Record<string, unknown>;
  fieldMetadata: Record<string, unknown>;
  /** Facts about the document itself, shown under its data. */
  source: string;
  externalId: string | null;
  folderLabel: string | null;
  createdAt: string;
  updatedAt: string;
};

/** A document in my queue next to this one. */
export type QueueNeighbour = { parserId: string; documentId: string; name: string };
/** `position`: this document's place in my queue ("3 of 6"); null when it is not in my queue. */
export type Neighbours = { previous: QueueNeighbour | null; next: QueueNeighbour | null; position?: { index: number; total: number } | null };
export const NO_NEIGHBOURS: Neighbours = { previous: null, next: null };

/** What the workspace loads after its first screen. */
export type WorkspaceContext = {
  document: WorkspaceDocument;
  neighbours: Neighbours;
  /**
   * The next document's file (a PDF or an image), fetched ahead of time so that switching needs no network; a PDF
   * is opened by pdf.js ahead too.
   */
  nextFile: { documentId: string; fileUrl: string; kind: "pdf" | "image" } | null;
} & ParserContext;

/** The part of the context that belongs to the parser (and me), the same for every document of a queue. */
export type ParserContext = {
  reviewers: Array<{ id: string; name: string; email: string }>;
  keymap: ReviewKeymap;
  /** The parser's approval checks (run here too, so problems show before the API is asked) and reject reasons. */
  checks: ReviewChecks;
};

/** The context as the server action answers it: the parser's part is null when the workspace said it had it. */
export type LoadedContext = Omit<WorkspaceContext, keyof ParserContext> & { parser: ParserContext | null };

/** `filesOrigin`: the deployment's separate origin for stored files (FILES_BASE_URL), when it has one. */
export function toWorkspaceDocument(document: DocumentFull, filesOrigin: string | null = null): WorkspaceDocument {
  return {
    id: document.id,
    name: document.name,
    status: document.status,
    contentType: document.contentType,
    pageCount: document.pageCount,
    fileUrl: sameOriginFileUrl(document.url, filesOrigin),
    previewUrl: sameOriginFileUrl(document.metadata.thumbnail, filesOrigin),
    hasMarkdown: document.metadata.markdownUrl !== null,
    error: document.error,
    review: document.review,
    data: document.data,
    fieldMetadata: document.metadata.field_metadata,
    source: document.source,
    externalId: document.externalId,
    folderLabel: document.folder?.pathLabel ?? null,
    createdAt: document.createdAt,
    updatedAt: document.updatedAt,
  };
}

export function documentHref(neighbour: Pick<QueueNeighbour, "parserId" | "documentId">): string {
  return `/parsers/${neighbour.parserId}/documents/${neighbour.documentId}`;
}
