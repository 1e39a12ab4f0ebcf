import { PDFDocument, StandardFonts } from "pdf-lib";
import type { FieldDefinition } from "../index";

/** Test fixtures: real PDFs with a text layer, for tests that run the whole engine on a printed table. */

/** A printed cell: its text and its x in points from the left. */
export type PrintedCell = [text: string, x: number];
/** A printed line: its baseline in points from the bottom, as pdf-lib draws. */
export type PrintedLine = { y: number; cells: PrintedCell[] };

const TEXT_COLUMNS = new Set(["description", "item_code"]);

/** A parser with one line-items table field of these columns (descriptions and codes text, the rest numbers). */
export function lineItemsFields(...columns: string[]): FieldDefinition[] {
  return [{ name: "line_items", type: "table", columns: columns.map((name) => ({ name, type: TEXT_COLUMNS.has(name) ? "text" : "number" })) }];
}

/** An A4 PDF of these pages, each printed line in 9-point Helvetica. */
export async function printedPdf(pages: PrintedLine[][]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const lines of pages) {
    const page = doc.addPage([595, 842]);
    for (const line of lines) for (const [text, x] of line.cells) page.drawText(text, { x, y: line.y, size: 9, font });
  }
  return doc.save();
}
