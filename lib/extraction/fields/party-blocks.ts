import { conceptByKey } from "./concepts";
import { linesOnPage, type DocLine } from "./document-lines";
import { memoPerOwner } from "./memo";
import { BUYER_PHRASES } from "./party-headings";
import { tokenise } from "./text-tokens";

export type Party = "seller" | "other";

/** Headings of blocks that belong to another party than the seller: where the goods go, beyond the buyer's labels. */
const OTHER_PARTY_HEADINGS = ["ship to", "deliver to", "delivery address", "lieferadresse", "lieferanschrift", "warenempfanger", "abweichender warenempfanger", "livre a", "adresse de livraison"];

/** How far under its heading a party block's rows reach, as a share of the page height. */
const BLOCK_DEPTH = 0.3;
/** How far a block's rows may start from its heading's left edge, as a share of the page width. */
const COLUMN_SLACK = 0.04;

let headings: { seller: ReadonlySet<string>; other: ReadonlySet<string> } | null = null;

function headingSets(): { seller: ReadonlySet<string>; other: ReadonlySet<string> } {
  const norm = (phrases: readonly string[]) => new Set(phrases.map((p) => tokenise(p).join(" ")));
  headings ??= {
    seller: norm(conceptByKey("vendor_name")?.labels ?? []),
    // The buyer's block headings in other languages ("Nabywca", "Odběratel", "Rechnung an") head another party's block.
    other: norm([...(conceptByKey("customer_name")?.labels ?? []), ...OTHER_PARTY_HEADINGS, ...BUYER_PHRASES]),
  };
  return headings;
}

/** A heading in two languages names its party twice: "Odběratel (Client):", "Lieferant / Supplier". */
const TRANSLATED_HEADING = /^([^()/|]{2,40})(?:\(([^()]{2,40})\)|[/|]([^()/|]{2,40}))$/;

/** Which party a whole line heads ("Verkäufer", "Bill to:", "Käufer/Leistungsempfänger"), if any. */
export function headedParty(line: DocLine): Party | null {
  return partyHeadedBy(line, () => readHeadedParty(line));
}

/** Asked of every line above every id's and name's line: read once per line. */
const partyHeadedBy = memoPerOwner<DocLine, Party | null>();

function readHeadedParty(line: DocLine): Party | null {
  const text = line.text.replace(/[:：]\s*$/, "").trim();
  const whole = partyOfPhrase(text);
  if (whole) return whole;
  // One of the two names known is enough, when the other names no other party.
  const two = TRANSLATED_HEADING.exec(text);
  if (!two) return null;
  const parties = [two[1], two[2] ?? two[3]].map((part) => partyOfPhrase(part ?? ""));
  const known = parties.filter((p): p is Party => p !== null);
  return known.length > 0 && known.every((p) => p === known[0]) ? known[0]! : null;
}

function partyOfPhrase(text: string): Party | null {
  const key = tokenise(text).join(" ");
  const sets = headingSets();
  if (sets.seller.has(key)) return "seller";
  if (sets.other.has(key)) return "other";
  return null;
}

/**
 * The party whose block a line stands in: of the party headings above it on its page that start left of it (or at
 * its own left edge), the one of the nearest column, then the nearest above ("Verkäufer … USt-IdNr.: DE… / Käufer …
 * USt-IdNr.: DE…" print the same label in both blocks; a value right of its label still belongs to the label's
 * block). Null when no heading stands over it.
 */
export function partyBlockOf(lines: DocLine[], line: DocLine): Party | null {
  let nearest: DocLine | null = null;
  for (const candidate of linesOnPage(lines, line.page)) {
    if (candidate.index === line.index) continue;
    if (candidate.box.y >= line.box.y || line.box.y - candidate.box.y > BLOCK_DEPTH) continue;
    if (candidate.box.x > line.box.x + COLUMN_SLACK) continue;
    if (headedParty(candidate) === null) continue;
    if (!nearest || closer(candidate, nearest)) nearest = candidate;
  }
  return nearest ? headedParty(nearest) : null;
}

/** A heading of a column further right (the line's own column), else one lower down in the same column. */
function closer(a: DocLine, b: DocLine): boolean {
  if (Math.abs(a.box.x - b.box.x) > COLUMN_SLACK) return a.box.x > b.box.x;
  return a.box.y > b.box.y;
}

/** A buyer's word before an id's label: "Kunden UID-Nr.", "Customer VAT No.", "Your VAT id", "Ihre USt-IdNr.". */
const BUYER_ID_LABEL = /\b(?:ihre|ihr|your|customer|client|kunden?|buyer|käufer|kaufer|votre|uw|klant)\b.*\b(?:uid|ust|vat|tva|btw|tax|steuer|nif|nip|cif)/i;
/** How far above an id its label may stand, in the id line's heights. */
const LABEL_ABOVE = 2.5;

/**
 * Whether an id's line, or the label standing just above it in its column, names the buyer's id ("Kunden UID-Nr." over
 * "ATU42001337" in a right-hand column): such an id is not the seller's even with no party heading over it.
 */
export function underBuyerIdLabel(lines: DocLine[], line: DocLine): boolean {
  if (BUYER_ID_LABEL.test(line.text)) return true;
  const above = linesOnPage(lines, line.page).filter((l) => {
    if (l.index === line.index) return false;
    const gap = line.box.y - (l.box.y + l.box.h);
    const overlap = Math.min(l.box.x + l.box.w, line.box.x + line.box.w) - Math.max(l.box.x, line.box.x);
    return gap >= -line.box.h * 0.2 && gap <= line.box.h * LABEL_ABOVE && overlap > 0;
  });
  const nearest = above.sort((a, b) => b.box.y - a.box.y)[0];
  return nearest !== undefined && BUYER_ID_LABEL.test(nearest.text);
}

/** Lines of one block stand this close, in their own heights; a wider gap starts another block. */
const STACK_GAP = 1.6;
/** Left edges of one block's lines agree within this share of the page width. */
const STACK_EDGE = 0.02;
/** How many lines above and below an id its block is followed (an address block has a handful). */
const STACK_REACH = 6;

/** The lines stacked with `line` in its column (same left edge, tight spacing), itself included, top to bottom. */
export function stackedBlock(lines: DocLine[], line: DocLine): DocLine[] {
  const column = linesOnPage(lines, line.page)
    .filter((l) => Math.abs(l.box.x - line.box.x) < STACK_EDGE)
    .sort((a, b) => a.box.y - b.box.y);
  const at = column.indexOf(line);
  if (at < 0) return [line];
  let top = at;
  while (top > 0 && at - top < STACK_REACH && column[top]!.box.y - (column[top - 1]!.box.y + column[top - 1]!.box.h) < column[top]!.box.h * STACK_GAP) top -= 1;
  let bottom = at;
  while (bottom < column.length - 1 && bottom - at < STACK_REACH && column[bottom + 1]!.box.y - (column[bottom]!.box.y + column[bottom]!.box.h) < column[bottom]!.box.h * STACK_GAP) bottom += 1;
  return column.slice(top, bottom + 1);
}

/** A line that is a postcode and town ("12345 Musterstadt", "1010 Wien", "3851 SL ERMELO", "SW1A 1AA"). */
const POSTCODE_TOWN = /(?:^|\s)(?:\d{4,5}|\d{3}\s\d{2}|\d{2}-\d{3}|\d{4}\s?[A-Z]{2})\s+\p{Lu}|\b[A-Z]{1,2}\d{1,2}[A-Z]?\s+\d[A-Z]{2}\b/u;

/**
 * The party whose address block holds an id's line, by the names the document's other fields found: the block that
 * holds the seller's name is the seller's; the one that holds the buyer's name is the buyer's; an address block (a
 * postcode line) under another name than the seller's, with the seller's name printed elsewhere, is another party's
 * ("Yoyodyne Inc / VAT ID … / address" over "Erika Mustermann / VAT ID … / address"). Null when nothing tells.
 */
export function addressBlockParty(lines: DocLine[], line: DocLine, seller: { line: number; value: string } | null, buyer: { line: number } | null): Party | null {
  const block = stackedBlock(lines, line);
  if (block.length < 3) return null;
  // A block's name heads it: a name below the id ("NIF: … / Telefone: … / Cliente: Márcio") starts no block of its own.
  const heads = (index: number) => block.some((l) => l.index === index && l.box.y < line.box.y);
  if (seller && heads(seller.line)) return "seller";
  if (buyer && heads(buyer.line)) return "other";
  if (!seller || !block.some((l) => POSTCODE_TOWN.test(l.text))) return null;
  const key = (t: string) => tokenise(t).join(" ");
  const name = key(seller.value);
  // The seller's name on a line of the block ("Account holder: Yoyodyne Inc" aside) makes it the seller's after all.
  if (name !== "" && block.some((l) => key(l.text).includes(name))) return "seller";
  return "other";
}
