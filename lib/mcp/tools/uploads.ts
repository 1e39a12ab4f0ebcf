import "server-only";
import type { McpServer } from "@modelcontextprotocol/server";
import { z } from "zod";
import { CustomSchema, ExternalIdSchema, UploadResponseSchema, UploadUrlsSchema } from "@/lib/contracts/documents";
import { UuidSchema } from "@/lib/contracts/common";
import { validationError } from "@/lib/services/errors";
import { classifyFromUrls, uploadToClassifier } from "@/lib/services/classifiers";
import { uploadDocuments } from "@/lib/services/documents";
import { MAX_FILE_BYTES } from "@/lib/services/intake";
import { uploadFromUrls } from "@/lib/services/documents";
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

/** Base64 of MAX_FILE_BYTES: the REST upload's per-file limit, as text. */
const MAX_BASE64_CHARS = Math.ceil(MAX_FILE_BYTES / 3) * 4;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/**
 * A file's bytes sent inline, for agents that hold local files (URL import refuses private addresses by design).
 * Held to the REST upload's rules by the same services: type checked by content against what the parser or
 * classifier accepts, at most 100 MB, the folder a folder of the parser.
 */
const UploadFileSchema = z
  .strictObject(
    described(
      {
        parserId: ids.parserId.optional(),
        classifierId: ids.classifierId.optional(),
        fileName: z.string().trim().min(1).max(255),
        mimeType: z.string().trim().min(1).max(200).optional(),
        contentBase64: z.string().max(MAX_BASE64_CHARS + 4, "The file is larger than 100 MB"),
        externalId: ExternalIdSchema.optional(),
        custom: CustomSchema.optional(),
        folderId: UuidSchema.optional(),
      },
      {
        parserId: `${PARSER_ID}. Give exactly one of parserId and classifierId`,
        classifierId: "A classifier's id: it sorts the document by type and routes it to a parser. Give exactly one of parserId and classifierId",
        fileName: "The file's name, such as invoice-0042.pdf; it becomes the document's name",
        mimeType: "The file's MIME type, such as application/pdf; a hint only: the type is detected from the bytes and must be one the parser or classifier accepts",
        contentBase64: "The file's bytes, base64-encoded (standard alphabet; whitespace ignored); at most 100 MB decoded",
        externalId: "Your own id for the document: find it later with get_document_data externalId",
        custom: "Any JSON object, stored with the document and returned with it",
        folderId: "Parser uploads only: an existing folder of the parser (list_folders) to put the document in",
      },
    ),
  )
  .superRefine((input, ctx) => {
    if ((input.parserId === undefined) === (input.classifierId === undefined)) {
      ctx.addIssue({ code: "custom", path: ["parserId"], message: "Give exactly one of parserId and classifierId" });
    }
    if (input.classifierId !== undefined && input.folderId !== undefined) {
      ctx.addIssue({ code: "custom", path: ["folderId"], message: "A classifier has no folders: folderId is for parser uploads" });
    }
  });

/** Strict base64: a typo must not become a silently different file. */
export function decodeBase64(text: string): Uint8Array {
  const compact = text.replace(/\s+/g, "");
  if (compact.length % 4 !== 0 || !BASE64.test(compact)) throw validationError("contentBase64: not valid base64", [{ path: "contentBase64", message: "Not valid base64" }]);
  return new Uint8Array(Buffer.from(compact, "base64"));
}

export function registerUploadTools(server: McpServer, deps: McpDeps): void {
  addTool(server, deps, {
    name: "upload_document",
    title: "Upload a document",
    description:
      "Uploads one file you hold (its bytes base64-encoded) into a parser (extraction starts at once) or a classifier (the file is routed to a parser by type). Same rules as the REST upload: at most 100 MB, and the type, detected from the bytes, must be one the parser or classifier accepts. Answers at once with the result (status processing); then call get_document_data with the documentId to wait for the extracted data. For files on the public web, upload_document_by_url avoids sending the bytes.",
    input: UploadFileSchema,
    output: UploadResponseSchema,
    permission: "documents.write",
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false },
    run: async ({ ctx, deps, args }) => {
      const file = { name: args.fileName, bytes: decodeBase64(args.contentBase64), declaredType: args.mimeType };
      const perFile = { externalIds: args.externalId ? [args.externalId] : undefined, custom: args.custom ? [args.custom] : undefined };
      const queue = await deps.queue();
      const result = args.parserId
        ? await uploadDocuments(ctx, { queue, parserId: args.parserId, incoming: [file], ...perFile, folderId: args.folderId, source: "api" })
        : await uploadToClassifier(ctx, { queue, classifierId: args.classifierId!, incoming: [file], ...perFile, source: "api" });
      return { success: true, result };
    },
  });

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
        ? await uploadFromUrls(ctx, { queue, parserId, body })
        : await classifyFromUrls(ctx, { queue, classifierId: classifierId!, body: { urls: body.urls, externalIds: body.externalIds, custom: body.custom } });
      return { success: true, result };
    },
  });
}
