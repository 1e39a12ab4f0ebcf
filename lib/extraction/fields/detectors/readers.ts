/**
 * What each typed detector reads from a piece of text: its well-formed values, in order. Shared by the label,
 * uniqueness and shape checks (detect.ts, fits.ts).
 */
import { findDates, type DateOrder } from "../../../normalise/dates";
import { findEmails, findIbans, findVatIds } from "../../normalise/identifiers";
import type { FieldDefinition } from "../../types";
import { definitionText, type DetectorKind } from "./choose";
import { findAccountNumbers, findEins, findRoutingNumbers, findSignedAmounts, findSsns, findYears } from "./typed-values";

export type Hit = { value: string; index: number; length: number };
export type Reader = (text: string, field: FieldDefinition, order: DateOrder) => Hit[];

const PHONE = /(?<![\d\w-])(?:\+\d{1,3}[\s.-]?)?(?:\(\d{2,4}\)\s?|\d{2,4}[\s.-])\d{3,4}[\s.-]\d{3,4}(?![\d-])/g;
const BARE_URL = /(?<![@\w.])(?:https?:\/\/)?(?:www\.)?(?:[a-z0-9-]+\.)+(?:com|org|net|io|dev|me|co|uk|de|eu|fr|nl|in|ai|app)(?:\/[^\s|,;]*)?(?![\w@])/gi;

/** "+918840683268", "(+91) 8087996634": a country code, then the number's digits without grouping. */
const INTERNATIONAL = /(?<![\d\w-])(?:\+\d{1,3}|\(\+\d{1,3}\))[\s.-]?\d{2,12}(?:[\s.-]\d{2,4}){0,4}(?![\d-])/g;

function phones(raw: string): Hit[] {
  // Soft hyphens and typographic dashes ("555-‐5555" as some text layers draw it) are a plain hyphen.
  const text = raw.replace(/\u00ad/g, "").replace(/[\u2010-\u2015\u2212]/g, "-").replace(/-{2,}/g, "-");
  const international = [...text.matchAll(INTERNATIONAL)].filter((m) => m[0].replace(/\D/g, "").length >= 10 && m[0].replace(/\D/g, "").length <= 15).map((m) => ({ value: m[0].trim(), index: m.index, length: m[0].length }));
  const grouped = [...text.matchAll(PHONE)]
    .filter((m) => {
      const digits = m[0].replace(/\D/g, "").length;
      // SSNs (3-2-4), EINs (2-7) and dates share the digits' count of a phone number but not its grouping.
      return digits >= 10 && digits <= 15 && !/^\d{3}-\d{2}-\d{4}$/.test(m[0]) && findDates(m[0]).length === 0;
    })
    .map((m) => ({ value: m[0].trim(), index: m.index, length: m[0].length }));
  return [...grouped, ...international.filter((i) => !grouped.some((g) => i.index < g.index + g.length && g.index < i.index + i.length))].sort((a, b) => a.index - b.index);
}

function urls(text: string, field: FieldDefinition): Hit[] {
  const site = /\b(linkedin|github|twitter|facebook|instagram)\b/.exec(definitionText(field))?.[1];
  return [...text.matchAll(BARE_URL)]
    .filter((m) => !site || m[0].toLowerCase().includes(site))
    .map((m) => ({ value: m[0].replace(/[.)]+$/, ""), index: m.index, length: m[0].length }));
}

/** The text with its dates blanked out, character for character. */
export function withoutDates(text: string, order: DateOrder): string {
  let out = text;
  for (const d of findDates(text, order)) out = out.slice(0, d.index) + " ".repeat(d.length) + out.slice(d.index + d.length);
  return out;
}

/** A time of day as printed: "7:30 a.m.", "09:00", "16h00", "19h", "4 pm". */
const TIME = /(?<![\d:.,/])(?:[01]?\d|2[0-3])(?::[0-5]\d(?:\s*[ap]\.?\s?m\.?)?|\s*[ap]\.?\s?m\.?|h(?:[0-5]\d)?)(?![\p{L}\d:])/giu;

function times(text: string): Hit[] {
  return [...text.matchAll(TIME)].map((m) => ({ value: m[0].trim(), index: m.index, length: m[0].length }));
}

export const READERS: Partial<Record<DetectorKind, Reader>> = {
  email: (t) => findEmails(t).map((e) => ({ value: e.toLowerCase(), index: t.indexOf(e), length: e.length })),
  phone: (t) => phones(t),
  url: (t, f) => urls(t, f),
  ssn: (t) => findSsns(t),
  ein: (t) => findEins(t),
  tin: (t) => [...findSsns(t), ...findEins(t)].sort((a, b) => a.index - b.index),
  iban: (t) => findIbans(t).filter((i) => i.checksum),
  routing: (t) => findRoutingNumbers(t),
  vat: (t) => findVatIds(t),
  account: (t) => findAccountNumbers(t),
  year: (t) => findYears(t),
  time: (t) => times(t),
  // "Your balance at close of business 11th Mar 2022 £3,086.37": the date's numbers are no amount.
  money: (t, _f, order) => findSignedAmounts(withoutDates(t, order)),
};

/** Kinds whose one well-formed value in a document is the answer even without a label. */
export const UNIQUE_OK: ReadonlySet<DetectorKind> = new Set(["email", "phone", "url", "ssn", "ein", "tin", "iban", "vat", "time"]);
/** Kinds read from the whole text after a label printed without a colon ("Account Number 0012 3456"). */
export const NUMERIC: ReadonlySet<DetectorKind> = new Set(["ssn", "ein", "tin", "iban", "routing", "vat", "account", "year", "money", "phone"]);
