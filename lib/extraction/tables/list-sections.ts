import type { FieldDefinition, PageModel, TableMetadata, TableRow, ValueMetadata, Word } from "../types";
import { tokenise } from "../fields/text-tokens";
import { unionBox } from "../fields/document-lines";
import { wordRows, type Row } from "./word-rows";
import { entryPieces, joinSplitRanges, lineOf, slotOf, type Line, type Slot, type Piece } from "./list-entry";

/**
 * List-like sections read as rows (a résumé's experience and education): the section is found by its heading, which
 * names the table field (its name, description, or a word of the same section: "Work history" for experience); each
 * entry is the run of head lines above its bullet points or sentences, and its parts (date range, place,
 * organisation, title) go to the columns by their meaning (list-entry.ts).
 */

/** Words that name the same kind of section (headings differ from the field's name). */
const SECTION_WORDS: string[][] = [
  ["experience", "employment", "work", "career", "positions", "jobs", "berufserfahrung", "werdegang", "experiences", "experiencia", "esperienza", "ervaring"],
  ["education", "academic", "studies", "qualifications", "training", "schools", "ausbildung", "studium", "formation", "formacion", "istruzione", "opleiding", "degrees"],
  ["projects", "project", "projekte", "projets"],
  ["certifications", "certificates", "licenses", "zertifikate"],
  ["publications", "papers", "veroffentlichungen"],
  ["awards", "honors", "honours", "achievements"],
  ["volunteer", "volunteering", "community"],
];
const FILLER = new Set(["one", "row", "per", "each", "the", "a", "an", "of", "and", "or", "list", "entries", "entry", "item", "items", "in", "on"]);

/**
 * Heading words for the field, strongest first: its name's words, then its description's, then the words of the
 * section group they belong to ("Work history" for experience).
 */
function headingWords(field: FieldDefinition): Array<Set<string>> {
  const words = (text: string) => tokenise(text).filter((t) => !FILLER.has(t) && t.length > 2);
  const name = new Set(words(field.name.replace(/[_\-.]+/g, " ")));
  const described = new Set([...name, ...words(field.description ?? "")]);
  const grouped = new Set(described);
  for (const group of SECTION_WORDS) if (group.some((w) => described.has(w))) for (const w of group) grouped.add(w);
  return [name, described, grouped];
}

const BULLET = /^[•·▪◦‣*–-]\s?/;
const textOf = (ws: Word[]) => ws.map((w) => w.text).join(" ");

/** A heading: a short line without digits, taller than the page's body text or in capitals. */
function isHeading(r: Row, bodyH: number): boolean {
  const text = textOf(r.words);
  if (r.words.length > 5 || /[\d,|]/.test(text) || BULLET.test(text)) return false;
  const caps = text === text.toUpperCase() && /\p{Lu}{3}/u.test(text);
  return r.h > bodyH * 1.15 || caps;
}

/**
 * A line of an entry's body: a bullet, or a sentence (eight words or more ending with a full stop, or six or more
 * mostly in lower case). Indentation says nothing: a right-aligned date column indents entries' head lines too.
 */
function isBody(line: Line): boolean {
  const words = line.phrases.flat();
  const text = textOf(words);
  if (BULLET.test(text)) return true;
  const lower = words.filter((w) => /^\p{Ll}/u.test(w.text)).length;
  return (words.length >= 8 && /[.;]$/.test(text)) || (words.length >= 6 && lower >= words.length / 2);
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

type Entry = { lines: Line[]; page: number };

function sectionEntries(model: PageModel, cues: Array<Set<string>>): Entry[] {
  const entries: Entry[] = [];
  // A section still open at the foot of a page continues at the top of the next one, until a heading.
  let open = false;
  for (const page of model.pages) {
    const rows = wordRows(page.blocks.flatMap((b) => b.lines.flatMap((l) => l.words)));
    const bodyH = median(rows.map((r) => r.h));
    const names = (cue: Set<string>) => rows.findIndex((r) => isHeading(r, bodyH) && tokenise(textOf(r.words)).some((t) => cue.has(t)));
    const named = cues.map(names).find((k) => k >= 0) ?? -1;
    const start = named >= 0 ? named : open ? -1 : -2;
    if (start === -2) continue;
    open = false;
    const section = rows.slice(start + 1);
    if (section.length === 0) continue;
    let current: Entry | null = null;
    let bodySeen = false;
    let hasDates = false;
    let closed = false;
    let lastBody = false;
    const end = section.findIndex((r) => isHeading(r, bodyH));
    closed = end >= 0;
    for (const line of joinSplitRanges((end >= 0 ? section.slice(0, end) : section).map(lineOf))) {
      // A line starting in lower case right under a body line ends its paragraph ("meet business goals.").
      const continues: boolean = lastBody && /^\p{Ll}/u.test(line.phrases[0]![0]!.text);
      lastBody = isBody(line) || continues;
      if (lastBody) {
        bodySeen = true;
        continue;
      }
      const dated = entryPieces([line]).some((p) => p.kind === "range" || p.kind === "year");
      // A head line after body lines, or a second dated line, starts the next entry.
      if (!current || bodySeen || (hasDates && dated)) {
        current = { lines: [], page: page.number };
        entries.push(current);
        bodySeen = false;
        hasDates = false;
      }
      current.lines.push(line);
      hasDates ||= dated;
    }
    open = !closed;
  }
  return entries;
}

/** Rows of a list-like section the table field names, or null when the document has none. */
export function extractListSections(model: PageModel, field: FieldDefinition): { rows: TableRow[]; meta: TableMetadata } | null {
  const columns = field.columns ?? [];
  const slots = columns.map((c) => slotOf(c));
  // Without an organisation or a title column the entries' parts cannot be told apart.
  if (!slots.some((s) => s === "org" || s === "title")) return null;
  const entries = sectionEntries(model, headingWords(field));
  const rows: TableRow[] = [];
  const metaRows: Array<Record<string, ValueMetadata>> = [];
  const pages: Array<{ page: number; words: Word[] }> = [];
  for (const entry of entries) {
    const pieces = assignPieces(entryPieces(entry.lines), slots);
    const row: TableRow = {};
    const meta: Record<string, ValueMetadata> = {};
    columns.forEach((c, k) => {
      const p = pieces.get(k);
      if (!p) return;
      row[c.name] = p.text;
      meta[c.name] = { confidence: SCORE, source: { page: entry.page, ...unionBox(p.words.map((w) => w.box)) }, raw: p.text, evidence: { strategy: "list-section", score: SCORE } };
    });
    // An entry reads as a row when it has its organisation or title and one more part.
    const named = [...pieces.keys()].some((k) => slots[k] === "org" || slots[k] === "title");
    if (!named || Object.keys(row).length < 2) continue;
    rows.push(row);
    metaRows.push(meta);
    pages.push({ page: entry.page, words: [...pieces.values()].flatMap((p) => p.words) });
  }
  if (rows.length === 0) return null;
  const first = pages[0]!;
  return { rows, meta: { confidence: SCORE, source: { page: first.page, ...unionBox(pages.filter((p) => p.page === first.page).flatMap((p) => p.words.map((w) => w.box))) }, rows: metaRows } };
}

/** Cells of a list section before calibration: the parts' meaning is read from their wording, never certain. */
const SCORE = 0.6;

/** Each column's part of the entry: dates by kind, then organisation and title by their wording, else by order. */
function assignPieces(pieces: Piece[], slots: Slot[]): Map<number, Piece> {
  const out = new Map<number, Piece>();
  const take = (slot: Slot, piece: Piece | undefined) => {
    const k = slots.indexOf(slot);
    if (k >= 0 && piece && !out.has(k)) out.set(k, piece);
  };
  const range = pieces.find((p) => p.kind === "range");
  const year = pieces.find((p) => p.kind === "year");
  if (range) {
    take("start", range.start);
    take("end", range.end);
    take("period", range);
    take("year", range.end);
  }
  if (year) {
    take("year", year);
    take("end", year);
    take("period", year);
  }
  take("location", pieces.find((p) => p.kind === "place"));
  const texts = pieces.filter((p) => p.kind === "org" || p.kind === "title" || p.kind === "text");
  const orgs = texts.filter((p) => p.kind === "org");
  const titles = texts.filter((p) => p.kind === "title");
  take("org", orgs[0]);
  take("title", titles[0]);
  // Unclassified parts fill what is left, in printed order.
  for (const p of texts.filter((t) => t.kind === "text")) {
    if (!out.has(slots.indexOf("org")) && slots.includes("org")) take("org", p);
    else take("title", p);
  }
  return out;
}
