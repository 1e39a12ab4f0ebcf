/** Amount recognition with any thousands/decimal separators, currency marks and credit signs. */

export type FoundAmount = { value: number; index: number; length: number; text: string; hasDecimals: boolean };

// A number with optional thousands groups (. , space, apostrophe, thin space) and decimals; signs handled around it.
const NUMBER_RE = /(?<![\p{L}\d.,])(-\s?)?(\(\s*)?((?:\d{1,3}(?:[.,'\u2009\u202f ]\d{3})+|\d+)(?:[.,]\d{1,6})?)(\s*\))?(\s?-)?(?![\d])(?![.,]\d)/gu;

/** The currency codes printed as letters beside amounts (a pattern source, matched case-insensitively). */
export const CURRENCY_CODE = "(?:RM|MYR|USD|EUR|GBP|CHF|SGD|HKD|AUD|CAD|INR|IDR|Rs|Rp)";

/**
 * A currency code or mark glued to the digits ("RM28.05", "USD100", "Rs.250", "RM.34.80"). The number pattern refuses digits
 * that follow a letter, so that "A4" or "INV2024" are not amounts; these prefixes are blanked out before the scan.
 * Case-insensitive because OCR often reads "RM" as "rM".
 */
const GLUED_CURRENCY_RE = new RegExp(`(?<![\\p{L}\\d])${CURRENCY_CODE}\\.?(?=\\d)`, "giu");

/** Parses the digits part of an amount, deciding which separator is the decimal one. */
export type DecimalSeparator = "." | ",";

export function parseNumberToken(token: string, decimalHint?: DecimalSeparator): { value: number; hasDecimals: boolean } | null {
  const compact = token.replace(/[\s'\u2009\u202f]/g, "");
  if (!/^\d[\d.,]*$/.test(compact)) return null;
  const lastDot = compact.lastIndexOf(".");
  const lastComma = compact.lastIndexOf(",");
  let decimalSep: "." | "," | null = null;
  if (lastDot >= 0 && lastComma >= 0) {
    decimalSep = lastDot > lastComma ? "." : ",";
  } else {
    const sep = lastDot >= 0 ? "." : lastComma >= 0 ? "," : null;
    if (sep) {
      const count = compact.split(sep).length - 1;
      const decimals = compact.length - compact.lastIndexOf(sep) - 1;
      // One separator followed by exactly three digits reads as thousands ("1.234", "1,234") unless the document
      // is known to use that separator for decimals ("5,000 kg" in a German invoice); otherwise decimals.
      if (count === 1 && (decimals !== 3 || decimalHint === sep)) decimalSep = sep;
    }
  }
  let normalised: string;
  if (decimalSep) {
    const thousands = decimalSep === "." ? "," : ".";
    const idx = compact.lastIndexOf(decimalSep);
    const intPart = compact.slice(0, idx).split(thousands).join("");
    if (intPart.includes(decimalSep)) return null;
    normalised = `${intPart}.${compact.slice(idx + 1)}`;
  } else {
    normalised = compact.replace(/[.,]/g, "");
  }
  const value = Number(normalised);
  return Number.isFinite(value) ? { value, hasDecimals: decimalSep !== null } : null;
}

/** Finds amounts in a text (e.g. "€ 2.321,00", "1,234.56 USD", "-12.50", "(4.00)", "12,50-"). */
export function findAmounts(text: string, decimalHint?: DecimalSeparator): FoundAmount[] {
  const out: FoundAmount[] = [];
  // Same length as the text, so indexes found in it hold for the text.
  const scanned = text.replace(GLUED_CURRENCY_RE, (prefix) => " ".repeat(prefix.length));
  NUMBER_RE.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = NUMBER_RE.exec(scanned)) !== null) {
    const digits = m[3] ?? "";
    // "1.600,–": a dash in place of the cents follows the decimal separator, so the other one groups thousands,
    // whatever the document's other numbers (dates such as "01.03.2026" suggest a decimal point) say.
    const dashCents = /^[.,][-–—]/.exec(scanned.slice(m.index + m[0].length))?.[0][0] as DecimalSeparator | undefined;
    const parsed = parseNumberToken(digits, dashCents ?? decimalHint ?? thousandthsSeparator(scanned, m.index, m[0].length, digits));
    if (!parsed) continue;
    const negative = Boolean(m[1]) || (Boolean(m[2]) && Boolean(m[4])) || Boolean(m[5] && !m[1]);
    let text0 = m[0];
    let index = m.index;
    // A trailing "-" glued to a following word is a hyphen, not a credit sign: only accept it at the end of a token.
    if (m[5] && /\S/.test(scanned.charAt(index + text0.length))) {
      text0 = text0.slice(0, text0.length - m[5].length);
    }
    if (m[2] && !m[4]) {
      index += m[2].length;
      text0 = text0.slice(m[2].length);
    }
    out.push({ value: negative ? -parsed.value : parsed.value, index, length: text0.length, text: text0.trim(), hasDecimals: parsed.hasDecimals });
  }
  return out;
}

/** Parses a text that should hold one amount; the last amount wins when a label or symbol precedes it. */
export function parseAmount(text: string): number | null {
  const found = findAmounts(text);
  const last = found[found.length - 1];
  return last ? last.value : null;
}

/** Formats an amount for output: at least two decimals, dot decimal separator, no grouping. */
export function formatAmount(value: number): string {
  const rounded = Math.round(value * 10000) / 10000;
  const fixed = rounded.toFixed(2);
  return Number(fixed) === rounded ? fixed : String(rounded);
}

/**
 * The currencies whose minor unit is a thousandth (ISO 4217: Kuwaiti, Bahraini, Jordanian, Libyan, Iraqi dinars,
 * the Omani rial, the Tunisian dinar), by code and by the marks printed beside their amounts.
 */
const THREE_DECIMAL_CURRENCY = "(?:KWD|KD|BHD|BD|JOD|JD|LYD|LD|IQD|OMR|RO|TND|DT)";
const THREE_DECIMAL_MONEY = {
  ",": new RegExp(`(?:\\d,\\d{3}(?!\\d)\\s?${THREE_DECIMAL_CURRENCY}\\b|\\b${THREE_DECIMAL_CURRENCY}\\s?\\d{1,3},\\d{3}(?![\\d.,]))`, "g"),
  ".": new RegExp(`(?:\\d\\.\\d{3}(?!\\d)\\s?${THREE_DECIMAL_CURRENCY}\\b|\\b${THREE_DECIMAL_CURRENCY}\\s?\\d{1,3}\\.\\d{3}(?![\\d.,]))`, "g"),
};

const THREE_DECIMAL_AFTER = new RegExp(`^\\s?${THREE_DECIMAL_CURRENCY}(?![\\p{L}\\d])`, "u");
const THREE_DECIMAL_BEFORE = new RegExp(`(?<![\\p{L}\\d])${THREE_DECIMAL_CURRENCY}\\.?\\s?$`, "u");

/**
 * The separator of "152.050 KD" or "KD 152,050": one separator before exactly three digits, printed beside the mark of a
 * currency counted in thousandths, is the decimal one — whatever else the text holds (a lone total has no neighbours
 * to judge the document's separator from).
 */
function thousandthsSeparator(text: string, index: number, length: number, digits: string): DecimalSeparator | undefined {
  const single = /^\d+([.,])\d{3}$/.exec(digits.replace(/[\s'\u2009\u202f]/g, ""));
  if (!single) return undefined;
  const beside = THREE_DECIMAL_AFTER.test(text.slice(index + length, index + length + 6)) || THREE_DECIMAL_BEFORE.test(text.slice(Math.max(0, index - 6), index));
  return beside ? (single[1] as DecimalSeparator) : undefined;
}

/**
 * The decimal separator a text uses, judged from numbers with exactly two decimals ("12,00" vs "12.00") and amounts
 * of a currency counted in thousandths ("2.150 KD": two dinars 150 fils, not 2,150).
 */
export function detectDecimalSeparator(text: string): DecimalSeparator | undefined {
  const comma = (text.match(/\d,\d{2}(?!\d)/g) ?? []).length + (text.match(THREE_DECIMAL_MONEY[","]) ?? []).length;
  const dot = (text.match(/\d\.\d{2}(?!\d)/g) ?? []).length + (text.match(THREE_DECIMAL_MONEY["."]) ?? []).length;
  if (comma === dot) return undefined;
  return comma > dot ? "," : ".";
}
