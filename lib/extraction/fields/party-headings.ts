import { conceptByKey, CONCEPTS } from "./concepts";
import { linesOnPage, type DocLine } from "./document-lines";
import { tokenise } from "./text-tokens";

/**
 * Words that head a party's block rather than name it, in the languages invoices come in: whom the invoice is for or
 * from, where the goods go, a letter's form of address, the document's own title. A block's first line that reads
 * as one of these is its heading; the party's name is on the line under it.
 */
/** Whom it is for (beyond the customer concept's labels), where the goods go, the buyer's block's title. */
export const BUYER_PHRASES = [
  "spettabile", "spett.le", "spett le", "spett", "intestatario", "intestato a", "fatturare a", "fatturato a", "destinatario", "facturar a", "facturado a", "factura a", "rechnung an", "ship to", "shipped to", "deliver to", "delivery address", "livre a", "livraison", "adresse de livraison", "lieferadresse", "lieferanschrift", "afleveradres", "leveradres", "entregar a", "direccion de entrega", "consegna a", "consegnare a", "enviar a", "enviado a", "luogo di consegna",
  "datos del cliente", "datos cliente", "dati cliente", "dati del cliente", "donnees client", "coordonnees client", "kundendaten", "customer details", "client details", "customer information", "klantgegevens", "billing address", "rechnungsadresse", "adresse de facturation", "direccion de facturacion", "indirizzo di fatturazione",
  // the buyer's block in Polish, Finnish, Swedish, Portuguese, Turkish and Czech (headings only: as customer labels they
  // read wrong names on layouts never seen)
  "nabywca", "odbiorca", "asiakas", "laskutettava", "kund", "alici", "alıcı", "odberatel", "odběratel",
  // the buyer's block in Portuguese ("Dados do Cliente")
  "dados do cliente", "dados cliente",
];

/**
 * Headings of the buyer's own block (not of a delivery address), read as a section heading on a line of its own with
 * the name under it; never as a label with its value right of it, where they read wrong names on layouts never seen.
 */
export const BUYER_BLOCK_HEADINGS = [
  "nabywca", "odberatel", "odběratel", "asiakas", "alici", "alıcı", "kund",
  "customer information", "customer details", "client details", "client information", "buyer information", "buyer details",
  "datos del cliente", "datos cliente", "dati cliente", "dati del cliente", "dados do cliente", "dados cliente", "donnees client", "coordonnees client", "kundendaten", "klantgegevens",
];

const HEADING_PHRASES = [
  ...BUYER_PHRASES,
  // letters' forms of address
  "dear", "sehr geehrte", "sehr geehrter", "gentile", "egregio", "estimado", "estimada", "madame monsieur", "geachte",
  // the document's own title
  "invoice", "tax invoice", "rechnung", "facture", "factura", "fattura", "factuur", "receipt", "quittung", "ricevuta", "recibo", "credit note", "gutschrift", "avoir", "nota di credito", "nota de credito", "faktura", "faktura vat", "lasku", "fatura", "fatura faktura",
  // a rent receipt's, a Russian or an Uzbek invoice's title
  "quittance", "quittance de loyer", "recu", "счет", "счет на оплату", "счет фактура", "ҳисобварақ-фактура", "хисобварак-фактура",
];

let headings: ReadonlySet<string> | null = null;

function headingSet(): ReadonlySet<string> {
  headings ??= new Set([...HEADING_PHRASES, ...(conceptByKey("customer_name")?.labels ?? []), ...(conceptByKey("vendor_name")?.labels ?? [])].map((p) => tokenise(p).join(" ")));
  return headings;
}

let anyLabels: ReadonlySet<string> | null = null;

/**
 * "Amount Due", "Payment terms", "Due date": a line that reads as exactly some field's label is that label, printed
 * where a party's label expected its value (a grid of labels over their values), never a party's name.
 */
export function isFieldLabel(text: string): boolean {
  anyLabels ??= new Set(CONCEPTS.flatMap((c) => c.labels).map((p) => tokenise(p).join(" ")));
  return anyLabels.has(tokenise(text.trim().replace(/[:：]$/, "")).join(" "));
}

let buyerHeadings: ReadonlySet<string> | null = null;

function buyerHeadingSet(): ReadonlySet<string> {
  buyerHeadings ??= new Set([...BUYER_PHRASES, ...(conceptByKey("customer_name")?.labels ?? [])].map((p) => tokenise(p).join(" ")));
  return buyerHeadings;
}

/** "Bill to:", "Rechnungsempfänger", "Spett.le": a line heading the buyer's (or the delivery's) block. */
export function isBuyerHeading(text: string): boolean {
  return buyerHeadingSet().has(tokenise(text.trim().replace(/[:：]$/, "")).join(" "));
}

/**
 * The line heads of the buyer's block: the nearest line above it in the same column, within two line heights, is a
 * buyer's heading ("Bill to" over "Foo GmbH"). A buyer printed above the seller's letterhead is no seller.
 */
export function underBuyerHeading(lines: DocLine[], line: DocLine): boolean {
  const above = linesOnPage(lines, line.page).filter((l) => l.index !== line.index && l.box.y + l.box.h <= line.box.y + line.box.h * 0.2 && Math.abs(l.box.x - line.box.x) < 0.04);
  const nearest = above.reduce<DocLine | null>((best, l) => (!best || l.box.y > best.box.y ? l : best), null);
  return nearest !== null && line.box.y - (nearest.box.y + nearest.box.h) < line.box.h * 2 && isBuyerHeading(nearest.text);
}

/** "Spett.le:", "Facturar a", "Livré à", "FATTURA", "Bill to:": a line that heads a party block instead of naming it. */
export function isPartyHeading(text: string): boolean {
  const trimmed = text.trim();
  if (/[:：]$/.test(trimmed)) return true;
  return headingSet().has(tokenise(trimmed).join(" "));
}

/**
 * "tan woon yann" (a handwritten note), "completion of the sale transaction", "saeco" (a logo's text): a line in a
 * cased script without a single capital letter is no party's printed name, unless a legal form says it is a
 * registered company ("kopi kita sdn bhd"; the callers check that).
 */
export function withoutCapitals(text: string): boolean {
  return /\p{Ll}/u.test(text) && !/\p{Lu}/u.test(text);
}

/** "174 place de la Castle", "12, rue …": a line starting with a house number is an address line, not a party. */
export const HOUSE_NUMBER_FIRST = /^\d+[a-z]?(?:,|\s+\p{L})/u;

/**
 * The name is the first part of a sender line of three parts or more elsewhere on the document ("Foo S.p.A. · Tel. …
 * · www.foo.it", a footer or a later page's header): the issuer's own name, printed as the issuer prints itself.
 */
export function inSenderLine(lines: DocLine[], name: string, nameLine: number): boolean {
  const key = letters(name);
  if (key.length < 4) return false;
  return lines.some((line) => {
    if (line.index === nameLine) return false;
    const segments = line.text.split(/\s[·•|–]\s|\s-\s/);
    return segments.length >= 3 && letters(segments[0] ?? "") === key;
  });
}

function letters(text: string): string {
  return text.toLowerCase().replace(/[^\p{L}\d]/gu, "");
}
