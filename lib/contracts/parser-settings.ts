import { z } from "zod";

/**
 * Parser settings as the spec's table describes them. Where the spec shows one value and says "others not
 * shown", we accept that value plus the ones a user needs, and say so in the description (it reaches OpenAPI).
 */
export const AcceptedFileTypeSchema = z.object({ mimeType: z.string(), label: z.string() });
export type AcceptedFileType = z.infer<typeof AcceptedFileTypeSchema>;

export const ToggleSchema = z.strictObject({ enabled: z.boolean() });

export const SplitDocumentsSchema = z.strictObject({
  enabled: z.boolean(),
  mode: z
    .enum(["everyXPages", "pageRanges", "partitionKey"])
    .describe("everyXPages: a new part every N pages; pageRanges: parts as listed; partitionKey: a new part where a field's value changes"),
  everyXPages: z.int().min(1).max(10_000).optional(),
  pageRanges: z.string().max(1_000).optional(),
  instructions: z.string().max(5_000).optional(),
  partitionKey: z.string().max(200).optional(),
  partitionKeySource: z.enum(["parserField"]).optional(),
});
export type SplitDocuments = z.infer<typeof SplitDocumentsSchema>;

export const ClassificationGateSchema = z.strictObject({
  enabled: z.boolean(),
  mode: z.enum(["allow", "deny"]).describe("allow: process only the listed types; deny: skip the listed types"),
  labels: z.array(z.string().min(1).max(100)).max(100),
  instructions: z.string().max(5_000).optional(),
  costPerDocument: z.number().min(0).optional(),
});

export const SenderRuleSchema = z.strictObject({
  type: z.enum(["email", "domain"]),
  value: z.string().min(1).max(320),
});

export const EmailParsingSchema = z.strictObject({
  parseEmailBody: z.boolean(),
  mergeEmailAttachments: z.boolean(),
  includeEmailSubjectBody: z.boolean(),
  attachmentFileTypes: z.array(z.string().max(200)).max(50),
  senderFilter: z.strictObject({
    mode: z.enum(["disabled", "allow", "deny"]).describe("disabled: every sender; allow: only matching senders; deny: all but matching senders"),
    rules: z.array(SenderRuleSchema).max(200),
  }),
});

export const ParserSettingsSchema = z.object({
  acceptedFileTypes: z.array(AcceptedFileTypeSchema),
  confidenceScores: ToggleSchema,
  markdownParsing: ToggleSchema,
  advancedTableExtraction: z.enum(["disabled", "auto", "enabled"]),
  dataExtractionMode: z.enum(["fast", "balanced", "accurate"]),
  splitDocuments: SplitDocumentsSchema,
  classificationGate: ClassificationGateSchema,
  emailParsing: EmailParsingSchema,
  parsePages: z.string().max(500),
});
export type ParserSettings = z.infer<typeof ParserSettingsSchema>;

export const DEFAULT_PARSER_SETTINGS: Omit<ParserSettings, "acceptedFileTypes"> = {
  confidenceScores: { enabled: true },
  markdownParsing: { enabled: false },
  advancedTableExtraction: "auto",
  dataExtractionMode: "balanced",
  splitDocuments: { enabled: false, mode: "everyXPages", everyXPages: 1 },
  classificationGate: { enabled: false, mode: "allow", labels: [] },
  emailParsing: {
    parseEmailBody: true,
    mergeEmailAttachments: false,
    includeEmailSubjectBody: false,
    attachmentFileTypes: [],
    senderFilter: { mode: "disabled", rules: [] },
  },
  parsePages: "",
};

export type RoutingRule = { id: string; label: string; targetParserId: string };
export type ClassifierSettings = {
  routing: {
    rules: RoutingRule[];
    fallback: { action: "skip" | "route"; targetParserId?: string };
    instructions?: string;
  };
  splitDocuments?: SplitDocuments;
};
