import "server-only";
import type { McpServer } from "@modelcontextprotocol/server";
import { z } from "zod";
import { PAGE_SELECTION_HELP } from "@/lib/contracts/page-selection";
import { CreateParserSchema, ParserSchema, UpdateParserSchema } from "@/lib/contracts/parsers";
import { createParser, getParser, listParsers, updateParser } from "@/lib/services/parsers";
import { described, ids, PARSER_ID } from "../input";
import { addTool, type McpDeps } from "../tool";

const INCLUDE_ARCHIVED = "true: archived parsers too (so they can be found and restored with update_parser isActive true); default false";

export function registerParserTools(server: McpServer, deps: McpDeps): void {
  addTool(server, deps, {
    name: "list_parsers",
    title: "List parsers",
    description:
      "Lists the team's document parsers (a parser defines the fields extracted from the documents sent to it) with their settings and document counts. Start here to find a parserId.",
    input: z.strictObject(described({ includeArchived: z.boolean().default(false) }, { includeArchived: INCLUDE_ARCHIVED })),
    output: z.object({ data: z.array(ParserSchema) }),
    permission: "parsers.read",
    annotations: { readOnlyHint: true },
    run: async ({ ctx, args }) => ({ data: await listParsers(ctx, args) }),
  });

  addTool(server, deps, {
    name: "get_parser",
    title: "Get a parser",
    description: "One parser with its settings (accepted file types, splitting, page selection, document-type rule, e-mail import). Its fields: list_fields.",
    input: z.strictObject(described({ parserId: ids.parserId, includeArchived: z.boolean().default(false) }, { parserId: PARSER_ID, includeArchived: INCLUDE_ARCHIVED })),
    output: ParserSchema,
    permission: "parsers.read",
    annotations: { readOnlyHint: true },
    run: ({ ctx, args }) => getParser(ctx, { parserId: args.parserId, includeArchived: args.includeArchived }),
  });

  addTool(server, deps, {
    name: "create_parser",
    title: "Create a parser",
    description:
      "Creates a document parser with default settings and, optionally, its fields in one go. Documents are then sent to it with upload_document_by_url and their data read with get_document_data.",
    input: CreateParserSchema.safeExtend(
      described(CreateParserSchema.shape, {
        name: "Display name, such as Supplier invoices (1–200 characters)",
        description: "What the parser is for; optional",
        type: "Only `document` (the default); classifiers are made with create_classifier",
        acceptedFileTypes: "MIME types the parser takes, such as application/pdf and image/png; omitted: PDF and common image types",
        fields:
          "Initial fields, in order: {name, type, description?, instructions?, required?, options? (select only), columns? (table only, same shape)}. Names are unique and contain no dot",
      }),
    ),
    output: ParserSchema,
    permission: "parsers.write",
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false },
    run: ({ ctx, args }) => createParser(ctx, args),
  });

  addTool(server, deps, {
    name: "update_parser",
    title: "Update a parser or its settings",
    description:
      "Changes a parser's name, description, active state, accepted file types and settings. Only the keys given change; a settings group given (such as splitDocuments) replaces the stored group whole, so send every key of that group. Fields are changed with the field tools.",
    input: UpdateParserSchema.safeExtend(
      described(
        { parserId: ids.parserId, ...UpdateParserSchema.shape },
        {
          parserId: PARSER_ID,
          name: "New display name",
          description: "New description",
          isActive: "false archives the parser (hidden from lists, data kept); true restores it",
          acceptedFileTypes: "The full list of accepted MIME types, replacing the current one",
          confidenceScores: "{enabled, highThreshold?, lowThreshold?}: report a confidence (the calibrated probability a value is right) with every extracted value; the thresholds colour values in the console (defaults 0.9 and 0.5)",
          markdownParsing: "{enabled}: also produce the document's text as Markdown (one additional credit per page)",
          advancedTableExtraction: "disabled, auto or enabled: the table extraction effort",
          dataExtractionMode: "fast, balanced or accurate",
          splitDocuments:
            "{enabled, mode: everyXPages | pageRanges | partitionKey, everyXPages?, pageRanges? (such as 1-3,4-6), partitionKey? (a field path), instructions?}: cut uploads into several documents",
          classificationGate:
            "{enabled, mode: allow | deny, labels: [document types], instructions?}: process only (allow) or skip (deny) the listed document types",
          emailParsing:
            "{parseEmailBody, mergeEmailAttachments, includeEmailSubjectBody, attachmentFileTypes, senderFilter: {mode: disabled | allow | deny, rules: [{type: email | domain, value}]}}: how mail to the parser's address becomes documents",
          parsePages: `Pages to read. ${PAGE_SELECTION_HELP}`,
        },
      ),
    ),
    output: ParserSchema,
    permission: "parsers.write",
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true },
    run: ({ ctx, args: { parserId, ...body } }) => updateParser(ctx, { parserId, input: body }),
  });
}
