import { linesOnPage, sameRow, type DocLine } from "./document-lines";
import { insideSentence } from "./sentence-words";
import { tokenise } from "./text-tokens";
import { COLUMN_CONCEPTS } from "./column-concepts";
import { memoPerOwner } from "./memo";
import { partyBlockOf } from "./party-blocks";
import type { Candidate } from "./find-labelled-value";
import { namesNoParty } from "./header-distractors";
import { HOUSE_NUMBER_FIRST, inSenderLine, isBuyerHeading, isFieldLabel, isPartyHeading, underBuyerHeading, withoutCapitals } from "./party-headings";

/** Legal-form and trade words that mark a line as a company name, across the languages invoices come in. */
export const COMPANY_MARK =
  /\b(?:GmbH|AG|KG|OHG|e\.\s?K\.|mbH|a\.\s?G\.|B\.\s?V\.?|BV|N\.\s?V\.|Ltd\.?|Limited|Inc\.?|LLC|LLP|PLC|Corp\.?|Corporation|S\.\s?A\.?|SA|SARL|SAS|SASU|EURL|S\.\s?L\.|S\.\s?r\.\s?l\.?|SRL|S\.\s?p\.\s?A\.?|SpA|S\.\s?a\.\s?s\.?|S\.\s?n\.\s?c\.?|S\.\s?L\.\s?U\.?|SDN\.?\s?BHD\.?|BHD|S\/B|Pvt\.?|Pte\.?|Co\.|Company|S[àa]rl|DAC|V\.O\.F\.?|Sp\.\s?z\s?o\.\s?o\.?|s\.\s?r\.\s?o\.?|Kft\.?|Zrt\.?|A\.\s?Ş\.?|d\.\s?o\.\s?o\.?|Oyj?|GmbH\s?&\s?Co\.?\s?KG)(?=$|[\s,.()])/i;
/** Trade words that often appear in shop names: weaker evidence than a legal form. */
export const TRADE_WORD = /\b(?:Trading|Enterprise|Enterprises|Restaurant|Restaurants|Hardware|Store|Stores|Mart|Bistro|Cafe|Café|Bakery|Services|Shop|Supermarket|Pharmacy|Stationery|Kedai|Pasaraya|Syarikat|Perniagaan)\b/i;
const SALUTATION = /^(?:herrn?|frau|firma|fa\.|mr\.?|mrs\.?|ms\.?|m\.|mme|monsieur|madame|dhr\.?|mevr\.?|attn\.?|z\.\s?hd\.?)$/i;
/** Lines that are labels, contact details, document titles or item-column headings ("QTY ITEM") rather than names. */
export const NOT_A_NAME =
  /(?:\b(?:invoice|rechnung|facture|factuur|receipt|quittung|tax invoice|date|datum|tel|fax|phone|pagina|página|fattura|factura|ordine|pedido|commande|telefon|e-?mail|iban|bic|page|seite|total|summe|gst|order|bestellung|nr|n[o0]|ust|vat|btw|mwst|tva|gln|id|nummer|number|cash(?!\s*(?:&|and|n)\s*carry)|change|doc|cashier|table|thank|tq|welcome|qty|quantity|amount|price|item|returnable|refundable|exchangeable)\b|www\.|http|@|docno|(?:address|adresse|adres|anschrift)\b)/i;

/**
 * "ИП Тухманян О. В., ИНН 246316266320, г Красноярск": the party's tax number and address after a comma are not part
 * of its name.
 */
const TRAILING_TAX_ID = /,\s*(?:ИНН|КПП|ОГРН|ОГРНИП|INN|VAT|USt|UID|NIF|CIF|RUC|RFC|NIP|GSTIN|TIN|Tax ID|СТИР)(?=[\s:.№/]|$).*$/iu;

export function withoutTrailingTaxId(text: string): string {
  return text.replace(TRAILING_TAX_ID, "").trim();
}

/** "БИК", "ИНН", "КПП", "Сч. №", "р/с": a Russian bank grid's or tax number's label (`\b` does not see Cyrillic). */
const CYRILLIC_ID_LABEL = /(?:^|[^\p{L}])(?:бик|инн|кпп|огрн|огрнип|сч|р\/с|к\/с|стир)(?![\p{L}])/iu;

export function cleanName(text: string): string {
  return text
    // "◆ Acme Inc.", "• Foo GmbH": a logo glyph or bullet printed before the name is not part of it.
    .replace(/^[\p{So}\p{Sm}•·▪►»›]+\s*(?=\p{L})/u, "")
    // ": Acme Ltd": the label stands in a column of its own and its colon was printed with the name.
    .replace(/^[:;]\s*(?=\p{L})/u, "")
    // "REG: Lieferant GmbH", "OWN BY: CHEF LEE SDN BHD": a short label before the name is not part of it.
    .replace(/^\p{Lu}[\p{L}.]{1,14}(?:\s\p{L}[\p{L}.]{0,14})?\s?:\s+(?=\p{L})/u, "")
    .replace(TRAILING_TAX_ID, "")
    // A hash and a store or till number printed before the name ("BAIFU (M) Sdn Bhd" with six digits in front).
    .replace(/^#\s?\d+\s+(?=\p{L})/u, "")
    // A registration number in brackets after the name, also as OCR reads it ("(193S6 X)" for "(139386 X)").
    .replace(/\s*\((?=(?:[^)]*\d){3})[\dA-Z -]{4,}\)\s*$/, "")
    .replace(/\s+/g, " ")
    .trim();
}

/** Legal forms that end a company's name (trade words such as "Company" or "Co." do not: "Foo & Co. KG"). */
const LEGAL_FORM = /\b(?:GmbH|AG|KG|OHG|mbH|B\.\s?V\.?|BV|N\.\s?V\.|Ltd\.?|Limited|Inc\.?|LLC|LLP|PLC|SARL|SAS|SASU|EURL|S\.\s?r\.\s?l\.?|SRL|S\.\s?p\.\s?A\.?|SpA|S\.\s?a\.\s?s\.?|S\.\s?n\.\s?c\.?|S\.\s?L\.\s?U\.?|SDN\.?\s?BHD\.?|S\/B)(?=$|[\s,()])/gi;
/** A web address written without "www." ("Example.com"). */
const DOMAIN = /\b[\p{L}\d-]+\.(?:com|net|org|eu|[a-z]{2})\b/iu;

/** A company registration number ("273500-U", "(139386 X)", "1110644-W") or any number of four digits or more. */
const REGISTRATION_AFTER = /^[({]?\s*\d{4,}(?:[\s-]?[A-Z])?\b/;

/**
 * "Foo Nederland B.V. iov Example.com": what follows a legal form on the name's line is not part of the name when it
 * starts with a lower-case word ("iov", "c/o", "trading as"), holds a web address or is a registration number
 * ("GARDENIA BAKERIES (KL) SDN BHD (139386 X)", printed on one line with the name on receipts). "Foo GmbH & Co. KG"
 * stays whole.
 */
export function endAtLegalForm(text: string): string {
  for (const match of text.matchAll(LEGAL_FORM)) {
    const end = match.index + match[0].length;
    const rest = text.slice(end).trim();
    if (rest !== "" && (/^\p{Ll}/u.test(rest) || DOMAIN.test(rest) || REGISTRATION_AFTER.test(rest))) return text.slice(0, end).trim();
  }
  return text;
}

/** A name followed by a company registration number in brackets ("(519537-X)"; OCR may read "(" as "{"). */
export const REGISTERED_NAME = /^(\p{L}[^(){}]{2,}?)\s*[({]\s*\d{4,8}-?[A-Z]\s*\)/u;

/** "Kundenweg 88", "Musterstr. 11": words followed by a house number are a street line, not a name. */
const STREET_LINE = /^[\p{L}][\p{L}\s.\-']*\s\d+\s?[a-z]?$/u;

/** "Lot 1504, …", "Unit 3A …", "Suite 200", "PO Box 12", "Postfach 10 12": a premises or box number starts an address line. */
const PREMISES_START = /^(?:lot(?:\s*p\.?\s?t\.?)?|unit|level|suite|block|blk|p\.?\s?o\.?\s?box|postfach|b\.?p\.?|apartado)\s*\d/i;

/**
 * "JALAN ANGSA", "TAMAN BERKELEY", "Lorong 3": a line that starts with a street or estate word is an address line,
 * whatever follows it (a shop is named after its estate inside its name, "BOOK TA .K (TAMAN DAYA) SDN BHD", not
 * before it). On the SROIE training receipts the address's second line became the seller when the name was misread.
 */
const STREET_START = /^(?:jalan|jln|taman|tmn|lorong|lrg|persiaran|lebuhraya)\b/i;

export function isNameLike(text: string): boolean {
  const letters = (text.match(/\p{L}/gu) ?? []).length;
  const digits = (text.match(/\d/g) ?? []).length;
  const t = text.trim();
  // "8, Jalan …", "109, SS21/1A": a house number and a comma start an address line.
  // "Triple Six Point Enterprise 666": a number after a trade word or legal form is part of the name, not a house number.
  const street = STREET_LINE.test(t) && !TRADE_WORD.test(t) && !COMPANY_MARK.test(t);
  // "For feedback or complaint, please call:": a line ending in a colon is a label or a prompt.
  // "Generated by …", "e-Invoicing System", "Bank transfer": the issuing software, the channel, a payment method.
  return letters >= 3 && digits <= letters / 3 && !NOT_A_NAME.test(text) && !CYRILLIC_ID_LABEL.test(text) && !street && !/^\d+[A-Z]?\s*,/.test(t) && !PREMISES_START.test(t) && !STREET_START.test(t) && !/:$/.test(t) && !namesNoParty(t);
}

/** OCR junk (logos, stamps, torn edges) reads as short low-confidence "words": it is not a name. */
const confident = (line: DocLine) => line.words.filter((w) => w.confidence >= 0.6).length * 2 >= line.words.length;

/** Parts of one name are set alike: the same case style. */
const sameCaseStyle = (a: string, b: string) => (a === a.toUpperCase()) === (b === b.toUpperCase());

/** "www.azure-interior.com", "info@musterlieferant.de", "https://shop.example.co.uk/": the host after the marker. */
const HOST = /(?:\bwww\.|@|https?:\/\/)([a-z0-9][a-z0-9.-]*\.[a-z]{2,})/gi;
/** Second-level labels of country domains ("example.co.uk", "example.com.my"): the registered name is left of them. */
const GENERIC_SECOND_LEVEL = new Set(["co", "com", "org", "net", "gov", "ac", "edu"]);

const domainsOfLines = memoPerOwner<DocLine[], ReadonlySet<string>>();

/**
 * The registered names of the domains printed on the document, hyphens dropped: "azureinterior", "musterlieferant".
 * Read once per document: the vendor's finders ask for every line they weigh.
 */
function printedDomains(lines: DocLine[]): ReadonlySet<string> {
  return domainsOfLines(lines, () => readDomains(lines));
}

function readDomains(lines: DocLine[]): Set<string> {
  const out = new Set<string>();
  for (const line of lines) {
    // "accounts@contoso.example" under "BILL TO": the buyer's own address names the buyer, not the issuer.
    if (!line.text.match(HOST) || partyBlockOf(lines, line) === "other") continue;
    for (const m of line.text.matchAll(HOST)) {
      const labels = (m[1] ?? "").toLowerCase().split(".").filter((l) => l !== "");
      labels.pop();
      if (labels.length > 1 && GENERIC_SECOND_LEVEL.has(labels[labels.length - 1]!)) labels.pop();
      const name = labels.pop();
      if (name) out.add(name.replace(/-/g, ""));
    }
  }
  return out;
}

/** Every legal form of a text at once, compiled once (replace resets its lastIndex). */
const EVERY_COMPANY_MARK = new RegExp(COMPANY_MARK.source, "gi");

/** A name's letters and digits without its legal form: "Azure Interior" → "azureinterior", "Muster GmbH" → "muster". */
function nameKey(text: string): string {
  return text
    .replace(EVERY_COMPANY_MARK, " ")
    .toLowerCase()
    .replace(/[^\p{L}\d]/gu, "");
}

/**
 * The issuer prints its own website and e-mail domain: a name that spells a domain printed on the document
 * ("Azure Interior" with www.azure-interior.com) is the seller's.
 */
export function nameMatchesDomain(lines: DocLine[], name: string): boolean {
  const key = nameKey(name);
  return key.length >= 4 && printedDomains(lines).has(key);
}

/**
 * The issuer's own name: the first part of a sender line elsewhere, or spelling a domain the document prints. The
 * buyer's block never is; a letterhead taken for the address window, or a label's value, may be.
 */
export function printedAsIssuer(lines: DocLine[], name: string, nameLine: number): boolean {
  return inSenderLine(lines, name, nameLine) || nameMatchesDomain(lines, name);
}

/** The score of a name-like line before any evidence that it names the seller. */
const NO_EVIDENCE = 0.2;

/** The seller: a company-like line near the top, repeated in the footer, in a larger font, or the receipt's first line. */
export function findVendorName(lines: DocLine[], customer: string | null): Candidate | null {
  const first = lines.filter((l) => l.page === (lines[0]?.page ?? 1));
  if (first.length === 0) return null;
  const heights = first.map((l) => l.box.h).sort((a, b) => a - b);
  const medianH = heights[Math.floor(heights.length / 2)] ?? 0.01;
  const topY = Math.min(...first.map((l) => l.box.y));
  const counts = new Map<string, number>();
  for (const l of lines) {
    for (const segment of l.text.split(/\s[·•|–-]\s|,\s/)) {
      const key = cleanName(segment).toLowerCase();
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
  }
  const nameRank = new Map<number, number>();
  for (const line of first) {
    if (isNameLike(cleanName(line.text)) && line.text.replace(/[^\p{L}]/gu, "").length >= 4 && confident(line)) nameRank.set(line.index, nameRank.size);
  }
  const domains = printedDomains(lines);
  let best: Candidate | null = null;
  // Scores are compared before they are capped: two strong candidates must not tie at the cap.
  let bestScore = 0;
  for (const line of first) {
    // DIN 5008 sender lines ("Lieferant GmbH · Straße 1 · 80333 München") name the seller in their first segment.
    const segments = line.text.split(/\s[·•|–]\s|\s-\s/);
    // "Banco Popolare · IBAN IT29… · BIC …": a footer's bank line names the seller's bank, not the seller.
    const isSenderLine = segments.length >= 3 && !segments.some((segment) => /\b(?:IBAN|BIC|SWIFT)\b/.test(segment));
    // "MYNEWS RETAIL SB (306255-X) FKA BISON STORES SB": a company registration number follows the registered name.
    const registered = REGISTERED_NAME.exec(line.text)?.[1];
    const text = endAtLegalForm(cleanName(registered ?? (isSenderLine ? (segments[0] ?? "") : line.text)));
    if (!isNameLike(text) || text.length > 60 || !confident(line) || (withoutCapitals(text) && !COMPANY_MARK.test(text))) continue;
    if (customer && text.toLowerCase() === customer.toLowerCase()) continue;
    // "Dados do Cliente", "QUITTANCE DE LOYER", "Ҳисобварақ-фактура": a block's heading or the document's title.
    if (isPartyHeading(text)) continue;
    // "АО «ТБанк»" over "Банк получателя": a bank-details grid prints the bank's name over its label.
    if (labelledAsBank(first, line)) continue;
    // "Bill to" over "Foo GmbH" at the top of the page: the buyer's block printed above the letterhead.
    if (underBuyerHeading(first, line)) continue;
    // "Nombre del cliente: Jaider", "Nombre o razón social: Fenix SA": a line labelled as the buyer's names the buyer.
    if (labelledAsBuyer(line.text)) continue;
    // "Description", "Producto": an item table's column heading; "Per saldo te ontvangen   €32.031,24": a total's label.
    if (itemColumnOf(text) !== null || labelsAnAmount(first, line)) continue;
    let score = NO_EVIDENCE;
    if (COMPANY_MARK.test(text) || registered) score += 0.35;
    else if (TRADE_WORD.test(text)) score += 0.1;
    if (isSenderLine) score += 0.3;
    // Receipts and letterheads start with the seller: the first name-like lines weigh most.
    const rank = nameRank.get(line.index) ?? 99;
    // The top row: within a line height of the topmost line (0.02 of a tall till roll spans two lines).
    // The first name-like line counts as the top only in the page's upper half: below it, everything above was
    // refused (a misread letterhead) and the first survivor is an item table's heading or a footer.
    if (line.box.y - topY < Math.min(0.02, medianH) || (rank === 0 && line.box.y < 0.5)) score += 0.3;
    else if (rank === 1 && line.box.y < 0.5) score += 0.12;
    else if (line.box.y < 0.2) score += 0.05;
    if (line.box.h > medianH * 1.3) score += 0.15;
    if ((counts.get(text.toLowerCase()) ?? 0) > 1) score += 0.15;
    if (domains.has(nameKey(text)) && nameKey(text).length >= 4) score += 0.35;
    // "FIVE STAR CASH & CARRY" over "(1365663-P)": the registration number printed right under a line names it.
    if (registeredBelow(first, line)) score += 0.3;
    // A line with nothing for it (no legal form or trade word, not at the top, not larger, not repeated) is a guess:
    // on a receipt whose letterhead was misread it is a column heading or a slogan.
    if (score <= NO_EVIDENCE) continue;
    // "Gemaakte kosten", "Per saldo te ontvangen": a phrase in sentence case (only its first word capitalised) is a
    // heading or a label; with no more than a rank or a repetition for it, it is no seller's name.
    if (score < 0.4 && sentenceCase(text)) continue;
    const candidate = { value: text, score: Math.min(0.95, score), source: { page: line.page, ...line.box }, raw: line.text, line: line.index };
    if (!best || score > bestScore) {
      bestScore = score;
      best = candidate;
    }
  }
  return best ? fullNameOfBrand(first, joinNameBelow(first, joinNameAbove(first, joinSameRow(first, runOnBelow(first, best))))) : null;
}

/** Words that names print in lower case between capitalised ones ("Klee und Wäschle", "Taste of the World"). */
const NAME_PARTICLES = new Set(["of", "de", "du", "da", "di", "del", "la", "le", "el", "y", "e", "a", "an", "and", "the", "et", "und", "van", "von", "der", "den", "en", "&"]);

/** "Gemaakte kosten", "Per saldo te ontvangen": a first word capitalised and every later word in lower case, no particle alone. */
export function sentenceCase(text: string): boolean {
  const words = text.trim().split(/\s+/).filter((w) => /\p{L}/u.test(w));
  if (words.length < 2 || !/^\p{Lu}/u.test(words[0]!)) return false;
  const rest = words.slice(1);
  return rest.every((w) => /^\p{Ll}/u.test(w)) && rest.some((w) => !NAME_PARTICLES.has(w.toLowerCase()));
}

/** A money amount alone, with its cents and at most a currency sign or code: "€-50.476,85", "USD 1,200.00", "(12.50)". */
const MONEY_ONLY = /^[-+−(]?\s*(?:[A-Z]{3}\s?|[€$£¥₹]\s?)?[-−]?\d[\d.,' ]*[.,]\d{2}\s*(?:[A-Z]{3}|[€$£¥₹])?\)?$/u;

/** An amount stands alone right of the line on its row: the line is the amount's label ("Total due   €32.03"). */
function labelsAnAmount(lines: DocLine[], line: DocLine): boolean {
  return lines.some((l) => l.index !== line.index && sameRow(l.box, line.box) && l.box.x > line.box.x + line.box.w && MONEY_ONLY.test(l.text.trim()));
}

/** Words that name the buyer inside a longer label ("Nombre del cliente", "Customer's name", "Kundenname"). */
const BUYER_WORD = /(?:^|[^\p{L}])(?:client|clients|cliente|clientes|customer|customers|kunde|kunden|buyer|comprador|acheteur|klant|käufer|kaufer|destinatario|destinataire)(?![\p{L}])/iu;

/**
 * A "label: value" line whose label is the buyer's ("Cliente: Foo", "Nombre del cliente: Jaider", "Nombre o razón
 * social: Fenix SA", a customer label or a label holding a buyer's word): its value is the buyer, never the seller.
 */
export function labelledAsBuyer(text: string): boolean {
  const label = /^([^:：]{2,40}?)\s*[:：]\s*\S/u.exec(text.trim())?.[1];
  return label !== undefined && (isBuyerHeading(label) || BUYER_WORD.test(label));
}

/** Folded for comparing words: case and accents aside. */
const foldWords = (text: string) => tokenise(text).filter((t) => t !== "");

/** A signature's first word: "For ACME Ltd", "Pour ACME", "Für ACME GmbH", "By …", "Authorised …". */
const SIGNING_WORD = /^(?:for|from|by|per|pour|par|für|fur|von|por|para|to|at|on|signed|authori[sz]ed)$/i;

/** Longest full name a brand's line may point to (words). */
const FULL_NAME_WORDS = 7;

/**
 * "Chiesa" (a logo's word) over "FERNANDO A. CHIESA S.A.", "LIGHT CAT" over "Clínica Veterinaria Light Cat": a short
 * letterhead line whose words all stand, in order, inside a longer name line of the page's upper half is the brand; the
 * longer line (with a legal form, or ending in the brand's words) is the seller's name.
 */
function fullNameOfBrand(lines: DocLine[], chosen: Candidate): Candidate {
  const brand = foldWords(String(chosen.value));
  if (brand.length === 0 || brand.length > 3) return chosen;
  for (const line of lines) {
    if (line.index === chosen.line || line.box.y > 0.5 || /\d/.test(line.text)) continue;
    const text = endAtLegalForm(cleanName(line.text));
    const words = foldWords(text);
    if (words.length <= brand.length || words.length > FULL_NAME_WORDS || !isNameLike(text) || isPartyHeading(text) || underBuyerHeading(lines, line)) continue;
    const at = words.findIndex((_, i) => brand.every((b, j) => words[i + j] === b));
    if (at < 0 || !(COMPANY_MARK.test(text) || at + brand.length === words.length)) continue;
    // "For Pristine Enterprises" over a signature: the brand's own name after a preposition signs, it names no one new.
    if (SIGNING_WORD.test(text.split(/\s+/)[0] ?? "")) continue;
    return { ...chosen, value: text, raw: line.text, line: line.index, source: { page: line.page, ...line.box } };
  }
  return chosen;
}

/**
 * "Societe de commerce" over "generale Keita et frere": a name whose last word is in lower case runs on to a line
 * below that starts in lower case (no name starts so); the two are one name.
 */
function runOnBelow(lines: DocLine[], chosen: Candidate): Candidate {
  const line = lineOf(lines, chosen.line);
  if (!line || !/\s\p{Ll}+$/u.test(String(chosen.value))) return chosen;
  // A wrapped phrase may be set with more leading than a block's lines: up to one and a half line heights apart.
  const below = linesOnPage(lines, line.page)
    .filter((l) => l.box.y > line.box.y + line.box.h * 0.5 && l.box.y - (line.box.y + line.box.h) < line.box.h * 1.5)
    .filter((l) => Math.min(l.box.x + l.box.w, line.box.x + line.box.w) - Math.max(l.box.x, line.box.x) > 0)
    .sort((a, b) => a.box.y - b.box.y)[0];
  const text = below?.text.trim() ?? "";
  if (!below || !/^\p{Ll}/u.test(text) || /\d/.test(text) || !isNameLike(text) || text.split(/\s+/).length > 5 || Math.abs(below.box.h - line.box.h) > line.box.h * 0.35) return chosen;
  return { ...chosen, value: `${String(chosen.value)} ${text}` };
}

/** "Банк получателя", "Beneficiary bank", "Bank name": a bank-details grid's label printed under the bank's name. */
const BANK_LABEL = /^(?:банк(?:\s+(?:получателя|плательщика))?|bank(?:\s+name)?|beneficiary(?:'s)?\s+bank|name\s+of\s+(?:the\s+)?bank|banco|banque)\s*[:：]?$/iu;

/** The nearest line under this one in its column, within three of its heights, labels it as a bank. */
export function labelledAsBank(lines: DocLine[], line: DocLine): boolean {
  const under = linesOnPage(lines, line.page)
    .filter((l) => l.index !== line.index && l.box.y > line.box.y + line.box.h * 0.5 && Math.abs(l.box.x - line.box.x) < 0.03)
    .sort((a, b) => a.box.y - b.box.y)[0];
  return under !== undefined && under.box.y - (line.box.y + line.box.h) < line.box.h * 3 && BANK_LABEL.test(under.text.trim());
}

/** A line holding only a company registration number: "(1365663-P)", "822737-X", "(65351-M)". */
export const REGISTRATION_ONLY = /^[({]?\s*\d{4,8}\s?-?\s?[A-Z]\s*[)}]?$/;

/**
 * A registration number alone as receipts print it under the name, wider than `REGISTRATION_ONLY`: a letter prefix
 * ("JM0325965-V"), nine or ten digits ("002693074-K"), a label ("(No. 193573-M)", "ROC No. : (1072825-A)",
 * "Co-Reg: 750441-W"). Digits, a hyphen and a check letter at its end.
 */
const REGISTRATION_LINE = /^(?:[\p{L}.\s-]{0,12}[:.]?\s*)?[({]?\s*(?:[A-Z]{1,3})?\d{4,10}\s?-\s?[A-Z]\s*[)}]?$/u;

/** The next line down is a registration number alone, set under this one. */
function registeredBelow(lines: DocLine[], line: DocLine): boolean {
  const below = lines.find((l) => l.index === line.index + 1);
  if (!below || below.page !== line.page || !(REGISTRATION_ONLY.test(below.text.trim()) || REGISTRATION_LINE.test(below.text.trim()))) return false;
  return below.box.y - (line.box.y + line.box.h) < line.box.h * 1.5;
}

function lineOf(lines: DocLine[], index: number): DocLine | undefined {
  return lines.find((l) => l.index === index);
}

/** OCR splits letter-spaced names into phrases on one row ("SUBANG" … "HEALTHCARE SDN BHD"): rejoin close ones. */
function joinSameRow(lines: DocLine[], chosen: Candidate): Candidate {
  const line = lineOf(lines, chosen.line);
  if (!line) return chosen;
  const row = lines
    .filter((l) => l.page === line.page && sameRow(l.box, line.box) && isNameLike(l.text) && !/\d/.test(l.text))
    .filter((l) => Math.abs(l.box.h - line.box.h) < line.box.h * 0.35)
    .filter((l) => l === line || (confident(l) && sameCaseStyle(l.text, line.text)))
    .sort((a, b) => a.box.x - b.box.x);
  if (row.length < 2) return chosen;
  // Only neighbours closer than a few letter heights belong to the same name.
  const parts: DocLine[] = [line];
  for (const dir of [-1, 1]) {
    let i = row.indexOf(line) + dir;
    let edge = line;
    while (i >= 0 && i < row.length) {
      const next = row[i]!;
      const gap = dir > 0 ? next.box.x - (edge.box.x + edge.box.w) : edge.box.x - (next.box.x + next.box.w);
      // Letter-spaced names leave gaps of a few characters: measure them in this line's own character width.
      // The wider of the two: a legal form set apart ("… Marketing Sdn" | "Bhd") is as short as its word.
      const charW = Math.max(line.box.w / Math.max(1, line.text.length), next.box.w / Math.max(1, next.text.length));
      if (gap > charW * 6 || gap > 0.15) break;
      if (dir > 0) parts.push(next);
      else parts.unshift(next);
      edge = next;
      i += dir;
    }
  }
  if (parts.length === 1) return chosen;
  return { ...chosen, value: cleanName(parts.map((p) => p.text).join(" ")) };
}

const LEGAL_FORM_ONLY = /^\(?[\p{L}]{0,3}\)?\s*(?:SDN\.?\s?BHD\.?|BHD|S\/B|GmbH|AG|Ltd\.?|Limited|Inc\.?|LLC|B\.V\.|BV|SARL|SAS|S\.A\.|Pte\.? Ltd\.?)$/iu;

/**
 * The nearest line right below (or above) another, overlapping it horizontally, less than a line height away. A line
 * on the same row (a stamp or a taller word beside the name) is beside it, not above or below.
 */
function neighbour(lines: DocLine[], line: DocLine, dir: 1 | -1): DocLine | undefined {
  return linesOnPage(lines, line.page)
    .filter((l) => l.index !== line.index && !sameRow(l.box, line.box) && (dir > 0 ? l.box.y > line.box.y : l.box.y < line.box.y))
    .filter((l) => (dir > 0 ? l.box.y - (line.box.y + line.box.h) : line.box.y - (l.box.y + l.box.h)) < line.box.h * 0.8)
    .filter((l) => Math.min(l.box.x + l.box.w, line.box.x + line.box.w) - Math.max(l.box.x, line.box.x) > 0)
    .sort((a, b) => dir * (a.box.y - b.box.y))[0];
}

/** A short line holding a legal form ("SDN BHD", "ALAM) SDN BHD", "Versicherungsverein a.G."): the end of a name. */
const isLegalLine = (text: string) => LEGAL_FORM_ONLY.test(text) || (COMPANY_MARK.test(text) && text.split(/\s+/).length <= 6 && !/\d{3,}/.test(text) && !/[:@]/.test(text));

/** Every bracket closed after it opened: "ENTERPRISE (SETIA ALAM) SDN BHD" yes, "ALAM) SDN BHD" no. */
function bracketsBalance(text: string): boolean {
  let depth = 0;
  for (const ch of text) {
    if (ch === "(") depth += 1;
    else if (ch === ")" && --depth < 0) return false;
  }
  return depth === 0;
}

/** Lines of one name are set alike: the same case style and a similar size, read with confidence. */
const setAlike = (a: DocLine, b: DocLine) => sameCaseStyle(a.text, b.text) && Math.abs(a.box.h - b.box.h) <= b.box.h * 0.35 && confident(a);

/**
 * "HERO DISTRIBUTION" over "SDN BHD", "FUN N CHEER" over "(MALURI)": a legal form or branch on the next line.
 * A name may wrap twice ("AIK HUAT HARDWARE" / "ENTERPRISE (SETIA" / "ALAM) SDN BHD"): a middle line set like the
 * name belongs to it when the line after it ends the name with its legal form and closes its brackets.
 */
function joinNameBelow(lines: DocLine[], chosen: Candidate): Candidate {
  const line = lineOf(lines, chosen.line);
  if (!line || COMPANY_MARK.test(String(chosen.value))) return chosen;
  const below = neighbour(lines, line, 1);
  if (!below) return chosen;
  const text = below.text.trim();
  // "HOME MASTER HARDWARE &" over "ELECTRICAL": a name ending in "&" or "and" goes on on the next line.
  if (/(?:&|\band)$/i.test(String(chosen.value).trim()) && setAlike(below, line) && !/\d/.test(text) && isNameLike(text)) return { ...chosen, value: `${String(chosen.value)} ${text}` };
  const branch = /^\([\p{L}\s]{3,30}\)$/u.test(text);
  if (isLegalLine(text) || branch) return { ...chosen, value: `${String(chosen.value)} ${text}` };
  const next = neighbour(lines, below, 1);
  if (!next || !setAlike(below, line) || /\d/.test(text) || !isNameLike(text) || NOT_A_NAME.test(text)) return chosen;
  const value = `${String(chosen.value)} ${text} ${next.text.trim()}`;
  if (!isLegalLine(next.text.trim()) || !setAlike(next, line) || !bracketsBalance(value)) return chosen;
  return { ...chosen, value };
}

/**
 * "SUBANG HEALTHCARE SDN BHD" under "AA PHARMACY": a name of two words or more before its legal form, brackets
 * closed, is whole; the line above it is a brand or branch, not its first part.
 */
function completeLegalName(text: string): boolean {
  const form = LEGAL_FORM_ONLY_END.exec(text);
  if (!form || !bracketsBalance(text)) return false;
  return text.slice(0, form.index).trim().split(/\s+/).filter((w) => /\p{L}{2}/u.test(w)).length >= 2;
}

/** "RESTAURANT SDN BHD", "TRADING SDN BHD": a trade word alone before the legal form, the end of a longer name. */
function tradeWordAlone(text: string): boolean {
  const form = LEGAL_FORM_ONLY_END.exec(text);
  if (!form) return false;
  const before = text.slice(0, form.index).trim();
  return !/\s/.test(before) && new RegExp(`^${TRADE_WORD.source}$`, "i").test(before);
}

/** A legal form ending a name: "… SDN BHD", "… GmbH", "… Ltd.". */
const LEGAL_FORM_ONLY_END = /\s(?:SDN\.?\s?BHD\.?|BHD|S\/B|GmbH|AG|Ltd\.?|Limited|Inc\.?|LLC|B\.V\.|BV|SARL|SAS|S\.A\.|Pte\.? Ltd\.?)$/iu;

/**
 * Company names wrap: "PASARAYA BORONG PINTAR" over "SDN BHD", "MVM Musterhafter" over "Versicherungsverein … a.G.".
 * When the line right above the chosen one is a name-like line of the same block, the name starts there. A bracket
 * left open above ("ENTERPRISE (SETIA" over "ALAM) SDN BHD") takes that line too, and one more plain line above it.
 */
function joinNameAbove(lines: DocLine[], chosen: Candidate): Candidate {
  const line = lines.find((l) => l.index === chosen.line);
  // "& TEA LEAF (M) SDN. BHD." under "THE COFFEE BEAN": a name never starts with "&".
  if (!line || (completeLegalName(String(chosen.value)) && !/^(?:&|and\b)/i.test(String(chosen.value)))) return chosen;
  let value = String(chosen.value);
  let top = line;
  let plainLines = 0;
  for (let step = 0; step < 3; step += 1) {
    const above = neighbour(lines, top, -1);
    if (!above || !isNameLike(above.text) || COMPANY_MARK.test(above.text) || above.text.length > 40) break;
    // "LIAN CHI PU TIAN VEGETARIAN" over "RESTAURANT SDN BHD": one word before a legal form is no whole name, so a
    // longer first line is taken too.
    if (above.text.trim().split(/\s+/).length > (tradeWordAlone(value) ? 6 : 4)) break;
    // Only join lines set alike: same case style and a similar size.
    if (!sameCaseStyle(above.text, line.text) || Math.abs(above.box.h - line.box.h) > line.box.h * 0.35) break;
    const joined = `${above.text} ${value}`;
    const closesBracket = !bracketsBalance(value) && bracketsBalance(joined);
    if (/[()]/.test(above.text) && !closesBracket) break;
    if (!closesBracket && ++plainLines > 1) break;
    value = joined;
    top = above;
  }
  if (top === line) return chosen;
  return { ...chosen, value: cleanName(value), source: { page: line.page, x: Math.min(top.box.x, line.box.x), y: top.box.y, w: Math.max(top.box.x + top.box.w, line.box.x + line.box.w) - Math.min(top.box.x, line.box.x), h: line.box.y + line.box.h - top.box.y } };
}

const POSTCODE_LINE = /(?:\b\d{4,5}\s+\p{Lu}|\b[A-Z]{1,2}\d{1,2}[A-Z]?\s+\d[A-Z]{2}\b|\b\d{4}\s?[A-Z]{2}\b)/u;

/**
 * "88441" over "Mittelbiberach": a postcode printed alone, the place on the line right under it (same left edge,
 * tightly set, letters only), ends an address as "88441 Mittelbiberach" does.
 */
function postcodeOverPlace(window: readonly DocLine[], i: number): boolean {
  const line = window[i]!;
  const next = window[i + 1];
  if (!/^\d{4,5}$/.test(line.text.trim()) || !next) return false;
  const gap = next.box.y - (line.box.y + line.box.h);
  return Math.abs(next.box.x - line.box.x) <= 0.03 && gap >= 0 && gap < line.box.h * 1.6 && /^\p{Lu}[\p{L}\s.'-]{2,}$/u.test(next.text.trim());
}

/** The buyer: first line of the address window (left half, upper third) above a postcode line, salutations skipped. */
export function findCustomerByAddressWindow(lines: DocLine[]): Candidate | null {
  const page = lines[0]?.page ?? 1;
  const window = lines.filter((l) => l.page === page && l.box.x < 0.5 && l.box.y > 0.06 && l.box.y < 0.45);
  for (let i = 0; i < window.length; i += 1) {
    const line = window[i]!;
    if (!(POSTCODE_LINE.test(line.text) || postcodeOverPlace(window, i)) || line.text.split(/\s[·•|–]\s|\s-\s/).length >= 3) continue;
    // Walk up through the address block (same left edge, tight spacing).
    let top = line;
    for (let j = i - 1; j >= 0; j -= 1) {
      const prev = window[j]!;
      const gap = top.box.y - (prev.box.y + prev.box.h);
      if (Math.abs(prev.box.x - line.box.x) > 0.03 || gap > top.box.h * 1.6) continue;
      if (prev.text.split(/\s[·•|–]\s|\s-\s/).length >= 3) break;
      // "34430 ST JEAN DE VEDAS" over "3936" / "Manuel DaRocha": a postcode line above ends another address (the
      // letterhead's), set as tightly as this one; the block starts under it.
      if (POSTCODE_LINE.test(prev.text)) break;
      if (prev.box.h < line.box.h * 0.8) break;
      top = prev;
      // "Spett.le:", "Bill to": a party's heading starts its block; the lines above it are another block.
      if (isPartyHeading(prev.text)) break;
      if (top.box.y < line.box.y - line.box.h * 6) break;
    }
    let idx = window.indexOf(top);
    // A salutation ("Herrn", "Mr") starts the recipient: lines above it belong to something else (a letterhead).
    for (let k = i - 1; k >= idx; k -= 1) {
      if (SALUTATION.test(window[k]!.text.trim())) {
        idx = k;
        break;
      }
    }
    // "Spett.le:", "Facturar a", "FATTURA" over the name: the block's heading, not its first name; "3936" over it: a
    // customer number without its label.
    while (idx < i && (SALUTATION.test(window[idx]!.text.trim()) || isPartyHeading(window[idx]!.text) || !/\p{L}/u.test(window[idx]!.text))) idx += 1;
    const nameLine = window[idx];
    if (!nameLine || nameLine === line) continue;
    const text = cleanName(nameLine.text.replace(/^(?:herrn?|frau|firma)\s+/i, ""));
    if (!isNameLike(text) || HOUSE_NUMBER_FIRST.test(text) || (withoutCapitals(text) && !COMPANY_MARK.test(text))) continue;
    // The letterhead's block also stands over a postcode: the issuer's own name is never the recipient.
    if (printedAsIssuer(lines, text, nameLine.index)) continue;
    // The first name on the page is the letterhead (or a receipt's shop), never the recipient.
    const firstName = lines.find((l) => l.page === page && isNameLike(cleanName(l.text)) && l.text.replace(/[^\p{L}]/gu, "").length >= 4 && (!withoutCapitals(l.text) || COMPANY_MARK.test(l.text)));
    // A buyer's heading over it ("Facturar a:") says otherwise: a buyer's block printed above the letterhead.
    if (firstName && firstName.index === nameLine.index && !underBuyerHeading(lines, nameLine)) continue;
    return { value: text, score: 0.55, source: { page: nameLine.page, ...nameLine.box }, raw: nameLine.text, line: nameLine.index };
  }
  return null;
}

/** Item-table columns whose headings, three of them on one row, make it the table's heading row. */
const ITEM_COLUMNS = ["quantity", "description", "unit_price", "unit", "item_code", "amount"];
let itemColumnLabels: ReadonlyMap<string, string> | null = null;

/** The item column a heading names ("Description", "Qty"), if the whole text is one. */
export function itemColumnOf(text: string): string | null {
  itemColumnLabels ??= new Map(COLUMN_CONCEPTS.filter((c) => ITEM_COLUMNS.includes(c.key)).flatMap((c) => c.labels.map((label) => [tokenise(label).join(" "), c.key] as const)).filter(([label]) => label.length >= 2));
  return itemColumnLabels.get(tokenise(text).join(" ")) ?? null;
}

/**
 * The top of the first item table's heading row below a heading on its page: a row holding headings of three item
 * columns or more ("CANTIDAD  UM  DESCRIPCION  PRECIO  IMPORTE"), as separate lines or as words of one line.
 */
export function itemHeadingRowY(lines: DocLine[], heading: DocLine): number | null {
  const rows = linesOnPage(lines, heading.page).filter((l) => l.box.y > heading.box.y + heading.box.h * 0.5).sort((a, b) => a.box.y - b.box.y);
  for (const line of rows) {
    const row = rows.filter((l) => sameRow(l.box, line.box));
    const columns = new Set<string>();
    for (const cell of row) {
      const whole = itemColumnOf(cell.text);
      if (whole) columns.add(whole);
      else for (const word of cell.text.split(/\s+/)) {
        const key = itemColumnOf(word);
        if (key) columns.add(key);
      }
    }
    if (columns.size >= 3 && (columns.has("quantity") || columns.has("unit_price") || columns.has("amount"))) return Math.min(...row.map((l) => l.box.y));
  }
  return null;
}

/**
 * "Name:", "Nazwa:", "Nome:", "Nombre:", "Tên:" …: a row under a party's heading that labels the party's own name, in
 * the languages invoices come in (Polish, Italian and Portuguese, Spanish, Vietnamese, Finnish, Scandinavian, Czech,
 * Turkish).
 */
const NAME_WORDS = "name|firma|company|firmenname|raison sociale|nom|naam|business name|nazwa|nazwa firmy|nome|nombre|razón social|razon social|tên|nimi|navn|namn|název|jméno|adı|unvan";
const NAME_LABEL = new RegExp(`^(?:${NAME_WORDS})\\s*[:：]?$`, "iu");
const NAME_ROW = new RegExp(`^(?:${NAME_WORDS})\\s*[:：]`, "iu");

/** Every line's text as a heading would be matched (whole, and its first alternative): both parties' searches ask. */
const headingKeysOf = memoPerOwner<DocLine, readonly [string, string]>();

/** A heading's words as they are compared (tokens joined by one space). */
const headingForm = (t: string): string => tokenise(t).join(" ");

function headingKeys(line: DocLine): readonly [string, string] {
  return headingKeysOf(line, () => [headingForm(line.text), headingForm(line.text.split(/\s\/\s/)[0] ?? "")]);
}

/**
 * A party under its section heading ("Verkäufer", "Bill to:", "Rechnungsempfänger"): a "Name:" row within the
 * section, else the first name-like line below the heading in the same column.
 */
export function findPartyBySection(lines: DocLine[], headings: string[], otherHeadings: string[], options: { beside?: boolean; score?: number } = {}): Candidate | null {
  const norm = headingForm;
  const wanted = new Set(headings.map(norm));
  const others = new Set(otherHeadings.map(norm));
  for (const heading of lines) {
    // "Kundenname / Firma": a heading offering alternatives names the section by its first one.
    const [whole, first] = headingKeys(heading);
    if (!wanted.has(whole) && !wanted.has(first)) continue;
    if (insideSentence(lines, heading)) continue;
    const below = linesOnPage(lines, heading.page).filter((l) => l.box.y > heading.box.y + heading.box.h * 0.5 && l.box.y < heading.box.y + 0.25 && l.box.x >= heading.box.x - 0.03);
    // A heading with its party's name printed right of it on its own row ("Customer Name:   ACME", "Bill To   Jane
    // Roe") is a label: the name is that value, not the first line under it (often a table's or a block's heading).
    const beside = linesOnPage(lines, heading.page)
      .filter((l) => l.index !== heading.index && sameRow(l.box, heading.box) && l.box.x > heading.box.x + heading.box.w)
      .sort((a, b) => a.box.x - b.box.x)[0];
    // A label's value stands near it (within 15 % of the page's width); a row of block headings has the next block
    // or the document's title there ("Käufer" … "W A R E N R E C H N U N G"), letter-spaced as titles are.
    const letterSpaced = (t: string) => t.trim().split(/\s+/).filter((w) => w.length === 1).length >= 4;
    if (options.beside !== false && beside && beside.box.x - (heading.box.x + heading.box.w) < 0.15 && !letterSpaced(beside.text) && !/[:：]\s*$/.test(beside.text) && !isPartyHeading(beside.text) && !isFieldLabel(beside.text) && isNameLike(withoutTrailingTaxId(beside.text))) {
      return { value: cleanName(beside.text), score: 0.85, source: { page: beside.page, ...beside.box }, raw: beside.text, line: beside.index };
    }
    const inColumn = below.filter((l) => Math.abs(l.box.x - heading.box.x) < 0.04);
    const stopAt = inColumn.find((l) => others.has(norm(l.text)) || wanted.has(norm(l.text)));
    // An item table's heading row ends every party block above it: "piezas" under "UM" is a unit, not a buyer.
    const table = itemHeadingRowY(lines, heading);
    const section = below.filter((l) => (!stopAt || l.box.y < stopAt.box.y) && (table === null || l.box.y < table - l.box.h * 0.2));
    const nameRow = section.find((l) => NAME_LABEL.test(l.text.trim()) || NAME_ROW.test(l.text));
    if (nameRow) {
      const inline = nameRow.text.replace(/^[^:]*:\s*/, "").trim();
      const right = section.find((l) => l.box.x > nameRow.box.x + nameRow.box.w && sameRow(l.box, nameRow.box));
      const text = inline !== "" && !NAME_LABEL.test(nameRow.text.trim()) ? inline : right?.text;
      const src = inline !== "" && !NAME_LABEL.test(nameRow.text.trim()) ? nameRow : right;
      if (text && src && isNameLike(text)) return { value: cleanName(text), score: options.score ?? 0.85, source: { page: src.page, ...src.box }, raw: text, line: src.index };
    }
    for (const line of section.filter((l) => Math.abs(l.box.x - heading.box.x) < 0.04)) {
      if (/[:：]\s*$/.test(line.text) || /^\S+\s*:/.test(line.text) || /^\(.*\)$/.test(line.text.trim())) continue;
      if (SALUTATION.test(line.text.trim())) continue;
      // "Sprzedawca" … "Nabywca": the next party's heading (in a language the labels do not know) ends this block; a
      // title or a form of address is skipped. Neither is a name.
      if (isBuyerHeading(line.text)) break;
      if (isPartyHeading(line.text)) continue;
      const text = cleanName(line.text.replace(/^(?:herrn?|frau|firma)\s+/i, ""));
      // A line in a cased script without one capital is no printed name (a unit, a note), unless a legal form says so.
      if (withoutCapitals(text) && !COMPANY_MARK.test(text)) continue;
      if (isNameLike(text)) return { value: text, score: options.score ?? 0.8, source: { page: line.page, ...line.box }, raw: line.text, line: line.index };
    }
  }
  return null;
}

/**
 * "Name: MI KON MIN SAN", "Tên: …", "Nombre: …" in the page's upper half with no party's heading over it: a seller
 * prints its own name as its letterhead, not after a "Name:" label, so the one labelled name is the buyer's. Two such
 * rows (both parties labelled alike) say nothing of which is which: no answer.
 */
export function findCustomerByNameLabel(lines: DocLine[]): Candidate | null {
  const page = lines[0]?.page ?? 1;
  const rows = linesOnPage(lines, page).filter((l) => l.box.y < 0.5 && NAME_ROW.test(l.text.trim()));
  if (rows.length !== 1) return null;
  const row = rows[0]!;
  if (partyBlockOf(lines, row) !== null) return null;
  const inline = row.text.trim().replace(/^[^:：]*[:：]\s*/u, "").trim();
  const right = linesOnPage(lines, page)
    .filter((l) => l.index !== row.index && sameRow(l.box, row.box) && l.box.x > row.box.x + row.box.w && l.box.x - (row.box.x + row.box.w) < 0.3)
    .sort((a, b) => a.box.x - b.box.x)[0];
  const source = inline !== "" ? row : right;
  const text = cleanName(inline !== "" ? inline : (right?.text ?? ""));
  if (!source || !isNameLike(text) || isFieldLabel(text) || isPartyHeading(text) || printedAsIssuer(lines, text, source.index)) return null;
  return { value: text, score: 0.6, source: { page: source.page, ...source.box }, raw: source.text, line: source.index };
}
