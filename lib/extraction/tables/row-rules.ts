import { CONCEPTS } from "../fields/concepts";
import { normaliseToken, tokenise } from "../fields/text-tokens";
import type { TableRow, Word } from "../types";

/** Row-level rules of line-item tables: what ends a table, what is a note, what is a number. Vocabulary only. */

/** First words of rows that end a line-item table (totals, carry-overs). */
export const STOP_WORDS = new Set(
  ["total", "subtotal", "sub-total", "zwischensumme", "summe", "gesamt", "gesamtbetrag", "nettobetrag", "netto", "totaal", "subtotaal", "sous-total", "uebertrag", "ubertrag", "übertrag", "positionssumme", "rechnungsbetrag", "steuerbetrag", "warenwert", "montant", "carried", "balance", "prepaid", "prepayment", "exclusief", "tax", "vat"].map((w) => w.normalize("NFKD").replace(/[\u0300-\u036f]/g, "")),
);

/**
 * Running totals between the pages of one table, in the languages invoices come in ("Carried forward", "Balance b/f",
 * "Übertrag", "À reporter", "Riporto", "Suma y sigue", "Over te brengen", "Transport").
 */
const CARRY_WORDS = /(?:^|[^\p{L}])(?:c\/f|b\/f|carried|brought|forward|übertrag|uebertrag|vortrag|à reporter|a reporter|report|reporté|riporto|riportare|transporto|transporte|transport|suma y sigue|suma anterior|over te brengen|overgebracht|overdracht)(?=$|[^\p{L}])/iu;

/** A running-total line: carry words and one number, the total (an item named "Transport" has its quantity and price too; a wrapped description "… attached report" none). */
export function isCarryLine(text: string, numbers: number): boolean {
  return numbers === 1 && CARRY_WORDS.test(text);
}

/** A wrapped description line sits closer to its item than to the next one; a heading the other way round. */
const HEADING_GAP_RATIO = 1.15;

/**
 * A heading's gap above must exceed its gap below by this share of a line's height: in a table printed line under line
 * ("Titan-webhotelli" / "17.01.2008-17.01.2009" / the next item), gaps of a hundredth of a line differ by rounding alone.
 */
const HEADING_GAP_MARGIN = 0.2;

/**
 * A text-only line between two items is a section heading when the next line starts an item and the line stands
 * clearly further from the item above than from that next item (a wrapped description hangs under its item).
 */
export function sectionHeading(g: { gapAbove: number; gapBelow: number; nextStartsItem: boolean; lineHeight: number }): boolean {
  const below = Math.max(0, g.gapBelow);
  return g.nextStartsItem && g.gapAbove > HEADING_GAP_RATIO * below && g.gapAbove - below > HEADING_GAP_MARGIN * g.lineHeight;
}

/** "Key: value" notes under an item (delivery dates, service ids, generated attributes), bulleted or not. */
export const KEY_VALUE_LINE = /^(?:[•·▪◦‣*]\s*)?[\p{L}][\p{L}\d.\-]{1,40}\s?:/u;
/** A note of up to four words, a colon and its value ("Accounting Reference: Cost Center A", "• Beschreibung: Hardware Gesamt"), bulleted or not: never a column header. */
export const LABELLED_NOTE = /^(?:[•·▪◦‣*]\s*)?[\p{L}][\p{L}\d.\-]*(?:\s[\p{L}][\p{L}\d.\-]*){0,3}\s?:\s*\S/u;
export const ADJUSTMENT = /^(?:\S+\s)?(?:abzgl\.?|zzgl\.?|rabatt|artikelrabatt|rechnungsrabatt|nachlass|sondernachlass|abschlag|zuschlag|skonto|discount|surcharge|remise|korting|bonus)\b/i;
const TOTALS_CONCEPTS = new Set(["total_amount", "subtotal_amount", "tax_amount", "amount_due"]);
/**
 * Total lines whose labels no total field reads: Finnish, Polish, a bare "Sum" under a "Sum" column, and the plural
 * "totals" of Spanish, French, Italian and Portuguese ("Totales" over the columns' sums).
 */
const ITEM_END_WORDS = ["yhteensä", "razem", "suma", "sum", "totales", "totaux", "totali", "totais", "summa", "i alt", "итого"];
const TOTALS_LABELS = [...CONCEPTS.filter((c) => TOTALS_CONCEPTS.has(c.key)).flatMap((c) => c.labels), ...ITEM_END_WORDS].map((l) => tokenise(l)).filter((t) => t.length > 0);

const TOTALS_FIRST = new Set(TOTALS_LABELS.map((l) => l[0]!));

/** A row that opens with a totals label ("Rechnungssumme Netto", "Sub Total") ends the items. */
export function startsWithTotalsLabel(words: Word[]): boolean {
  const tokens = words.slice(0, 4).map((w) => normaliseToken(w.text)).filter((t) => t !== "");
  if (!TOTALS_FIRST.has(tokens[0] ?? "")) return false;
  return TOTALS_LABELS.some((label) => label.every((t, i) => tokens[i] === t));
}

/**
 * A numeric cell holds a number with at most a currency mark, a percent sign or a short unit ("10 Stk", "€ 9,99").
 * A dash in place of the cents ("€ 1.600,–", "200,--") is how German and Austrian invoices print whole amounts. A
 * currency mark may be letters and a dollar sign ("R$", "US$", "A$") or the rupiah's "Rp", glued to the number or not,
 * any currency sign ("₦", "₱"), or a currency written as one capital letter where fonts lack its sign ("Q 900.00"
 * quetzales, "N 4000.00" naira, "R" rand, "K" kina or kwacha, "L" lempiras, "S/" soles). A unit may stand in brackets
 * ("1 (st)").
 */
export const NUMERIC_CELL = /^[-(]?\s*(?:[€$£¥₹]|\p{Sc}|[A-Z]{3}|[A-Z]{1,2}\$|RM|Rp\.?|Rs\.?|[QNRKL](?=\s?\d)|S\/)?\s*-?\d[\d.,' ]*(?:[.,][-–—]{1,2})?\s*(?:[€$£¥₹%]|[A-Z]{3}|\p{L}{1,5}\.?|\(\p{L}{1,5}\.?\)|m²|m³)?\s*[)-]?$/u;
export const NUMERIC_KEYS = new Set(["quantity", "unit_price", "amount", "tax_rate", "discount_percent"]);
export const SELLER_SIDE = /lief|supplier|vendor|seller|unsere|\bour\b|fournisseur|leverancier/i;

export const IDENTIFIER_LINE = /^(?:gtin|ean|upc|sku|s\/n|serial|serien?(?:nummer|nr)|seriennr|lot|charge|batch|barcode)\b/i;

/** "[FURN_7777] Office Chair", "*987123* Olive Oil", "E103184 Onderhoudsset": a code before a description. */
export function splitBracketedCode(row: TableRow, fieldForKey: Map<string, string>): void {
  const descField = fieldForKey.get("description");
  const codeField = fieldForKey.get("item_code");
  const desc = descField ? row[descField] : undefined;
  if (!descField || !codeField || typeof desc !== "string" || row[codeField] !== undefined) return;
  const m = /^(?:\[([^\]]{2,40})\]|\*([^*\s]{2,40})\*)\s*(.+)$/.exec(desc);
  if (m) {
    row[codeField] = m[1] ?? m[2] ?? null;
    row[descField] = m[3] ?? desc;
    return;
  }
  // "GG-SCRW-A4-01 - High-Grade Screws": a code of capitals and digits, a spaced dash, the description.
  const dashed = /^([A-Z0-9][A-Z0-9_./-]{3,})\s+[-–]\s+(\S.*)$/.exec(desc);
  if (dashed && /\d/.test(dashed[1]!) && /[A-Z]/.test(dashed[1]!) && /\p{Ll}/u.test(dashed[2]!)) {
    row[codeField] = dashed[1]!;
    row[descField] = dashed[2]!;
    return;
  }
  // "E103184 Onderhoudsset": an upper-case article number (three or more digits) leading the description.
  const lead = /^([A-Z]{0,4}\d[A-Z0-9_./-]{3,})\s+(\S.*)$/.exec(desc);
  if (lead && (lead[1]!.match(/\d/g) ?? []).length >= 3 && /\p{Ll}/u.test(lead[2]!)) {
    row[codeField] = lead[1]!;
    row[descField] = lead[2]!;
  }
}
