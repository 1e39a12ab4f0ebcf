/** Currency symbols and codes to ISO 4217. "$" alone is ambiguous, so it only counts when nothing better appears. */

/** A pattern source for currency marks that count only printed beside an amount ("KD 3.500", "152.050 KD"). */
const besideAmount = (marks: string) => `\\b(?:${marks})(?=\\s?\\d)|(?<=\\d\\s?)(?:${marks})\\b|(?<=\\()(?:${marks})(?=\\))`;
/**
 * Codes that count beside an amount, or in brackets in a column's or a total's heading ("Amount (RM)", "Total (GTQ)"):
 * a bracketed code names the column's currency.
 */
const OTHER_CODES = "SAR|EGP|HUF|RON|ILS|THB|KRW|PKR|NGN|KES|TWD|GTQ|AOA|ARS|CLP|COP|PEN|PHP|RUB|MZN|UZS|PYG|KZT|GHS|TZS|UGX|XOF|XAF|TND|BDT|LKR|NPR|UYU|HNL|AZN|BYN|MNT|ZMW|BWP|RWF|VES|IQD|LBP";

const SYMBOLS: Array<[RegExp, string]> = [
  [/€|\bEUR\b|\bEuro?s?\b/giu, "EUR"],
  [/£|\bGBP\b/gu, "GBP"],
  [/₹|\bINR\b|\bRs\.?(?=\s?\d)/gu, "INR"],
  [/\bRM(?=\s?\d)|(?<=\()RM(?=\))|\bMYR\b/gu, "MYR"],
  [/\bCHF\b|\bFr\.(?=\s?\d)/gu, "CHF"],
  [/¥|\bJPY\b|(?<=\d\s?)円/gu, "JPY"],
  [/\bUSD\b|US\$/gu, "USD"],
  [/\bCAD\b|C\$/gu, "CAD"],
  [/\bAUD\b|A\$/gu, "AUD"],
  // The other dollars and reals print a letter or two before the "$": without them they would count as a bare "$",
  // read as USD.
  [/\bR\$/gu, "BRL"],
  // "新台幣 $ 5,460": the New Taiwan dollar named before a bare "$".
  [/\bNT\$|新台幣\s?\$?/gu, "TWD"],
  [/\bS\$/gu, "SGD"],
  [/\bHK\$/gu, "HKD"],
  [/\bNZ\$/gu, "NZD"],
  [/\bMX\$/gu, "MXN"],
  // Signs of their own, and the local marks printed after an amount ("1 250,00 Kč", "99,00 zł").
  [new RegExp(`₺|${besideAmount("TRY")}`, "gu"), "TRY"],
  [/₩/gu, "KRW"],
  [/₱/gu, "PHP"],
  // The dong as printed on Vietnamese bills: "1071000đ", "50.000 VNĐ" (a d with a stroke, not the ₫ sign).
  [/₫|\bVND\b|(?<=\d\s?)(?:đ|VNĐ)(?!\p{L})/gu, "VND"],
  [/₴|\bUAH\b/gu, "UAH"],
  // The rouble printed after an amount ("163 100,00 руб."), and its sign.
  [/(?<=\d\s?)(?:руб|рублей|рубля)(?!\p{L})\.?|₽/gu, "RUB"],
  // Guatemala's quetzal as "Q" before an amount with its cents ("Q 6,599.00"); "Q1", "Q 3" are quarters or counts.
  [/\bQ\.?(?=\s?\d[\d,]*\.\d{2}(?!\d))/gu, "GTQ"],
  [/(?<=\d\s?)Kč(?!\p{L})|\bCZK\b/gu, "CZK"],
  // "701.10 zl": text layers without Polish letters print the złoty's mark plain.
  [/(?<=\d\s?)z[łl](?!\p{L})|\bPLN\b/gu, "PLN"],
  // Peru's sol as "S/" or "S/." before an amount ("S/ 250.00").
  [/(?<![\p{L}\d])S\/\.?(?=\s?\d)/gu, "PEN"],
  [new RegExp(`\\bIDR\\b|${besideAmount("Rp")}`, "gu"), "IDR"],
  // Dinars are printed as "KD" / "BD" / "JD" beside the amount more often than as their code.
  [new RegExp(`\\bKWD\\b|${besideAmount("KD")}`, "gu"), "KWD"],
  // "BHD" alone is as often Malaysia's "Sdn Bhd" in capitals: Bahrain's dinar only beside an amount.
  [new RegExp(besideAmount("BHD|BD"), "gu"), "BHD"],
  [new RegExp(besideAmount("JOD|JD"), "gu"), "JOD"],
  [/\bSEK\b|\bDKK\b|\bNOK\b|\bSGD\b|\bHKD\b|\bCNY\b|\bZAR\b|\bBRL\b|\bMXN\b|\bNZD\b|\bAED\b|\bQAR\b|\bOMR\b/gu, ""],
  // Codes that also spell words or names in capitals ("RON", "SAR", "KES") count only beside an amount. Codes that are
  // common words or abbreviations beside numbers ("MAD", "BOB", "GEL", "NAD", "CRC", "MUR") are left out: one of them
  // changed a document's currency on the dev set.
  [new RegExp(besideAmount(OTHER_CODES), "gu"), ""],
];

export type CurrencyHit = { code: string; index: number; length: number };

export function findCurrencies(text: string): CurrencyHit[] {
  const hits: CurrencyHit[] = [];
  for (const [re, code] of SYMBOLS) {
    re.lastIndex = 0;
    let m: RegExpExecArray | null;
    while ((m = re.exec(text)) !== null) {
      hits.push({ code: code || m[0].toUpperCase(), index: m.index, length: m[0].length });
    }
  }
  const dollar = /\$/g;
  let m: RegExpExecArray | null;
  while ((m = dollar.exec(text)) !== null) {
    if (!hits.some((h) => m !== null && m.index >= h.index && m.index < h.index + h.length)) {
      hits.push({ code: "$", index: m.index, length: 1 });
    }
  }
  return hits.sort((a, b) => a.index - b.index);
}

/**
 * Currencies' names, read only right of a currency label ("Moneda: Guarani", "Валюта: рубль"): alone in running text
 * they name a language or a people as often.
 */
const NAMES: Array<[RegExp, string]> = [
  [/^guaran[ií]e?s?$/iu, "PYG"],
  [/^(?:российский\s+)?(?:рубль|рублей|рубли|руб\.?)$/iu, "RUB"],
  [/^(?:сум|so['ʻ‘’]?m|узбекский\s+сум)$/iu, "UZS"],
  [/^(?:metical|meticais)$/iu, "MZN"],
  [/^quetzal(?:es)?$/iu, "GTQ"],
  [/^ringgit(?:\s+malaysia)?$/iu, "MYR"],
  [/^(?:euro|euros)$/iu, "EUR"],
  [/^(?:nuevos\s+)?soles$/iu, "PEN"],
];

/** Normalises one currency mention to ISO; "$" maps to USD only as a last resort. */
export function parseCurrency(text: string): string | null {
  const hit = findCurrencies(text)[0];
  const named = NAMES.find(([re]) => re.test(text.trim().replace(/[.,;]$/, "")))?.[1];
  if (!hit) return named ?? null;
  return hit.code === "$" ? "USD" : hit.code;
}
