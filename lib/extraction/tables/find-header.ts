import type { Word } from "../types";
import { tokenise, normaliseToken } from "../fields/text-tokens";
import { findAmounts } from "../../normalise/amounts";
import { COLUMN_CONCEPTS } from "../fields/column-concepts";
import { LABELLED_NOTE } from "./row-rules";

/** `second` is a column named on a stacked header line under another one ("Art-Nr" over "Artikelbezeichnung"):
 * items then print that value on their second line. */
export type HeaderColumn = { key: string; x1: number; x2: number; label: string; second?: string };
export type Header = { columns: HeaderColumn[]; top: number; bottom: number; lineH: number };

type Label = { key: string; tokens: string[] };
const LABELS: Label[] = COLUMN_CONCEPTS.flatMap((c) => c.labels.map((l) => ({ key: c.key, tokens: tokenise(l) }))).filter(
  (l) => l.tokens.length > 0,
);
/** A label of several words printed as one, joined by a hyphen or a slash ("USt-Satz", "Preis/Einheit"). */
const JOINED_LABELS: Label[] = LABELS.filter((l) => l.tokens.length > 1).map((l) => ({ key: l.key, tokens: [l.tokens.join("")] }));
/** Labels by first token: header matching is a lookup per word. */
const LABEL_INDEX = new Map<string, Label[]>();
for (const l of [...LABELS, ...JOINED_LABELS]) LABEL_INDEX.set(l.tokens[0]!, [...(LABEL_INDEX.get(l.tokens[0]!) ?? []), l]);
/** Long one-word labels also name a column as the last part of a compound ("Positionsbeschreibung", "Mehrwertsteuersatz"). */
const COMPOUND_TAILS = LABELS.filter((l) => l.tokens.length === 1 && l.tokens[0]!.length >= 8).map((l) => ({ key: l.key, tail: l.tokens[0]! }));

/** Compound answers per token: every word of every row is asked, and documents repeat their words. Bounded. */
const compoundByToken = new Map<string, string | null>();
const MAX_CACHED_COMPOUNDS = 50_000;

function compoundLabel(token: string): string | null {
  let key = compoundByToken.get(token);
  if (key === undefined) {
    if (compoundByToken.size >= MAX_CACHED_COMPOUNDS) compoundByToken.clear();
    key = COMPOUND_TAILS.find((c) => token.length >= c.tail.length + 3 && token.endsWith(c.tail))?.key ?? null;
    compoundByToken.set(token, key);
  }
  return key;
}
const NO_LABELS: Label[] = [];
const NUMERIC = new Set(["quantity", "unit_price", "amount", "tax_rate"]);

/** Single-word labels by concept, for abbreviations ("Aant." for "Aantal", "Descr." for "Description"). */
const SINGLE_WORD_LABELS = LABELS.filter((l) => l.tokens.length === 1 && l.tokens[0]!.length >= 4);

/**
 * An abbreviated header word (it ends with a full stop, three letters or more) names the concept whose labels it
 * starts, when it starts labels of one concept only ("Art." starts both article numbers and descriptions: none).
 */
export function abbreviationKey(word: string, token: string): string | null {
  if (!word.endsWith(".") || !/^\p{L}{3,}$/u.test(token)) return null;
  let key = abbreviationByToken.get(token);
  if (key === undefined) {
    if (abbreviationByToken.size >= MAX_CACHED_COMPOUNDS) abbreviationByToken.clear();
    const keys = new Set(SINGLE_WORD_LABELS.filter((l) => l.tokens[0]!.length > token.length && l.tokens[0]!.startsWith(token)).map((l) => l.key));
    key = keys.size === 1 ? [...keys][0]! : null;
    abbreviationByToken.set(token, key);
  }
  return key;
}

/** Abbreviation answers per token, as for compounds: every abbreviated word of every row is asked. Bounded. */
const abbreviationByToken = new Map<string, string | null>();

/**
 * The caller's own labels by first token. Table reading asks every row with the same list, so it is indexed once
 * per list (kept while the list lives) instead of filtered for every word.
 */
const extraIndexes = new WeakMap<Label[], Map<string, Label[]>>();

function extraLabelsStarting(extra: Label[], token: string): Label[] {
  let index = extraIndexes.get(extra);
  if (!index) {
    index = new Map();
    for (const l of extra) index.set(l.tokens[0]!, [...(index.get(l.tokens[0]!) ?? []), l]);
    extraIndexes.set(extra, index);
  }
  return index.get(token) ?? NO_LABELS;
}

/**
 * Two labels printed as one phrase ("Code article", "Article code", "Prezzo unitario"): one column, named by the
 * more specific concept (an article's code is a code, not a description; a unit's price is a price).
 */
const SPECIFICITY = ["item_code", "unit_price", "discount_percent", "tax_rate", "quantity", "amount", "unit", "position", "description"];
/** Words of one header cell stand closer than this many word heights; neighbouring columns further apart. */
const SAME_CELL_GAP = 0.6;

const labelWords = (c: HeaderColumn) => c.label.trim().split(/\s+/).length;
/**
 * Two labels of two words each, one naming a number and the other text ("Item Code Unit Price" set a word space
 * apart), are two columns: a phrase that names one column qualifies one word ("Item Description", "Code article").
 */
function twoWholeLabels(left: HeaderColumn, right: HeaderColumn): boolean {
  return labelWords(left) >= 2 && labelWords(right) >= 2 && NUMERIC.has(left.key) !== NUMERIC.has(right.key);
}

/**
 * Two labels of one numeric concept a word space apart are one heading ("Summe netto"), unless one says net and the
 * other gross: those are two columns ("Netto Brutto").
 */
const SAME_CONCEPT_GAP = 1.2;
/** Overlap, in word heights, past which two labels cannot be words of one printed line. */
const STACKED_OVERLAP = 0.5;

function cellGap(left: HeaderColumn, right: HeaderColumn): number {
  // Text columns named alike stand side by side as columns of their own ("Artikel  Bezeichnung": a code and a name,
  // told apart by their cells), so only an item's numbers are named by two words of one concept.
  if (left.key !== right.key || !NUMERIC.has(left.key)) return SAME_CELL_GAP;
  const netAndGross = (a: string, b: string) => NET_LABEL.test(a) && GROSS_LABEL.test(b);
  return netAndGross(left.label, right.label) || netAndGross(right.label, left.label) ? SAME_CELL_GAP : SAME_CONCEPT_GAP;
}

function mergePhrases(columns: HeaderColumn[], height: number): HeaderColumn[] {
  const out: HeaderColumn[] = [];
  for (const col of columns) {
    const prev = out[out.length - 1];
    // A label starting well inside the one before it stands on another printed line of a heading the text layer gave as
    // one ("Prijs per stuk (excl." over "Totaal"): two columns, not one phrase.
    const stacked = prev !== undefined && col.x1 - prev.x2 < -STACKED_OVERLAP * height;
    if (prev && prev.key !== "" && col.key !== "" && !stacked && col.x1 - prev.x2 < cellGap(prev, col) * height && !twoWholeLabels(prev, col)) {
      const rank = (k: string) => (SPECIFICITY.includes(k) ? SPECIFICITY.indexOf(k) : SPECIFICITY.length);
      out[out.length - 1] = { key: rank(col.key) < rank(prev.key) ? col.key : prev.key, x1: prev.x1, x2: col.x2, label: `${prev.label} ${col.label}` };
    } else {
      out.push(col);
    }
  }
  return out;
}

/** Words of one label stand a word space apart; neighbouring columns' headers further ("Ref.    Artículo"). */
function closeWords(left: Word, right: Word): boolean {
  return right.box.x - (left.box.x + left.box.w) < Math.max(left.box.h, right.box.h) * 1.2;
}

/** Money per unit printed as a heading ("€/h", "EUR/Std.", "$/hr", "CHF/Stk"): the unit price, whatever the unit. */
const PRICE_PER_UNIT = /^(?:[€$£¥₹]|EUR|USD|GBP|CHF|CZK|PLN|AUD|CAD|SEK|NOK|DKK)\s?\/\s?(?:h|hr|hrs|hour|std|stunde|tag|day|d|stk|pc|pcs|unit|ud|kg|m)\.?$/iu;

/** Letters of one word spelt out stand closer than this many word heights when a text layer boxes each alone. */
const LETTER_GAP = 0.8;
/** Fewer letters in a row than this are initials or stray marks ("A B"), not a word spelt out. */
const MIN_SPELT_LETTERS = 4;
/** Letter-spaced type sets its letters at one pitch: the widest gap of a run is at most this times its narrowest. */
const EVEN_PITCH = 1.5;

function spelt(run: Word[]): Word | null {
  const gaps = run.slice(1).map((w, k) => w.box.x - (run[k]!.box.x + run[k]!.box.w));
  if (run.length < MIN_SPELT_LETTERS || Math.max(...gaps) > EVEN_PITCH * Math.max(Math.min(...gaps), 0)) return null;
  const text = run.map((w) => w.text).join("");
  // Only a word that names a column is taken as one: a run of single letters in any other line stays as printed.
  if (!LABEL_INDEX.has(normaliseToken(text))) return null;
  const first = run[0]!;
  const last = run[run.length - 1]!;
  const top = Math.min(...run.map((w) => w.box.y));
  const bottom = Math.max(...run.map((w) => w.box.y + w.box.h));
  return { ...first, text, box: { x: first.box.x, y: top, w: last.box.x + last.box.w - first.box.x, h: bottom - top } };
}

/**
 * "D e s c r i p c i o n": a heading whose text layer gives each letter of a letter-spaced word as a word of its own
 * is that word, when the letters, evenly spaced and closer than a word's height, spell a column's label ("n" alone had
 * read as a number sign and the description had no column).
 */
export function joinSpeltWords(words: Word[]): Word[] {
  const out: Word[] = [];
  let run: Word[] = [];
  const close = () => {
    const word = spelt(run);
    if (word) out.push(word);
    else out.push(...run);
    run = [];
  };
  for (const w of words) {
    const prev = run[run.length - 1];
    const letter = /^\p{L}$/u.test(w.text);
    if (letter && prev && w.box.x - (prev.box.x + prev.box.w) < LETTER_GAP * Math.max(prev.box.h, w.box.h)) {
      run.push(w);
      continue;
    }
    close();
    if (letter) run.push(w);
    else out.push(w);
  }
  close();
  return out;
}

/** Splits header words into labelled columns: greedy longest label at each word; unmatched words join a neighbour. */
export function matchHeaderWords(printed: Word[], extra: Label[] = []): HeaderColumn[] {
  const words = printed.some((w) => w.text.length === 1) ? joinSpeltWords(printed) : printed;
  const tokens = words.map((w) => normaliseToken(w.text));
  const columns: HeaderColumn[] = [];
  let i = 0;
  while (i < words.length) {
    let best: Label | null = null;
    const builtIn = LABEL_INDEX.get(tokens[i] ?? "") ?? NO_LABELS;
    const own = extra.length === 0 ? NO_LABELS : extraLabelsStarting(extra, tokens[i] ?? "");
    const candidates = own.length === 0 ? builtIn : [...own, ...builtIn];
    for (const label of candidates) {
      if (label.tokens.every((t, k) => tokens[i + k] === t && (k === 0 || closeWords(words[i + k - 1]!, words[i + k]!))) && (!best || label.tokens.length > best.tokens.length)) best = label;
    }
    const word = words[i]!;
    const compound = best ? null : PRICE_PER_UNIT.test(word.text) ? "unit_price" : (compoundLabel(tokens[i] ?? "") ?? abbreviationKey(word.text, tokens[i] ?? ""));
    if (compound) {
      columns.push({ key: compound, x1: word.box.x, x2: word.box.x + word.box.w, label: word.text });
      i += 1;
    } else if (best) {
      const span = words.slice(i, i + best.tokens.length);
      const last = span[span.length - 1]!;
      columns.push({ key: best.key, x1: word.box.x, x2: last.box.x + last.box.w, label: span.map((w) => w.text).join(" ") });
      i += best.tokens.length;
    } else {
      const prev = columns[columns.length - 1];
      // A word right after a label continues it ("Prijs per stuk"); otherwise it is an unknown column.
      if (prev && word.box.x - prev.x2 < word.box.h * 1.2) {
        prev.x2 = Math.max(prev.x2, word.box.x + word.box.w);
        prev.label += ` ${word.text}`;
      } else {
        columns.push({ key: "", x1: word.box.x, x2: word.box.x + word.box.w, label: word.text });
      }
      i += 1;
    }
  }
  const height = Math.min(...words.map((w) => w.box.h));
  return words.length > 0 ? mergePhrases(qualifiedLabels(columns, height), height) : columns;
}

/**
 * A word no label knows, a word space before a label ("Resource Name", "Sl. No.", "Bill Rate"), qualifies it: the two
 * are one header cell named by the label, which starts where the word does (a column's text starts under its first
 * word, so a band starting at the label's own word would hand that text to the column on the left).
 */
function qualifiedLabels(columns: HeaderColumn[], height: number): HeaderColumn[] {
  const out: HeaderColumn[] = [];
  for (const col of columns) {
    const prev = out[out.length - 1];
    if (prev && prev.key === "" && col.key !== "" && !prev.label.includes(" ") && col.x1 - prev.x2 < height * 1.2) {
      out[out.length - 1] = { ...col, x1: prev.x1, label: `${prev.label} ${col.label}` };
    } else {
      out.push(col);
    }
  }
  return out;
}

/** A row is a header when it names ≥ 2 columns, one of them numeric, and holds no money amounts itself. */
export function headerScore(columns: HeaderColumn[], rowText: string): number {
  const keys = new Set(columns.map((c) => c.key).filter((k) => k !== ""));
  const numeric = [...keys].filter((k) => NUMERIC.has(k)).length;
  if (keys.size < 2 || numeric < 1) return 0;
  if (findAmounts(rowText).some((a) => a.hasDecimals)) return 0;
  const unknown = columns.filter((c) => c.key === "").length;
  return keys.size - unknown * 0.25;
}

/**
 * A "key: value" note ("Service: Consulting", "• Beschreibung: Hardware Gesamt") is never a header, unless what
 * follows its colon names columns by itself: then the colon ends the first column's label ("Code:  Qty  Description
 * Price  Total"), as some systems print every heading.
 */
export function isLabelledNote(words: Word[], extra: Label[] = []): boolean {
  const text = words.map((w) => w.text).join(" ");
  if (!LABELLED_NOTE.test(text)) return false;
  const colon = words.findIndex((w) => w.text.endsWith(":"));
  const rest = colon >= 0 ? words.slice(colon + 1) : [];
  return rest.length === 0 || headerScore(matchHeaderWords(rest, extra), rest.map((w) => w.text).join(" ")) <= 0;
}

const GROSS_LABEL = /\b(?:gross|brutto|incl|inkl|ttc|verollinen)\b/i;
const NET_LABEL = /\b(?:net|netto|excl|exkl|ht|veroton)\b/i;

/** Whether a column labelled `next` replaces an earlier one of the same key: the earlier says gross, this one net. */
export function netOverGross(earlier: string, next: string): boolean {
  return GROSS_LABEL.test(earlier) && NET_LABEL.test(next) && !GROSS_LABEL.test(next);
}

/**
 * Wording that says a tax column holds the rate, not the tax's amount ("VAT %", "Stawka VAT", "Steuersatz", "Taux",
 * "Alícuota IVA").
 */
const RATE_LABEL = /%|\brate\b|satz|stawka|\btaux\b|tarie?f|\btasa\b|al[ií][qc]uota|sazba/iu;

/**
 * Whether a tax column labelled `next` replaces an earlier one: of two columns named by the tax ("Kwota VAT" or a
 * heading's stray "VAT", and "Stawka VAT"), the one whose label says rate holds the rate; the other an amount of tax.
 */
export function rateOverBareTax(earlier: string, next: string): boolean {
  return RATE_LABEL.test(next) && !RATE_LABEL.test(earlier);
}

/** Wording that names an item's description itself, not its name, article or product. */
const DESCRIPTION_WORD = /descri|beschreib|omschrijv|beschrijv|\bopis|\bpopis|kuvaus|deskripsi|說明|说明|詳細/iu;

/**
 * Whether a column labelled `next` replaces an earlier one of the description's key: of an item's name ("Nombre del
 * Artículo", "Item Name", "Product") and its description ("Descripción") printed side by side, the description
 * column holds the description.
 */
export function descriptionOverName(earlier: string, next: string): boolean {
  return DESCRIPTION_WORD.test(next) && !DESCRIPTION_WORD.test(earlier);
}

/** Adds stacked header words (a second header line such as "Preis/" over "Einheit") to overlapping columns. */
export function mergeStackedHeader(columns: HeaderColumn[], extraRow: HeaderColumn[]): HeaderColumn[] {
  const out = columns.map((c) => ({ ...c }));
  // A line without any column name is not part of the header.
  if (!extraRow.some((c) => c.key !== "")) return out;
  for (const col of extraRow) {
    const overlap = (c: HeaderColumn) => Math.min(c.x2, col.x2) - Math.max(c.x1, col.x1);
    const overlapping = out.filter((c) => overlap(c) > 0).sort((a, b) => overlap(b) - overlap(a))[0];
    if (overlapping) {
      if (overlapping.key === "" && col.key !== "") overlapping.key = col.key;
      else if (col.key !== "" && col.key !== overlapping.key && !out.some((c) => c.key === col.key)) overlapping.second ??= col.key;
      overlapping.x1 = Math.min(overlapping.x1, col.x1);
      overlapping.x2 = Math.max(overlapping.x2, col.x2);
      overlapping.label += ` ${col.label}`;
    } else {
      // A stacked line's label over no column of the line found ("Taxable" / "Value" beside "Code") is a column of its
      // own, unknown or not: without it its numbers would fall in the neighbouring column's band.
      out.push({ ...col });
    }
  }
  return out.sort((a, b) => a.x1 - b.x1);
}
