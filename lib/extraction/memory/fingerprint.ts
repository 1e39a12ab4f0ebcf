import { compactId, findEmails, findIbans, findPhones, findVatIds } from "../normalise/identifiers";
import { linesOf, textOf } from "./layout";
import { isStableWord, normalise, similarity } from "./text";
import type { DocumentLayout, Fingerprint } from "./types";

/** The top of the first page and the bottom of the last one: letterhead and footer, where a sender's stable words are. */
const HEADER_BOTTOM = 0.3;
const FOOTER_TOP = 0.85;
const MAX_LAYOUT_WORDS = 60;

/** Free mail providers say nothing about who sent a document. */
const FREE_MAIL = new Set(["gmail.com", "googlemail.com", "yahoo.com", "hotmail.com", "outlook.com", "live.com", "icloud.com", "gmx.de", "gmx.net", "web.de", "aol.com", "mail.com", "protonmail.com"]);

/** Words that introduce a registration or tax number, in the languages the engine reads. */
const REGISTRATION_LABEL = /\b(reg|regn|registration|registr|company|co|gst|tax|tin|ust|steuer|st|hrb|hra|kvk|siret|siren|rcs|abn|acn|ein|uen|cif|nif|nip|sst|roc|btw|kbo|handelsregister|amtsgericht|p\.?iva|codice)\b/i;
const PHONE_LABEL = /\b(tel|tel\.|phone|fax|telefon|telefax|tél|mobile|mob|hp|ph|whatsapp)\b/i;
/** An identifier-shaped token: at least five digits, maybe letters and separators, e.g. "1234567-X", "HRB 12345". */
const ID_TOKEN = /[A-Z0-9][A-Z0-9./-]{3,}[A-Z0-9]/gi;

/**
 * The fingerprint of a document: identifiers printed on it (IBAN, VAT id, registration and tax numbers, e-mail
 * domain, phone numbers), the sender's name when known, and the stable words of its header and footer. Positions
 * are left out on purpose: a block that moves or a page more or less must not change who the sender is.
 */
export function fingerprintOf(layout: DocumentLayout, senderName: string | null = null): Fingerprint {
  const identifiers = new Set<string>();
  for (const page of layout.pages) {
    for (const line of linesOf(page)) {
      const text = textOf(line.words);
      for (const iban of findIbans(text)) if (iban.checksum) identifiers.add(`iban:${compactId(iban.value)}`);
      for (const vat of findVatIds(text)) identifiers.add(`vat:${compactId(vat.value)}`);
      for (const email of findEmails(text)) {
        const domain = email.split("@")[1]!.toLowerCase();
        if (!FREE_MAIL.has(domain)) identifiers.add(`domain:${domain}`);
      }
      // Only numbers that say they are phones: dates, amounts and order numbers have as many digits.
      for (const phone of PHONE_LABEL.test(text) ? findPhones(text) : findPhones(text).filter((found) => found.startsWith("+"))) {
        const digits = phone.replace(/\D/g, "");
        // The last eight digits: the same number with or without its country or trunk prefix.
        if (digits.length >= 8) identifiers.add(`phone:${digits.slice(-8)}`);
      }
      if (REGISTRATION_LABEL.test(text)) {
        for (const token of text.match(ID_TOKEN) ?? []) {
          const compact = compactId(token);
          if ((compact.match(/\d/g) ?? []).length >= 5 && !identifiers.has(`phone:${compact.slice(-8)}`)) identifiers.add(`reg:${compact}`);
        }
      }
    }
  }
  const first = layout.pages[0];
  const last = layout.pages[layout.pages.length - 1];
  const header = stableWords(first?.words.filter((word) => word.y < HEADER_BOTTOM) ?? []);
  const footer = layout.pages.length > 0 ? stableWords(last!.words.filter((word) => word.y > FOOTER_TOP)) : [];
  const name = senderName ? normalise(senderName) || null : null;
  return { identifiers: [...identifiers].sort(), name, header, footer };
}

function stableWords(words: ReadonlyArray<{ t: string }>): string[] {
  const out = new Set<string>();
  for (const word of words) {
    if (out.size >= MAX_LAYOUT_WORDS) break;
    if (isStableWord(word.t)) out.add(normalise(word.t));
  }
  return [...out].sort();
}

/** The keys under which a fingerprint is indexed in the database; a lookup reads the examples sharing any of them. */
export function fingerprintKeys(fingerprint: Fingerprint): string[] {
  return [
    ...fingerprint.identifiers,
    ...(fingerprint.name ? [`name:${fingerprint.name}`] : []),
    ...fingerprint.header.map((word) => `h:${word}`),
    ...fingerprint.footer.map((word) => `f:${word}`),
  ];
}

const NEAR_CREDIT = 0.7;

/** The key of `keys` of the same kind spelt nearly like `key` (one or two slips), if any. */
function nearKey(key: string, keys: string[]): string | null {
  const colon = key.indexOf(":");
  const kind = key.slice(0, colon + 1);
  const text = key.slice(colon + 1);
  const numeric = kind === "phone:" || kind === "reg:";
  if (text.length < (numeric ? 6 : 4) || kind === "iban:" || kind === "vat:" || kind === "domain:") return null;
  let best: string | null = null;
  let bestScore = numeric ? 0.85 : 0.75;
  for (const other of keys) {
    if (!other.startsWith(kind) || Math.abs(other.length - key.length) > 2) continue;
    const score = similarity(text, other.slice(colon + 1));
    if (score >= bestScore) {
      best = other;
      bestScore = score;
    }
  }
  return best;
}

/** How strongly a key says "same sender": identifiers far more than one shared header word. */
export function keyWeight(key: string): number {
  if (/^(iban|vat|reg):/.test(key)) return 6;
  if (/^(domain|phone|name):/.test(key)) return 4;
  return 1;
}

/**
 * How alike two documents' senders and layouts are, 0–1: the weighted share of keys they have in common, measured
 * against the smaller key set (a document with a page less still matches), each key weighted by its kind and by
 * how rare it is among the parser's examples (`documentFrequency`: in how many examples a key occurs; words every
 * sender prints, such as "invoice" or "total", count for little).
 */
export function fingerprintSimilarity(a: string[], b: string[], documentFrequency: (key: string) => number, exampleCount: number): number {
  const weight = (key: string) => keyWeight(key) * Math.log(1 + (exampleCount + 1) / Math.max(1, documentFrequency(key)));
  const setB = new Set(b);
  let shared = 0;
  for (const key of new Set(a)) {
    if (setB.has(key)) shared += weight(key);
    else {
      // OCR reads a letterhead a little differently each time: a near spelling of a word or number counts for less.
      const near = nearKey(key, b);
      if (near) shared += NEAR_CREDIT * weight(near);
    }
  }
  const total = (keys: string[]) => [...new Set(keys)].reduce((sum, key) => sum + weight(key), 0);
  const smaller = Math.min(total(a), total(b));
  return smaller > 0 ? Math.min(1, shared / smaller) : 0;
}
