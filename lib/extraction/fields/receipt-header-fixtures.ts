/** Test fixtures for the seller's name and address on receipt headers (parties.test.ts, receipt-header-names.test.ts). */
import { extractDocument, type FieldDefinition } from "../index";
import type { Box } from "../types";
import type { DocLine } from "./document-lines";
import { normaliseToken } from "./text-tokens";

export const HEADER_FIELDS: FieldDefinition[] = [
  { name: "vendor_name", type: "text", description: "Vendor name" },
  { name: "vendor_address", type: "address", description: "Vendor address" },
];

/** Plain text is laid out one line per row, the way a receipt's header prints. */
export async function extractHeader(lines: string[]) {
  return (await extractDocument({ bytes: new TextEncoder().encode(lines.join("\n")), mimeType: "text/plain", fields: HEADER_FIELDS })).data;
}

/** OCR lines placed by hand (page fractions), one word per token read with confidence 0.9. */
export function ocrLines(specs: Array<{ text: string; box: Box }>): DocLine[] {
  return specs.map((spec, index) => {
    const tokens = spec.text.split(/\s+/);
    const w = spec.box.w / tokens.length;
    const words = tokens.map((t, i) => ({ text: t, box: { ...spec.box, x: spec.box.x + i * w, w }, confidence: 0.9 }));
    return { index, page: 1, text: spec.text, box: spec.box, words, tokens: tokens.map(normaliseToken) };
  });
}
