import "server-only";
import { Readable } from "node:stream";
import { EXPORT_CONTENT_TYPES, type ExportFormat, type ExportRequest } from "@/lib/contracts/exports";
import { assertPermission, type ServiceContext } from "../context";
import { assertFolderInParser } from "../documents/internal";
import { loadFieldRows } from "../fields/internal";
import { buildFieldTree } from "../fields/tree";
import { loadFolders } from "../folders/internal";
import { toFolders } from "../folders/tree";
import { getParserInTeam } from "../parsers/internal";
import { writeCsv } from "./csv";
import { writeJson } from "./json";
import type { DocumentPages, ExportPlan } from "./model";
import { assertDocumentsInParser, readDocumentPages, selectionOf } from "./select";
import { textStream } from "./stream";
import { writeXlsx } from "./xlsx";
import { writeXml } from "./xml";

export type ExportFile = { fileName: string; contentType: string; body: ReadableStream<Uint8Array> };

const log = (error: unknown) => console.error("[exports] the export failed part-way", error);

/**
 * POST /parsers/{parserId}/export. Everything that can be the caller's mistake (the parser, the folder, the ids)
 * is checked before the first byte, so it is a proper 4xx; after that the file streams, a page of documents at a
 * time, and a failure can only cut the download short (logged here).
 */
export async function exportDocuments(ctx: ServiceContext, { parserId, request }: { parserId: string; request: ExportRequest }): Promise<ExportFile> {
  assertPermission(ctx, "exports.read");
  const parser = await getParserInTeam(ctx.db, { access: ctx, parserId });
  if (request.folderId) await assertFolderInParser(ctx.db, { parserId: parser.id, folderId: request.folderId });
  const documentIds = request.documentIds ? [...new Set(request.documentIds)] : undefined;
  if (documentIds) await assertDocumentsInParser(ctx.db, { access: ctx, parserId: parser.id, ids: documentIds });

  const { format, includeSources, documentIds: _ids, ...filters } = request;
  const exportedAt = new Date();
  const plan: ExportPlan = { parser: { id: parser.id, name: parser.name }, fields: buildFieldTree(await loadFieldRows(ctx.db, parser.id)), includeSources, exportedAt };
  const folderPaths = new Map(toFolders(await loadFolders(ctx.db, parser.id), new Map()).map((folder) => [folder.id, folder.pathLabel]));
  const selection = selectionOf({ parserId: parser.id, filters, documentIds, access: ctx });
  const pages: DocumentPages = () => readDocumentPages(ctx.db, { selection, folderPaths, fields: plan.fields });
  return {
    fileName: `${parser.slug}-${exportedAt.toISOString().slice(0, 19).replace(/[-:]/g, "").replace("T", "-")}.${format}`,
    contentType: EXPORT_CONTENT_TYPES[format],
    body: bodyOf({ format, plan, pages }),
  };
}

function bodyOf({ format, plan, pages }: { format: ExportFormat; plan: ExportPlan; pages: DocumentPages }): ReadableStream<Uint8Array> {
  switch (format) {
    case "json":
      return textStream(writeJson(plan, pages), log);
    case "xml":
      return textStream(writeXml(plan, pages), log);
    case "csv":
      return textStream(writeCsv(plan, pages), log);
    case "xlsx":
      return Readable.toWeb(writeXlsx({ plan, pages, onError: log })) as ReadableStream<Uint8Array>;
  }
}
