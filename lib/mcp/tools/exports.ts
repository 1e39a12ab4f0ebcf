import "server-only";
import type { McpServer } from "@modelcontextprotocol/server";
import { z } from "zod";
import { UuidSchema } from "@/lib/contracts/common";
import { ExportRequestSchema, type ExportRequest } from "@/lib/contracts/exports";
import type { ServiceContext } from "@/lib/services/context";
import { searchDocuments } from "@/lib/services/documents";
import { exportDocuments } from "@/lib/services/exports";
import { createExportDownloadLink, EXPORT_LINK_TTL_SECONDS } from "../export-link";
import { described, ids, PARSER_ID } from "../input";
import { addTool, type McpDeps } from "../tool";
import { FILTERS } from "./documents";

/** Inline JSON goes into the agent's context, so it is bounded; files of any size go through a link. */
export const MAX_INLINE_DOCUMENTS = 100;
/** Ids travel inside the link's token, so a link names at most this many; larger selections are a filter's job. */
export const MAX_LINK_DOCUMENT_IDS = 100;

const { documentIds: _documentIds, ...exportShape } = ExportRequestSchema.shape;

const ExportInputSchema = z.strictObject(
  described(
    {
      parserId: ids.parserId,
      ...exportShape,
      documentIds: z.array(UuidSchema).min(1).max(MAX_LINK_DOCUMENT_IDS).optional(),
      limit: z.int().min(1).max(MAX_INLINE_DOCUMENTS).default(50),
    },
    {
      ...FILTERS,
      parserId: PARSER_ID,
      format: `json: the data inline in the answer (at most ${MAX_INLINE_DOCUMENTS} documents); csv, xml or xlsx: a download link for the whole selection, valid ${EXPORT_LINK_TTL_SECONDS / 60} minutes`,
      includeSources: "For every value also its confidence, page and source box; default false",
      documentIds: `Exactly these documents (1–${MAX_LINK_DOCUMENT_IDS} ids of the parser); omitted: every document matching the filters (no filter: the whole parser)`,
      q: "Only documents whose name, external id or extracted values contain this text",
      folderId: "Only documents in this folder (list_folders); null: only documents in no folder",
      filters: "Conditions on extracted values, all of which must match: {field, operator: eq | neq | contains | gt | gte | lt | lte | exists, value}",
      limit: `json only: at most this many documents inline, 1–${MAX_INLINE_DOCUMENTS} (default 50); the answer says when there were more`,
    },
  ),
);

export function registerExportTools(server: McpServer, deps: McpDeps): void {
  addTool(server, deps, {
    name: "export_documents",
    title: "Export extracted data",
    description: `Exports the extracted data of a parser's documents: chosen by documentIds or by the same filters as search_documents. format json answers with the data inline (fields, then documents with their data; at most ${MAX_INLINE_DOCUMENTS} documents, with total and truncated saying whether there were more). csv, xml and xlsx answer with a link to download the file, valid for ${EXPORT_LINK_TTL_SECONDS / 60} minutes: give it to the user.`,
    input: ExportInputSchema,
    permission: "exports.read",
    annotations: { readOnlyHint: true },
    run: async ({ ctx, connectionId, args: { parserId, limit, ...request } }) => {
      const parsed = ExportRequestSchema.parse(request);
      return parsed.format === "json" ? inlineJson(ctx, parserId, parsed, limit) : downloadLink(ctx, parserId, parsed, connectionId);
    },
  });
}

async function inlineJson(ctx: ServiceContext, parserId: string, request: ExportRequest, limit: number) {
  const { format: _format, includeSources: _sources, documentIds, ...filters } = request;
  let selected = documentIds?.slice(0, limit);
  let total = documentIds?.length ?? 0;
  if (!documentIds) {
    const page = await searchDocuments(ctx, { parserId, body: { ...filters, page: 1, limit } });
    selected = page.data.map((document) => document.id);
    total = page.pagination.total;
  }
  // The filters go along with the ids, so a document that changed since the search is held to them again.
  const file = await exportDocuments(ctx, { parserId, request: { ...request, documentIds: selected?.length ? selected : undefined } });
  const data = JSON.parse(await new Response(file.body).text()) as { documents: unknown[] };
  // Ids the filters exclude were not cut off, so with ids only the limit truncates.
  const truncated = documentIds ? documentIds.length > limit : total > data.documents.length;
  return { format: "json", total, returned: data.documents.length, truncated, export: data };
}

async function downloadLink(ctx: ServiceContext, parserId: string, request: ExportRequest, connectionId: string | undefined) {
  // Everything that can be the caller's mistake (parser, folder, ids) is checked now, not when the link is opened.
  const probe = await exportDocuments(ctx, { parserId, request: { ...request, format: "json" } });
  await probe.body.cancel();
  const link = await createExportDownloadLink({ teamId: ctx.teamId, userId: ctx.actor.userId, parserId, request, connectionId });
  return {
    format: request.format,
    url: link.url,
    expiresAt: link.expiresAt.toISOString(),
    note: `A download link for the user, valid for ${EXPORT_LINK_TTL_SECONDS / 60} minutes or until this agent's connection is revoked; it exports the selection as it is when opened.`,
  };
}
