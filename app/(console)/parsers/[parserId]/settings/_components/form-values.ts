import type { z } from "zod";
import { UpdateParserSchema, type Parser } from "@/lib/contracts/parsers";

/** The settings form edits every key of Update Parser except `isActive` (archiving lives in the parser list). */
export const SettingsFormSchema = UpdateParserSchema.omit({ isActive: true }).required();
export type SettingsFormValues = z.input<typeof SettingsFormSchema>;

/** The form's top-level keys, from its schema, so server errors find their field. */
export const SETTINGS_FIELDS = Object.keys(SettingsFormSchema.shape);

export function toFormValues(parser: Parser): SettingsFormValues {
  const { settings } = parser;
  return {
    name: parser.name,
    description: parser.description,
    acceptedFileTypes: parser.acceptedFileTypes.map((type) => type.mimeType),
    confidenceScores: settings.confidenceScores,
    markdownParsing: settings.markdownParsing,
    advancedTableExtraction: settings.advancedTableExtraction,
    dataExtractionMode: settings.dataExtractionMode,
    splitDocuments: settings.splitDocuments,
    classificationGate: settings.classificationGate,
    emailParsing: settings.emailParsing,
    parsePages: settings.parsePages,
  };
}

/** A number input's value: empty means "not set", not zero. */
export const optionalNumber = (value: unknown) => (value === "" || value === null || value === undefined ? undefined : Number(value));
