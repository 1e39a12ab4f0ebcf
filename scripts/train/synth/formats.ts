/**
 * How a layout prints numbers, dates and money. Amounts are kept as integer cents everywhere, so the arithmetic is
 * exact; these functions only render them. The ground truth takes the canonical forms (`1234.56`, `2025-03-07`).
 */
import { MONTHS, MONTHS_SHORT, type Lang } from "./labels";

export type NumberStyle = { group: "," | "." | " " | "'" | ""; decimal: "." | "," };

export const NUMBER_STYLES: Record<string, NumberStyle> = {
  "1,234.56": { group: ",", decimal: "." },
  "1.234,56": { group: ".", decimal: "," },
  "1 234,56": { group: " ", decimal: "," },
  "1'234.56": { group: "'", decimal: "." },
  "1234.56": { group: "", decimal: "." },
  "1234,56": { group: "", decimal: "," },
};

/** Groups the integer digits by three with the style's separator. */
function groupDigits(digits: string, group: string): string {
  if (!group) return digits;
  let out = "";
  for (let i = 0; i < digits.length; i += 1) {
    if (i > 0 && (digits.length - i) % 3 === 0) out += group;
    out += digits[i];
  }
  return out;
}

/** Prints `value / 10^scale` with `decimals` decimals (`decimals` ≤ `scale`, rounding half away from zero). */
export function formatScaled(value: number, scale: number, decimals: number, style: NumberStyle): string {
  const negative = value < 0;
  let abs = Math.abs(value);
  const drop = scale - decimals;
  if (drop > 0) abs = Math.round(abs / 10 ** drop);
  const text = String(abs).padStart(decimals + 1, "0");
  const intPart = decimals > 0 ? text.slice(0, -decimals) : text;
  const fracPart = decimals > 0 ? text.slice(-decimals) : "";
  const body = groupDigits(intPart, style.group) + (fracPart ? style.decimal + fracPart : "");
  return negative ? `-${body}` : body;
}

/** Cents as printed money digits, e.g. 123456 → "1.234,56". */
export function formatCents(cents: number, style: NumberStyle): string {
  return formatScaled(cents, 2, 2, style);
}

/** Cents in the ground truth's canonical form: dot decimal, no grouping, two decimals. */
export function canonicalCents(cents: number): string {
  return formatScaled(cents, 2, 2, { group: "", decimal: "." });
}

/**
 * A quantity kept in hundredths (250 = 2.5): printed without trailing zeros unless the layout prints fixed decimals,
 * never grouped (a "1.000" quantity is ambiguous to every reader), canonical form without trailing zeros.
 */
export function formatQuantity(hundredths: number, style: NumberStyle, fixedDecimals: boolean): string {
  if (fixedDecimals) return formatScaled(hundredths, 2, 2, { group: "", decimal: style.decimal });
  return canonicalQuantity(hundredths).replace(".", style.decimal);
}

export function canonicalQuantity(hundredths: number): string {
  const whole = Math.trunc(hundredths / 100);
  const frac = Math.abs(hundredths % 100);
  if (frac === 0) return String(whole);
  return `${whole}.${String(frac).padStart(2, "0").replace(/0$/, "")}`;
}

/** A tax rate kept in hundredths of a percent (1900 = 19 %, 550 = 5.5 %). */
export function canonicalRate(hundredths: number): string {
  return canonicalQuantity(hundredths);
}

export type RateStyle = "19%" | "19 %" | "19,00 %" | "19.0%";
export function formatRate(hundredths: number, style: NumberStyle, rateStyle: RateStyle): string {
  const plain = canonicalRate(hundredths).replace(".", style.decimal);
  if (rateStyle === "19%") return `${plain}%`;
  if (rateStyle === "19 %") return `${plain} %`;
  if (rateStyle === "19,00 %") return `${formatScaled(hundredths, 2, 2, { group: "", decimal: style.decimal })} %`;
  return `${formatScaled(hundredths, 2, 1, { group: "", decimal: style.decimal })}%`;
}

/** How money is printed: the currency as a symbol or an ISO code, before or after, or not at all beside amounts. */
export type CurrencyStyle = "symbol-before" | "symbol-before-space" | "symbol-after" | "code-before" | "code-after" | "none";

export type Currency = { code: string; symbol: string | null; unambiguousSymbol: boolean };

export const CURRENCIES: Record<string, Currency> = {
  EUR: { code: "EUR", symbol: "€", unambiguousSymbol: true },
  GBP: { code: "GBP", symbol: "£", unambiguousSymbol: true },
  USD: { code: "USD", symbol: "$", unambiguousSymbol: false },
  CHF: { code: "CHF", symbol: null, unambiguousSymbol: false },
};

export function formatMoney(cents: number, currency: Currency, style: CurrencyStyle, numbers: NumberStyle): string {
  const digits = formatCents(cents, numbers);
  const symbol = currency.symbol ?? currency.code;
  switch (style) {
    case "symbol-before":
      return cents < 0 ? `-${symbol}${digits.slice(1)}` : `${symbol}${digits}`;
    case "symbol-before-space":
      return `${symbol} ${digits}`;
    case "symbol-after":
      return `${digits} ${symbol}`;
    case "code-before":
      return `${currency.code} ${digits}`;
    case "code-after":
      return `${digits} ${currency.code}`;
    case "none":
      return digits;
  }
}

/** Whether money printed this way names the currency unambiguously (a bare "$" does not: USD, CAD, AUD…). */
export function moneyNamesCurrency(currency: Currency, style: CurrencyStyle): boolean {
  if (style === "none") return false;
  if (style === "code-before" || style === "code-after") return true;
  return currency.symbol === null || currency.unambiguousSymbol;
}

export type DateStyle = "dd.mm.yyyy" | "dd/mm/yyyy" | "mm/dd/yyyy" | "yyyy-mm-dd" | "dd-mm-yyyy" | "d MMMM yyyy" | "MMMM d, yyyy" | "dd MMM yyyy" | "d.m.yyyy";

export type CalendarDate = { year: number; month: number; day: number };

const pad = (n: number) => String(n).padStart(2, "0");

export function isoDate(date: CalendarDate): string {
  return `${date.year}-${pad(date.month)}-${pad(date.day)}`;
}

/** Adds days with the UTC calendar (no time zone can shift the date). */
export function addDays(date: CalendarDate, days: number): CalendarDate {
  const t = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return { year: t.getUTCFullYear(), month: t.getUTCMonth() + 1, day: t.getUTCDate() };
}

export function formatDate(date: CalendarDate, style: DateStyle, lang: Lang): string {
  const { year, month, day } = date;
  const monthName = MONTHS[lang][month - 1]!;
  switch (style) {
    case "dd.mm.yyyy":
      return `${pad(day)}.${pad(month)}.${year}`;
    case "d.m.yyyy":
      return `${day}.${month}.${year}`;
    case "dd/mm/yyyy":
      return `${pad(day)}/${pad(month)}/${year}`;
    case "mm/dd/yyyy":
      return `${pad(month)}/${pad(day)}/${year}`;
    case "yyyy-mm-dd":
      return isoDate(date);
    case "dd-mm-yyyy":
      return `${pad(day)}-${pad(month)}-${year}`;
    case "MMMM d, yyyy":
      return `${MONTHS.en[month - 1]} ${day}, ${year}`;
    case "dd MMM yyyy":
      return `${pad(day)} ${MONTHS_SHORT[lang][month - 1]} ${year}`;
    case "d MMMM yyyy":
      if (lang === "de") return `${day}. ${monthName} ${year}`;
      if (lang === "es") return `${day} de ${monthName} de ${year}`;
      if (lang === "fr" && day === 1) return `1er ${monthName} ${year}`;
      return `${day} ${monthName} ${year}`;
  }
}

/** The date styles a language's documents use (English splits by country: the US prints month first). */
export function dateStylesFor(lang: Lang, country: string): DateStyle[] {
  if (country === "US") return ["mm/dd/yyyy", "MMMM d, yyyy", "yyyy-mm-dd"];
  const common: DateStyle[] = ["d MMMM yyyy", "yyyy-mm-dd"];
  switch (lang) {
    case "en":
      return [...common, "dd/mm/yyyy", "dd MMM yyyy", "dd-mm-yyyy"];
    case "de":
      return [...common, "dd.mm.yyyy", "dd.mm.yyyy", "d.m.yyyy"];
    case "fr":
    case "es":
    case "it":
      return [...common, "dd/mm/yyyy", "dd/mm/yyyy", "dd-mm-yyyy"];
    case "nl":
      return [...common, "dd-mm-yyyy", "dd-mm-yyyy", "dd.mm.yyyy"];
  }
}

/** The number styles of a country (a few layouts drop grouping altogether). */
export function numberStylesFor(country: string): string[] {
  switch (country) {
    case "GB":
    case "US":
    case "IE":
      return ["1,234.56", "1,234.56", "1234.56"];
    case "CH":
      return ["1'234.56", "1'234.56", "1 234,56"];
    case "FR":
      return ["1 234,56", "1 234,56", "1234,56", "1.234,56"];
    case "BE":
      return ["1.234,56", "1 234,56"];
    default:
      return ["1.234,56", "1.234,56", "1234,56"];
  }
}
