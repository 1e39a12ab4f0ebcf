import type { DocumentRow } from "@/lib/contracts/documents";
import type { Field } from "@/lib/contracts/fields";

/**
 * What every serialiser works from: a document as exported (its compact row, folder path, error, data and the
 * stored field metadata) and where each value came from, read defensively because field metadata is stored JSON
 * (older rows, corrected values and imports may lack parts of it). Pure, so the serialisers test without a database.
 */
export type ExportDocument = {
  row: DocumentRow;
  folderPath: string | null;
  error: string | null;
  data: Record<string, unknown>;
  fieldMetadata: Record<string, unknown>;
};

export type ExportParser = { id: string; name: string };

export type Box = { x: number; y: number; w: number; h: number };

/** A value's provenance: the engine's confidence, its page (1-based) and page-relative box, and a person's correction. */
export type Source = { confidence: number | null; page: number | null; box: Box | null; corrected: boolean };

export const NO_SOURCE: Source = { confidence: null, page: null, box: null, corrected: false };

/** Everything a serialiser needs besides the documents themselves. */
export type ExportPlan = { parser: ExportParser; fields: Field[]; includeSources: boolean; exportedAt: Date };

/** Pages of documents, in export order; called once per pass (XLSX walks the selection once per sheet). */
export type DocumentPages = () => AsyncIterable<ExportDocument[]>;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);
const finite = (value: unknown): number | null => (typeof value === "number" && Number.isFinite(value) ? value : null);

/** Float noise (0.30000000000000004) would otherwise leak into every box; 6 places is far below a pixel. */
const round6 = (value: number) => Math.round(value * 1e6) / 1e6;

export function readSource(meta: unknown): Source {
  if (!isRecord(meta)) return NO_SOURCE;
  const source = isRecord(meta.source) ? meta.source : null;
  const [x, y, w, h] = [finite(source?.x), finite(source?.y), finite(source?.w), finite(source?.h)] as const;
  const box = x !== null && y !== null && w !== null && h !== null ? { x: round6(x), y: round6(y), w: round6(w), h: round6(h) } : null;
  return { confidence: finite(meta.confidence), page: finite(source?.page), box, corrected: meta.corrected === true };
}

/** The metadata of one cell of a table (`rows[index][column]`), or undefined. */
export function cellMeta({ tableMeta, index, column }: { tableMeta: unknown; index: number; column: string }): unknown {
  if (!isRecord(tableMeta) || !Array.isArray(tableMeta.rows)) return undefined;
  const row: unknown = tableMeta.rows[index];
  return isRecord(row) ? row[column] : undefined;
}

/** A table's rows as objects; anything else stored under a table field (null, a stray scalar) is no rows. */
export function tableRows(value: unknown): Record<string, unknown>[] {
  return Array.isArray(value) ? value.map((row) => (isRecord(row) ? row : {})) : [];
}

export const scalarFields = (fields: readonly Field[]) => fields.filter((field) => field.type !== "table");
export const tableFields = (fields: readonly Field[]) => fields.filter((field) => field.type === "table");

/** `x y w h` as one cell, for CSV and XLSX, where a box is one column. */
export function boxText(box: Box | null): string | null {
  return box ? `${box.x} ${box.y} ${box.w} ${box.h}` : null;
}
