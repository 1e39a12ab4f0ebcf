import type { FieldDefinition, FieldMetadata, FieldValue, Scalar, TableMetadata, TableRow, ValueMetadata } from "../types";
import { applyTable } from "./apply-table";
import { mergePunctuation } from "./punctuation";
import { taughtHeadOnPage, taughtHeadWithOwnLine, type OwnLineReading } from "./own-tail";
import { readField, type Reading } from "./read-field";
import { isStableWord, normalise } from "./text";
import type { DocumentLayout, LearnedReason, MemoryExample } from "./types";

/** A taught example matched to the new document, with how alike their fingerprints are (0–1). */
export type MemoryMatch = { example: MemoryExample; similarity: number };

/** Below this fingerprint similarity an example is another sender or layout, and says nothing. */
export const MATCH_THRESHOLD = 0.4;
/** Examples this close to the best match count as the same layout (the latest of them wins). */
const SAME_LAYOUT_MARGIN = 0.15;

export type MemoryOutcome = {
  data: Record<string, FieldValue>;
  fieldMetadata: Record<string, FieldMetadata>;
  /** Names of the fields memory set. */
  applied: string[];
};

/**
 * The engine's result, corrected by what reviewers taught on documents of the same sender or layout. Each taught
 * field is read from its evidence (the taught text again, or beside the taught label); a reading replaces the
 * engine's value and says why in `learned`. With no reading (the label is not on this page) the engine's value
 * stays: a taught value never overrides by position alone. The latest taught example decides; examples of the same
 * layout that read differently lower the confidence instead of flipping the value.
 */
export function applyMemory(options: {
  layout: DocumentLayout;
  fields: FieldDefinition[];
  data: Record<string, FieldValue>;
  fieldMetadata: Record<string, FieldMetadata>;
  matches: MemoryMatch[];
}): MemoryOutcome {
  const data = { ...options.data };
  const fieldMetadata = { ...options.fieldMetadata };
  const applied: string[] = [];
  const group = sameLayout(options.matches);
  if (group.length === 0) return { data, fieldMetadata, applied };
  for (const field of options.fields) {
    const taught = group.filter((match) => field.type === "table" ? match.example.evidence.tables[field.name] : match.example.evidence.fields[field.name]);
    if (taught.length === 0) continue;
    if (field.type === "table") {
      const latest = taught[0]!;
      const rows = data[field.name];
      const metadata = fieldMetadata[field.name] as TableMetadata | undefined;
      if (!Array.isArray(rows) || !metadata || !("rows" in metadata)) continue;
      const outcome = applyTable(options.layout, field, latest.example.evidence.tables[field.name]!, rows as TableRow[], metadata);
      if (outcome) {
        data[field.name] = outcome.rows;
        fieldMetadata[field.name] = { ...outcome.metadata, learned: reason(latest, "columns", latest.similarity, 0, 0) } as FieldMetadata;
        applied.push(field.name);
      }
      continue;
    }
    const readings = taught.map((match) => ({ match, reading: readField(options.layout, match.example.evidence.fields[field.name]!), evidence: match.example.evidence.fields[field.name]! }));
    const primary = readings.find((candidate) => candidate.reading);
    const engineValue = (data[field.name] ?? null) as Scalar;
    const engineMetadata = fieldMetadata[field.name] as ValueMetadata | undefined;
    if (!primary) {
      // Nothing of the taught text found as it was taught: the engine's reading may still be it with this
      // document's own last line (the taught page's printing was misread, or its branch line differs).
      const latest = readings[0]!;
      const merged = ownLineMerge(options.layout, engineValue, latest.evidence.value, latest.match.example, field.type);
      if (merged !== null) {
        data[field.name] = merged.value;
        const printed = "box" in merged ? { source: { page: merged.page, ...merged.box }, raw: merged.raw } : { source: engineMetadata?.source ?? null, raw: engineMetadata?.raw };
        fieldMetadata[field.name] = { ...printed, confidence: OWN_LINE_CONFIDENCE, learned: { ...reason(latest.match, "value", 1, 0, 0), engineValue } } as FieldMetadata;
        applied.push(field.name);
      }
      continue;
    }
    if (primary.evidence.shared && engineValue !== null && primary.reading!.match === "anchor") continue;
    // A faint printing of the taught text fills the field, or completes the engine's reading of a piece of it; it
    // never replaces another reading.
    if (primary.reading!.faint && engineValue !== null && !readsPieceOf(engineValue, primary.reading!.raw)) continue;
    // Where the engine's own choice held on the taught document, a figure at the taught label is no correction of it:
    // an engine choice it is sure of stands, and a figure that fills an empty field is not trusted.
    const heldByEngine = FIGURE_TYPES.has(field.type) && primary.reading!.match === "anchor" && primary.evidence.engineRead === true;
    const engineConfidence = engineMetadata?.confidence ?? 0;
    if (heldByEngine && engineValue !== null && engineConfidence >= ENGINE_SURE && !same(engineValue, primary.reading!.value)) continue;
    // A sender's name or address that is not the taught text printed again, but whatever stands at the taught label,
    // is no correction of what the engine read: it only fills a field the engine left empty.
    if (STABLE_TEXT.has(field.type) && engineValue !== null && primary.reading!.match === "anchor") continue;
    // The engine read the taught text letter for letter: its punctuation and spacing are this document's printing,
    // but for marks glued between two words, which are OCR's.
    const letterForLetter = sameLetters(engineValue, primary.reading!.value, field.type);
    // Where the engine misread it but memory found the taught letters printed again, the marks are that printing's.
    const printedAgain = !letterForLetter && primary.reading!.match === "value" && !primary.reading!.faint && sameLetters(primary.reading!.raw, primary.reading!.value, field.type);
    const value = letterForLetter ? mergePunctuation(String(engineValue), String(primary.reading!.value)) : printedAgain ? mergePunctuation(primary.reading!.raw, String(primary.reading!.value), "taught") : primary.reading!.value;
    const repunctuated = (letterForLetter && value !== engineValue) || (printedAgain && gluedMarkReplaced(primary.reading!.raw, String(value)));
    if (printsUnjudgedTail(engineValue, value, primary.match.example, field.type)) continue;
    const others = readings.filter((candidate) => candidate !== primary && candidate.reading);
    const agreeing = others.filter((candidate) => same(candidate.reading!.value, value)).length;
    const conflicting = others.length - agreeing;
    data[field.name] = value;
    fieldMetadata[field.name] = {
      confidence: Math.min(primary.reading!.faint ? FAINT_CONFIDENCE : field.type === "address" || repunctuated ? ADDRESS_CONFIDENCE : heldByEngine && engineValue === null ? UNCORRECTED_FILL_CONFIDENCE : 1, confidenceOf(primary.reading!, same(engineValue, value), engineConfidence, agreeing, conflicting)),
      source: { page: primary.reading!.page, ...primary.reading!.box },
      raw: primary.reading!.raw,
      learned: { ...reason(primary.match, primary.reading!.match, primary.reading!.similarity, agreeing, conflicting), anchor: primary.reading!.anchor, engineValue },
    } as FieldMetadata;
    applied.push(field.name);
  }
  return { data, fieldMetadata, applied };
}

/** The examples of the best-matching layout, latest taught first. */
function sameLayout(matches: MemoryMatch[]): MemoryMatch[] {
  const eligible = matches.filter((match) => match.similarity >= MATCH_THRESHOLD);
  if (eligible.length === 0) return [];
  const best = Math.max(...eligible.map((match) => match.similarity));
  return eligible.filter((match) => match.similarity >= best - SAME_LAYOUT_MARGIN).sort((a, b) => b.example.taughtAt.localeCompare(a.example.taughtAt));
}

function confidenceOf(reading: Reading, engineAgrees: boolean, engineConfidence: number, agreeing: number, conflicting: number): number {
  if (conflicting > 0) return round(Math.min(0.7, 0.5 + 0.1 * agreeing));
  const base = reading.match === "value" ? 0.9 + 0.05 * reading.similarity : 0.85 + 0.1 * reading.similarity;
  const boosted = engineAgrees ? Math.max(base, engineConfidence) + 0.02 : base;
  return round(Math.min(0.99, boosted + 0.01 * agreeing));
}

function reason(match: MemoryMatch, kind: LearnedReason["match"], similarity: number, agreeing: number, conflicting: number): LearnedReason {
  return { exampleId: match.example.id, documentId: match.example.documentId, match: kind, similarity: round(similarity), agreeing, conflicting, fingerprint: round(match.similarity) };
}

const round = (value: number) => Math.round(value * 1000) / 1000;

function same(a: Scalar, b: Scalar): boolean {
  if (typeof a === "number" && typeof b === "number") return Math.abs(a - b) < 0.005;
  return String(a ?? "").trim().toLowerCase() === String(b ?? "").trim().toLowerCase();
}

/** Types whose value a sender prints the same on every document. */
const STABLE_TEXT: ReadonlySet<FieldDefinition["type"]> = new Set(["address"]);

/**
 * Also the cap of a name whose glued marks memory replaced (`mergePunctuation`): right 6 times in 6 on the training
 * receipts' half A, too few to say a mark is OCR's rather than the print's with the certainty trust asks for.
 *
 * An address memory gives is right about four times in five (SROIE training receipts, split_group half A: 80 of 98),
 * not nineteen in twenty: a receipt's own punctuation and line breaks vary from one print to the next, and the
 * reviewer's text keeps the taught one's. Kept below the 0.9 that marks a value to trust.
 */
const ADDRESS_CONFIDENCE = 0.85;

/** Figures and dates: what the scorer decides generically, and what a sender's next document prints anew. */
const FIGURE_TYPES: ReadonlySet<FieldDefinition["type"]> = new Set(["number", "currency", "date"]);

/**
 * A figure read at a label taught where the engine's own choice was already right: no reviewer corrected anything
 * there, so the label may be one printing of the value among others (a column header above the only item of the
 * taught receipt, a subtotal equal to that day's total). Filling a field the engine left empty with it was right
 * 2 times in 4 on the SROIE training receipts: kept well below trust.
 */
const UNCORRECTED_FILL_CONFIDENCE = 0.6;

/**
 * An engine choice this sure stands against a figure read at a label taught where the engine was right anyway. On
 * the taught senders' later documents such disagreements split cleanly: the engine right at 0.896–0.999 (SROIE
 * training receipts, e-invoices, generated invoices), the taught label right where the engine was at 0.66 (the
 * rules' unsure subtotal on generated invoices).
 */
const ENGINE_SURE = 0.8;

/**
 * A faint printing read as the taught text: the letters OCR kept are the taught ones, but SROIE's annotators transcribed
 * such faded receipts with slips of their own (training receipts, split_group half A: right 4 times in 7). Well below
 * trust.
 */
const FAINT_CONFIDENCE = 0.6;

/** The engine read a piece of the printing memory found (its letters and figures, in one run). */
function readsPieceOf(engineValue: Scalar, raw: string): boolean {
  const piece = normalise(String(engineValue)).replace(/ /g, "");
  return piece.length > 0 && normalise(raw).replace(/ /g, "").includes(piece);
}

/** Below trust: the last line is the engine's reading, which no reviewer judged. */
const OWN_LINE_CONFIDENCE = 0.85;

/**
 * The taught name or address with the line this document prints in place of the taught one: from the engine's
 * reading, or, where the engine read nothing, from the page.
 */
function ownLineMerge(layout: DocumentLayout, engineValue: Scalar, taught: Scalar, example: MemoryExample, type: FieldDefinition["type"]): OwnLineReading | { value: string; ownLine: string } | null {
  if (typeof taught !== "string" || (type !== "text" && type !== "address")) return null;
  const merged = typeof engineValue === "string" ? taughtHeadWithOwnLine(engineValue, taught) : engineValue === null ? taughtHeadOnPage(layout, taught) : null;
  if (merged === null) return null;
  // The line must be one the taught document did not print (a line its reviewer cut is not this document's own).
  const printedOnTaught = new Set([...example.fingerprint.header, ...example.fingerprint.footer]);
  return normalise(merged.ownLine).split(" ").some((word) => isStableWord(word) && !printedOnTaught.has(word)) ? merged : null;
}

/** The printing's marks kept over the taught text changed a mark glued between two words (OCR's, not the print's). */
function gluedMarkReplaced(printed: string, value: string): boolean {
  return normalise(printed) === normalise(value) && printed.replace(/[\p{L}\p{N}\s]+/gu, " ").trim() !== value.replace(/[\p{L}\p{N}\s]+/gu, " ").trim();
}

/** Names and addresses that differ in punctuation only. */
function sameLetters(engineValue: Scalar, value: Scalar, type: FieldDefinition["type"]): boolean {
  if (typeof engineValue !== "string" || typeof value !== "string" || (type !== "text" && type !== "address")) return false;
  // Same words too: "HOL DINGS" is a slip of OCR the taught text corrects, "SDN.BHD" only punctuation.
  return normalise(engineValue) === normalise(value);
}

/** The longest tail a new document's printing may add to a taught name or address: one line (a chain's branch). */
const MAX_TAIL = 30;

/**
 * The engine read, on this document, every letter and digit of the taught name or address and a short line more,
 * with a word the taught document did not print at its top or bottom ("… SELANGOR 1214-JINJANG UTARA" where the
 * taught receipt printed another branch): that line is this document's own, which the reviewer never judged, and the
 * engine's reading stands. A tail the taught document printed too (a line the reviewer cut) is cut again.
 */
function printsUnjudgedTail(engineValue: Scalar, value: Scalar, example: MemoryExample, type: FieldDefinition["type"]): boolean {
  if (typeof engineValue !== "string" || typeof value !== "string" || (type !== "text" && type !== "address")) return false;
  const engineKey = normalise(engineValue);
  const taughtKey = normalise(value);
  if (!engineKey.startsWith(`${taughtKey} `) || engineKey.length - taughtKey.length > MAX_TAIL) return false;
  const printedOnTaught = new Set([...example.fingerprint.header, ...example.fingerprint.footer]);
  return engineKey.slice(taughtKey.length).split(" ").some((word) => isStableWord(word) && !printedOnTaught.has(word));
}
