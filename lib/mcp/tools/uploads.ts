import "server-only";
import type { McpServer } from "@modelcontextprotocol/server";
import { UploadResponseSchema, UploadUrlsSchema } from "@/lib/contracts/documents";
import { classifyFromUrls } from "@/lib/services/classifiers";
import { uploadFromUrls } from "@/lib/services/documents/upload-urls";
import { described, ids, PARSER_ID } from "../input";
import { addTool, type McpDeps } from "../tool";

/** URL import to a parser or a classifier: the REST routes' services, so the same SSRF-safe fetch and all-or-nothing rule. */
const UploadByUrlSchema = UploadUrlsSchema.safeExtend(
  described(
    { parserId: ids.parserId.optional(), classifierId: ids.classifierId.optional(), ...UploadUrlsSchema.shape },
    {
      parserId: `${PARSER_ID}. Give exactly one of parserId and classifierId`,
      classifierId: "A classifier's id: it sorts each document by type and routes it to a parser. Give exactly one of parserId and classifierId",
      urls: "1–20 public http(s) URLs of files (PDF, images or the parser's other accepted types), each at most 100 MB; private and loopback addresses are refused",
      externalIds: "Your own id per URL (same order, null skips one): find the document later with get_document_data externalId",
      custom: "Any JSON object per URL (same order, null skips one), stored with the document and returned with it",
      folderId: "Parser uploads only: an existing folder of the parser (list_folders) to put the documents in",
    },
  ),
).superRefine((input, ctx) => {
  if ((input.parserId === undefined) === (input.classifierId === undefined)) {
    ctx.addIssue({ code: "custom", path: ["parserId"], message: "Give exactly one of parserId and classifierId" });
  }
  if (input.classifierId !== undefined && input.folderId !== undefined) {
    ctx.addIssue({ code: "custom", path: ["folderId"], message: "A classifier has no folders: folderId is for parser uploads" });
  }
});

export function registerUploadTools(server: McpServer, deps: McpDeps): void {
  addTool(server, deps, {
    name: "upload_document_by_url",
    title: "Upload documents from URLs",
    description:
      "Downloads files from URLs into a parser (extraction starts at once) or a classifier (each file is routed to a parser by type). Every file is downloaded before any is queued: if one fails, nothing is queued and the error names the URL. Answers at once with one result per file (status processing); then call get_document_data with the documentId to wait for the extracted data.",
    input: UploadByUrlSchema,
    output: UploadResponseSchema,
    permission: "documents.write",
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
    run: async ({ ctx, deps, args: { parserId, classifierId, ...body } }) => {
      const queue = await deps.queue();
      const result = parserId
        ? await uploadFromUrls(ctx, queue, parserId, body)
        : await classifyFromUrls(ctx, queue, classifierId!, { urls: body.urls, externalIds: body.externalIds, custom: body.custom });
      return { success: true, result };
    },
  });
}
