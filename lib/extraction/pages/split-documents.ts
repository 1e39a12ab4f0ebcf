import { PDFDocument } from "pdf-lib";
import { extractScalarFields } from "../fields/extract-fields";
import type { FieldDefinition, PageModel } from "../types";
import { parsePages } from "./parse-pages";

export type SplitRule =
  | { mode: "every"; pages: number }
  | { mode: "ranges"; ranges: string[] }
  /** A new part starts on each page where the field's value differs from the current part's value. */
  | { mode: "field"; field: FieldDefinition };

export type SplitPart = { pages: number[]; key: string | null };

/** Decides which pages go into which child document; pure, so the pipeline can plan before writing files. */
export function planSplit(model: PageModel, rule: SplitRule): SplitPart[] {
  const numbers = model.pages.map((p) => p.number);
  const total = Math.max(0, ...numbers);
  switch (rule.mode) {
    case "every": {
      if (!Number.isInteger(rule.pages) || rule.pages < 1) throw new Error("Split size must be a positive whole number");
      const parts: SplitPart[] = [];
      for (let i = 0; i < numbers.length; i += rule.pages) parts.push({ pages: numbers.slice(i, i + rule.pages), key: null });
      return parts;
    }
    case "ranges":
      return rule.ranges.map((r) => ({ pages: parsePages(r, total).filter((p) => numbers.includes(p)), key: r })).filter((p) => p.pages.length > 0);
    case "field": {
      const parts: SplitPart[] = [];
      for (const page of model.pages) {
        const value = extractScalarFields({ pages: [page] }, [rule.field]).get(rule.field.name)?.value ?? null;
        const key = value === null ? null : String(value);
        const current = parts[parts.length - 1];
        // Pages without a value (continuation pages) stay with the part before them.
        if (current && (key === null || key === current.key)) current.pages.push(page.number);
        else parts.push({ pages: [page.number], key });
      }
      return parts;
    }
  }
}

/** Writes one PDF per part with pdf-lib, copying the pages (no re-rendering, text layers preserved). */
export async function writePdfParts(bytes: Uint8Array, parts: SplitPart[]): Promise<Uint8Array[]> {
  const source = await PDFDocument.load(bytes, { ignoreEncryption: false, updateMetadata: false });
  const out: Uint8Array[] = [];
  for (const part of parts) {
    const child = await PDFDocument.create();
    const copied = await child.copyPages(source, part.pages.map((p) => p - 1));
    for (const page of copied) child.addPage(page);
    out.push(await child.save());
  }
  return out;
}
