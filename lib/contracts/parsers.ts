import { z } from "zod";
import { AcceptedFileTypeSchema, ParserSettingsSchema } from "./parser-settings";
import { defineOperation, TimestampSchema, UuidSchema } from "./common";

export const ParserSchema = z
  .object({
    id: UuidSchema,
    name: z.string(),
    description: z.string(),
    type: z.string().describe("`document` for a document parser"),
    isActive: z.boolean(),
    acceptedFileTypes: z.array(AcceptedFileTypeSchema),
    settings: ParserSettingsSchema,
    createdAt: TimestampSchema,
    updatedAt: TimestampSchema,
    counts: z.object({ totalDocuments: z.int(), folders: z.int() }),
  })
  .meta({ id: "Parser" });
export type Parser = z.infer<typeof ParserSchema>;

export const parserOperations = {
  list: defineOperation({
    operationId: "listParsers",
    method: "GET",
    path: "/parsers",
    tag: "Parsers",
    summary: "List parsers",
    description: "The active document parsers of the key's team; archived and deleted parsers and classifiers are excluded.",
    permission: "parsers.read",
    response: z.object({ data: z.array(ParserSchema) }),
    errors: [401],
  }),
};
