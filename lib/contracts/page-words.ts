import { z } from "zod";
import { defineOperation } from "./common";
import { DocumentParamsSchema } from "./documents";

/**
 * The words the engine read on a document's pages (text layer or OCR: the same page model its values came from),
 * each with its box, so the console can let a reviewer pick values off images and scanned pages. Boxes are
 * page-relative fractions (0–1, origin top-left) of the page as stored, like every source box.
 */
const Fraction = z.number().min(0).max(1);

export const PageWordSchema = z.object({
  text: z.string(),
  x: Fraction,
  y: Fraction,
  w: Fraction,
  h: Fraction,
  line: z.int().min(0).describe("The phrase (line segment) of its page the engine read the word in"),
  block: z.int().min(0).describe("The block of its page the word belongs to"),
});
export type PageWord = z.infer<typeof PageWordSchema>;

export const PageWordsSchema = z
  .object({
    pages: z.array(z.object({ page: z.int().min(1), words: z.array(PageWordSchema) })).describe("The first pages read (up to 10); empty while the document has not been read"),
  })
  .meta({ id: "PageWords" });
export type PageWords = z.infer<typeof PageWordsSchema>;

export const pageWordOperations = {
  get: defineOperation({
    operationId: "getDocumentWords",
    method: "GET",
    path: "/parsers/{parserId}/documents/{documentId}/words",
    tag: "Documents",
    summary: "Get a document's words and their boxes",
    description: "What the engine read on each page (text layer or OCR), word by word with page-relative boxes, for picking values off the page.",
    permission: "documents.read",
    params: DocumentParamsSchema,
    response: PageWordsSchema,
    errors: [404],
  }),
};
