import { z } from "zod";
import { UuidSchema } from "@/lib/contracts/common";

/**
 * Tool inputs are built from the REST contracts, so an agent and an API client are held to the same rules. Agents
 * read the descriptions to decide what to send, so every top-level property gets one written for them: the type
 * demands a description for each key, and a contract's own wording on nested properties is kept.
 */
type Shape = Record<string, z.ZodType>;
export type Descriptions<T extends Shape> = { [K in keyof T]: string };

export function described<T extends Shape>(shape: T, descriptions: Descriptions<T>): T {
  const out: Shape = {};
  for (const [key, schema] of Object.entries(shape)) out[key] = schema.describe(descriptions[key as keyof T]);
  return out as T;
}

/** Path ids of the REST routes, as tool arguments. */
export const ids = {
  parserId: UuidSchema,
  classifierId: UuidSchema,
  documentId: UuidSchema,
};

export const PARSER_ID = "The parser's id (a UUID; list_parsers shows them)";
export const DOCUMENT_ID = "The document's id (a UUID; list_documents or search_documents shows them)";
