import { conceptByKey } from "./concepts";
import type { DocLine } from "./document-lines";
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
    other: norm([...(conceptByKey("customer_name")?.labels ?? []), ...OTHER_PARTY_HEADINGS]),
  };
  return headings;
}

/** Which party a whole line heads ("Verkäufer", "Bill to:", "Käufer/Leistungsempfänger"), if any. */
export function headedParty(line: DocLine): Party | null {
  const key = tokenise(line.text.replace(/[:：]\s*$/, "")).join(" ");
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
  for (const candidate of lines) {
    if (candidate.page !== line.page || candidate.index === line.index) continue;
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
  const above = lines.filter((l) => {
    if (l.page !== line.page || l.index === line.index) return false;
    const gap = line.box.y - (l.box.y + l.box.h);
    const overlap = Math.min(l.box.x + l.box.w, line.box.x + line.box.w) - Math.max(l.box.x, line.box.x);
    return gap >= -line.box.h * 0.2 && gap <= line.box.h * LABEL_ABOVE && overlap > 0;
  });
  const nearest = above.sort((a, b) => b.box.y - a.box.y)[0];
  return nearest !== undefined && BUYER_ID_LABEL.test(nearest.text);
}
