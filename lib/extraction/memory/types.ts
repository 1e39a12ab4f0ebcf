/**
 * Plain-data types of a parser's memory: what a taught document leaves behind (its layout, fingerprint and the
 * evidence of each value) and what reading a new document from that memory produces. JSON all the way down, so
 * it is stored in the database and exported as it is.
 */
import type { Box, FieldType, PageRotation, Scalar, TableRow } from "../types";

/** One word of a stored layout: text, page-relative box, and which phrase (line) and block of its page it sat in. */
export type LayoutWord = { t: string; x: number; y: number; w: number; h: number; l: number; b: number };

/** `r`: the clockwise turn OCR applied to read a scanned page upright (words are upright; absent: none). */
export type LayoutPage = { n: number; words: LayoutWord[]; r?: PageRotation };

/** The words of a document with their boxes, kept after extraction so a later correction can be taught. */
export type DocumentLayout = { pages: LayoutPage[] };

/**
 * Who sent a document and how it is laid out. `identifiers` are typed keys ("iban:DE…", "vat:…", "domain:…",
 * "phone:…", "reg:…"); `header`/`footer` the letter-only words of the top of the first page and the bottom of the
 * last one, which stay from one document of a sender to the next while the figures change.
 */
export type Fingerprint = { identifiers: string[]; name: string | null; header: string[]; footer: string[] };

/** The label next to a value: its words, its box, and where the value sat from it. */
export type Anchor = {
  words: string[];
  page: number;
  box: Box;
  side: "right" | "below";
  dx: number;
  dy: number;
  /** The word printed just before the label on its row, if any: "Sub" of "Sub Total" tells it from "Total". */
  before?: string | null;
  /** Which printing of the label on its page it was, counted from the top (0: the first). */
  rank?: number;
};

export type FieldEvidence = {
  type: FieldType;
  /** The value the reviewer confirmed; null when they cleared it. */
  value: Scalar;
  /** Where it was printed (null when it could not be found on the page). */
  page: number | null;
  box: Box | null;
  raw: string | null;
  /** How many lines the value covered (addresses). */
  lines: number;
  /** The confirmed value cut where its printing broke lines, when it covered several (see `readLines`). */
  lineTexts?: string[];
  anchor: Anchor | null;
  /** Another field was taught at the same printed value (a total that is also the amount due): its label is not
   * this field's own, so it only fills the field when the engine found nothing. */
  shared?: boolean;
  /** The engine's own reading on the taught document (no memory involved) was the confirmed value: its generic
   * choice held for this sender, so the taught label is one printing of the value among others, not a correction. */
  engineRead?: boolean;
};

/** A table column: the horizontal band its cells were printed in, and its header words above them. */
export type ColumnEvidence = {
  name: string;
  type: FieldType;
  x0: number;
  x1: number;
  header: string[];
  /** Where the cell sits vertically from its row's reference cell (a description printed under the figures). */
  dy?: number;
};

/**
 * `reference`: the column whose cell places a row (the rightmost figure, usually the amount). `constants`: columns
 * the reviewer filled with one same value on every row while the rows do not print it (a quantity of 1, a tax rate
 * stated once for the whole document).
 */
export type TableEvidence = { page: number; columns: ColumnEvidence[]; rowCount: number; headerY: number | null; reference?: string; constants?: Record<string, Scalar>; footer?: TableFooter };

/**
 * The line printed right under the taught table's last row ("Gesamtbeitrag 50,00 €"): its letter words, and the
 * right edge of its figure, which stands in the column of the rows' figures. Where the engine finds no row, the
 * rows are read above it.
 */
export type TableFooter = { words: string[]; figureRight: number | null };

export type Evidence = { fields: Record<string, FieldEvidence>; tables: Record<string, TableEvidence> };

/** A taught example as the reading side sees it. */
export type MemoryExample = { id: string; documentId: string | null; taughtAt: string; fingerprint: Fingerprint; evidence: Evidence };

/** Why a value came from memory, kept in its `field_metadata` entry as `learned`. */
export type LearnedReason = {
  exampleId: string;
  documentId: string | null;
  /** "anchor": read next to the taught label; "value": the taught text found again; "cleared": reviewers emptied it. */
  match: "anchor" | "value" | "cleared" | "columns";
  anchor?: string;
  similarity: number;
  /** How many other taught examples of this layout agreed / disagreed. */
  agreeing: number;
  conflicting: number;
  engineValue?: Scalar;
  /** Fingerprint similarity of the example to this document. */
  fingerprint: number;
};

export type TableReading = { rows: TableRow[] };
