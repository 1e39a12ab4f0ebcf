import { z } from "zod";
import { PAGE_SELECTION_HELP, parsePageRanges, parsePageSelection } from "./page-selection";

/**
 * Parser settings as the spec's table describes them. Where the spec shows one value and says "others not
 * shown", we accept that value plus the ones a user needs, and say so in the description (it reaches OpenAPI).
 */
export const AcceptedFileTypeSchema = z.object({ mimeType: z.string(), label: z.string() });
export type AcceptedFileType = z.infer<typeof AcceptedFileTypeSchema>;

export const ToggleSchema = z.strictObject({ enabled: z.boolean() });

/** Where the console's colours change: at or above `high` a value reads as sure, below `low` as doubtful. */
export const DEFAULT_CONFIDENCE_THRESHOLDS = { high: 0.9, low: 0.5 } as const;

/**
 * Confidence scores: whether values carry one, and the parser's thresholds for the reviewer's colours (values are
 * calibrated probabilities of being right, so 0.9 means about nine in ten such values are right).
 */
export const ConfidenceScoresSchema = z
  .strictObject({
    enabled: z.boolean(),
    highThreshold: z.number().min(0).max(1).optional().describe("A value at or above this confidence shows as sure (default 0.9)"),
    lowThreshold: z.number().min(0).max(1).optional().describe("A value below this confidence shows red, between the two amber (default 0.5)"),
  })
  .refine((v) => (v.lowThreshold ?? DEFAULT_CONFIDENCE_THRESHOLDS.low) <= (v.highThreshold ?? DEFAULT_CONFIDENCE_THRESHOLDS.high), {
    message: "The low threshold must not be above the high threshold",
    path: ["lowThreshold"],
  });
export type ConfidenceScores = z.infer<typeof ConfidenceScoresSchema>;

/** The thresholds a parser's settings give, with the defaults for what they leave out. */
export function confidenceThresholds(settings: { confidenceScores?: Partial<ConfidenceScores> } | null | undefined): { high: number; low: number } {
  return {
    high: settings?.confidenceScores?.highThreshold ?? DEFAULT_CONFIDENCE_THRESHOLDS.high,
    low: settings?.confidenceScores?.lowThreshold ?? DEFAULT_CONFIDENCE_THRESHOLDS.low,
  };
}

/** The split group's keys without the mode rules, for forms that `.pick()` or `.extend()` it. */
export const SplitDocumentsShapeSchema = z.strictObject({
  enabled: z.boolean(),
  mode: z
    .enum(["everyXPages", "pageRanges", "partitionKey"])
    .describe("everyXPages: a new part every N pages; pageRanges: parts as listed; partitionKey: a new part where a field's value changes"),
  everyXPages: z.int().min(1).max(10_000).optional().describe("Pages per part; required when mode is everyXPages"),
  pageRanges: z
    .string()
    .max(1_000)
    .optional()
    .describe("Parts as pages and ranges, such as `1-3,4-6,7`; required when mode is pageRanges"),
  instructions: z.string().max(5_000).optional(),
  partitionKey: z
    .string()
    .max(200)
    .optional()
    .describe("Dotted path of a field of this parser (`invoiceNumber`, `items.sku`); required when mode is partitionKey"),
  partitionKeySource: z.enum(["parserField"]).optional(),
});

/**
 * Each mode needs its own setting, checked whether or not splitting is enabled so the stored group is always
 * usable when someone switches it on. That a partition key names an existing field is checked by the service,
 * which knows the fields.
 */
export const SplitDocumentsSchema = SplitDocumentsShapeSchema.superRefine((value, ctx) => {
  if (value.mode === "everyXPages" && value.everyXPages === undefined) {
    ctx.addIssue({ code: "custom", path: ["everyXPages"], message: "Required when mode is everyXPages" });
  }
  if (value.mode === "pageRanges") {
    const parsed = parsePageRanges(value.pageRanges ?? "");
    if (!parsed.ok) ctx.addIssue({ code: "custom", path: ["pageRanges"], message: `Invalid page ranges: ${parsed.error}` });
  } else if (value.pageRanges !== undefined && value.pageRanges.trim() !== "") {
    const parsed = parsePageRanges(value.pageRanges);
    if (!parsed.ok) ctx.addIssue({ code: "custom", path: ["pageRanges"], message: `Invalid page ranges: ${parsed.error}` });
  }
  if (value.mode === "partitionKey" && !value.partitionKey?.trim()) {
    ctx.addIssue({ code: "custom", path: ["partitionKey"], message: "Required when mode is partitionKey: the dotted path of a field" });
  }
});
export type SplitDocuments = z.infer<typeof SplitDocumentsSchema>;

export const ClassificationGateSchema = z.strictObject({
  enabled: z.boolean(),
  mode: z.enum(["allow", "deny"]).describe("allow: process only the listed types; deny: skip the listed types"),
  labels: z.array(z.string().min(1).max(100)).max(100),
  instructions: z.string().max(5_000).optional(),
  costPerDocument: z.number().min(0).optional(),
}).superRefine((gate, ctx) => {
  // An enabled gate without labels would process nothing (allow) or everything (deny): almost surely a mistake.
  if (gate.enabled && gate.labels.length === 0) ctx.addIssue({ code: "custom", path: ["labels"], message: "List at least one document type when the rule is enabled" });
  const seen = new Set<string>();
  for (const [index, label] of gate.labels.entries()) {
    if (seen.has(label.toLowerCase())) ctx.addIssue({ code: "custom", path: ["labels", index], message: `"${label}" is listed twice` });
    seen.add(label.toLowerCase());
  }
});

const DOMAIN_PATTERN = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+$/;

/** A sender rule matches one address (`email`) or every address of a domain (`domain`, without the @). */
export const SenderRuleSchema = z
  .strictObject({
    type: z.enum(["email", "domain"]),
    value: z.string().trim().min(1).max(320),
  })
  .superRefine((rule, ctx) => {
    const host = rule.type === "email" ? rule.value.split("@")[1] ?? "" : rule.value;
    if (rule.type === "email" && !EMAIL_PATTERN.test(rule.value)) {
      ctx.addIssue({ code: "custom", path: ["value"], message: "Enter an e-mail address such as ap@supplier.com" });
    } else if (!DOMAIN_PATTERN.test(host)) {
      ctx.addIssue({ code: "custom", path: ["value"], message: rule.type === "email" ? "The address has no valid domain" : "Enter a domain such as supplier.com" });
    }
  });

export const EmailParsingSchema = z.strictObject({
  parseEmailBody: z.boolean(),
  mergeEmailAttachments: z.boolean(),
  includeEmailSubjectBody: z.boolean(),
  attachmentFileTypes: z
    .array(z.string().trim().min(1).max(200))
    .max(50)
    .describe("Attachments to extract, as MIME types (application/pdf, image/*) or extensions (.pdf); empty: every attachment"),
  senderFilter: z.strictObject({
    mode: z.enum(["disabled", "allow", "deny"]).describe("disabled: every sender; allow: only matching senders; deny: all but matching senders"),
    rules: z.array(SenderRuleSchema).max(200),
  }),
});

export const ParsePagesSchema = z
  .string()
  .max(500)
  .superRefine((value, ctx) => {
    const parsed = parsePageSelection(value);
    if (!parsed.ok) ctx.addIssue({ code: "custom", message: `Invalid page selection: ${parsed.error}` });
  })
  .describe(PAGE_SELECTION_HELP);

export const ParserSettingsSchema = z.object({
  acceptedFileTypes: z.array(AcceptedFileTypeSchema),
  confidenceScores: ConfidenceScoresSchema,
  markdownParsing: ToggleSchema,
  advancedTableExtraction: z.enum(["disabled", "auto", "enabled"]),
  dataExtractionMode: z.enum(["fast", "balanced", "accurate"]),
  splitDocuments: SplitDocumentsSchema,
  classificationGate: ClassificationGateSchema,
  emailParsing: EmailParsingSchema,
  parsePages: ParsePagesSchema,
});
export type ParserSettings = z.infer<typeof ParserSettingsSchema>;

export const DEFAULT_PARSER_SETTINGS: Omit<ParserSettings, "acceptedFileTypes"> = {
  confidenceScores: { enabled: true, highThreshold: DEFAULT_CONFIDENCE_THRESHOLDS.high, lowThreshold: DEFAULT_CONFIDENCE_THRESHOLDS.low },
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
