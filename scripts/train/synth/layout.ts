/**
 * A layout is a sender's template: who the sender is, its language and country, its wording of every label, its
 * formats, fonts, where each block sits and how its table looks. It is sampled once from (seed, layout index), and
 * every document of that layout prints its own content through it, the way one company's invoices differ only in
 * their data. The layout id is the documents' split_group, so training can fold by layout.
 */
import { INVOICE_NUMBER_PATTERNS, PO_PATTERNS, CODE_PATTERNS, shopParty, vendorParty, type BundleShape, type Party } from "./content";
import { CURRENCIES, NUMBER_STYLES, dateStylesFor, numberStylesFor, type Currency, type CurrencyStyle, type DateStyle, type NumberStyle, type RateStyle } from "./formats";
import { LABELS, LANGS, type Lang, type LabelKey } from "./labels";
import { COUNTRIES_BY_LANG, type Country } from "./parties";
import type { HeaderNoise } from "./header-noise";
import type { FontFamily } from "./pdf-writer";
import type { Rng } from "./rng";

export type ColumnKey = "position" | "item_code" | "description" | "quantity" | "unit" | "unit_price" | "discount_percent" | "tax_rate" | "amount";

export type Labels = Record<LabelKey, string>;

type Common = {
  id: string;
  lang: Lang;
  country: Country;
  labels: Labels;
  numbers: NumberStyle;
  numberStyleName: string;
  dateStyle: DateStyle;
  currency: Currency;
  currencyStyle: CurrencyStyle;
  fonts: { body: FontFamily; heading: FontFamily };
  size: number;
};

export type InvoiceLayout = Common & {
  kind: "invoice";
  vendor: Party;
  customerCountry: Country;
  page: { width: number; height: number };
  margin: number;
  titleSize: number;
  vendorSize: number;
  labelColon: boolean;
  header: "vendor-left" | "vendor-right" | "letterhead" | "name-only";
  /** Lines above the letterhead that are not the seller's name (platform, qualified title, logo, buyer, payment). */
  headerNoise?: HeaderNoise;
  titlePlace: "header" | "above-meta";
  senderLine: boolean;
  customerLabel: boolean;
  customerCountryLine: boolean;
  customerVat: boolean;
  shipTo: boolean;
  meta: "table" | "inline" | "grid" | "stacked";
  twoColumn: boolean;
  metaFields: { dueDate: boolean; deliveryDate: boolean; customerNumber: boolean; purchaseOrder: boolean };
  currencyNote: "meta" | "column" | "none";
  table: {
    columns: ColumnKey[];
    rulings: "none" | "header" | "grid" | "rows" | "band";
    repeatHeader: boolean;
    carryForward: boolean;
    moneyInCells: boolean;
    quantityWithUnit: boolean;
    fixedQuantityDecimals: boolean;
    rowGap: number;
    /** Shapes of real line-item tables, only with `--table-shapes` (a layout without them prints as before). */
    shapes?: TableShapes;
  };
  rateStyle: RateStyle;
  totalsAlign: "right" | "left";
  totalRule: boolean;
  printTaxTotal: boolean;
  printAmountDue: boolean;
  taxLineShowsBase: boolean;
  vendorAddressLines: boolean;
  vendorCountryLine: boolean;
  vatWhere: "header" | "footer" | "below-totals" | "none";
  ibanWhere: "footer" | "below-totals" | "none";
  ibanGrouped: boolean;
  footer: "columns" | "line" | "none";
  pageNumbers: "top" | "bottom" | "none";
  termsSentence: boolean;
  dueInTerms: boolean;
  thanks: boolean;
  content: {
    taxRates: number;
    discount: number;
    lineDiscounts: boolean;
    shipping: number;
    prepaid: number;
    sections: boolean;
    hoursShare: number;
    longDescriptions: number;
    items: { min: number; max: number };
    numberPattern: string;
    poPattern: string;
    codePattern: string;
  };
};

export type ReceiptLayout = Common & {
  kind: "receipt";
  shop: Party;
  width: number;
  margin: number;
  centerHeader: boolean;
  upperCase: boolean;
  itemStyle: "one-line" | "qty-below" | "qty-prefix";
  taxCodes: boolean;
  timeFirst: boolean;
  printVat: boolean;
  printPhone: boolean;
  addressCommas: boolean;
  separator: "-" | "=" | "*" | "rule" | "none";
  printSubtotal: boolean;
  taxSummary: boolean;
  currencyHeader: boolean;
  items: { min: number; max: number };
};

export type Layout = InvoiceLayout | ReceiptLayout;

function pickLabels(rng: Rng, lang: Lang): Labels {
  const out = {} as Labels;
  for (const key of Object.keys(LABELS) as LabelKey[]) out[key] = rng.pick(LABELS[key][lang]);
  return out;
}

function currencyFor(rng: Rng, country: Country): Currency {
  if (country === "GB") return CURRENCIES.GBP!;
  if (country === "US") return CURRENCIES.USD!;
  if (country === "CH") return rng.chance(0.8) ? CURRENCIES.CHF! : CURRENCIES.EUR!;
  // A few senders in the euro area bill in another currency.
  return rng.chance(0.08) ? rng.pick([CURRENCIES.USD!, CURRENCIES.GBP!]) : CURRENCIES.EUR!;
}

function currencyStyleFor(rng: Rng, currency: Currency, lang: Lang): CurrencyStyle {
  if (currency.symbol === null) return rng.pick(["code-before", "code-after", "none"] as const);
  const symbolFirst = lang === "en" || lang === "nl";
  return rng.weighted<CurrencyStyle>([
    [symbolFirst ? "symbol-before" : "symbol-after", 4],
    ["symbol-before-space", symbolFirst ? 2 : 1],
    ["code-before", 1],
    ["code-after", 1],
    ["none", 3],
  ]);
}

function common(rng: Rng, id: string, lang: Lang, country: Country): Common {
  const numberStyleName = rng.pick(numberStylesFor(country));
  const currency = currencyFor(rng, country);
  const body = rng.weighted<FontFamily>([["Helvetica", 5], ["Times", 3], ["Courier", 1]]);
  return {
    id,
    lang,
    country,
    labels: pickLabels(rng, lang),
    numbers: NUMBER_STYLES[numberStyleName]!,
    numberStyleName,
    dateStyle: rng.pick(dateStylesFor(lang, country)),
    currency,
    currencyStyle: currencyStyleFor(rng, currency, lang),
    fonts: { body, heading: rng.chance(0.7) ? body : rng.pick(["Helvetica", "Times", "Courier"] as const) },
    size: body === "Courier" ? rng.pick([7.5, 8, 8.5, 9]) : rng.pick([8, 8.5, 9, 9.5, 10, 10.5, 11]),
  };
}

const TABLE_SHAPES: ColumnKey[][] = [
  ["description", "quantity", "unit_price", "amount"],
  ["position", "description", "quantity", "unit_price", "amount"],
  ["item_code", "description", "quantity", "unit_price", "amount"],
  ["position", "item_code", "description", "quantity", "unit", "unit_price", "amount"],
  ["description", "quantity", "unit_price", "tax_rate", "amount"],
  ["position", "description", "quantity", "unit", "unit_price", "tax_rate", "amount"],
  ["item_code", "description", "unit_price", "quantity", "amount"],
  ["description", "unit_price", "quantity", "tax_rate", "amount"],
  ["position", "item_code", "description", "quantity", "unit_price", "discount_percent", "amount"],
  ["quantity", "description", "unit_price", "amount"],
  ["item_code", "description", "quantity", "unit", "unit_price", "amount", "tax_rate"],
];

/** Line-item table shapes of real invoices the engine must read (`npm run train:generate -- --table-shapes`). */
export type TableShapes = {
  /** Each section ends on its subtotal line (the sum of its items), in the amount column. */
  sectionSubtotals: boolean;
  /** With section subtotals: whether the next section's heading is printed at all. */
  sectionHeadings: boolean;
  /** Bundles (a priced line over unpriced contents) or groups (a line totalling its members), numbered 1, 1.1, 1.2. */
  bundles: BundleShape | null;
  /** A wrapped description prints its line total on its last line, beside the rest of its numbers on its first. */
  amountOnLastLine: boolean;
  /** A description column this many points wide, which cuts a word wider than itself without a hyphen. */
  narrowDescription: number | null;
};

/**
 * The layout with table shapes drawn from a stream of their own, so every other choice of the layout stays what the
 * seed gives without them. Bundles and groups need outline numbers, so they bring a position column.
 */
export function withTableShapes(rng: Rng, layout: InvoiceLayout): InvoiceLayout {
  const shapes: TableShapes = {
    sectionSubtotals: rng.chance(0.4),
    sectionHeadings: rng.chance(0.5),
    bundles: rng.weighted<BundleShape | null>([[null, 2], ["priced-bundle", 1], ["group-total", 1], ["both", 1]]),
    amountOnLastLine: rng.chance(0.35),
    narrowDescription: rng.chance(0.3) ? rng.int(70, 100) : null,
  };
  const columns = shapes.bundles && !layout.table.columns.includes("position") ? ["position" as const, ...layout.table.columns] : layout.table.columns;
  const content = {
    ...layout.content,
    sections: layout.content.sections || shapes.sectionSubtotals,
    longDescriptions: shapes.amountOnLastLine || shapes.narrowDescription !== null ? Math.max(layout.content.longDescriptions, 0.5) : layout.content.longDescriptions,
  };
  return { ...layout, table: { ...layout.table, columns, shapes }, content };
}

export function sampleInvoiceLayout(rng: Rng, id: string, lang: Lang): InvoiceLayout {
  const country = rng.pick(COUNTRIES_BY_LANG[lang]);
  const base = common(rng, id, lang, country);
  const columns = [...rng.pick(TABLE_SHAPES)];
  const a4 = country !== "US" || rng.chance(0.1);
  const multiPage = rng.chance(0.2);
  const taxRates = country === "US" ? 1 : rng.weighted([[1, 6], [2, 3], [3, 1]] as const);
  const ibanWhere = country === "US" ? "none" : rng.weighted<InvoiceLayout["ibanWhere"]>([["footer", 5], ["below-totals", 3], ["none", 1]]);
  return {
    ...base,
    kind: "invoice",
    vendor: vendorParty(rng.fork("vendor"), lang, country),
    customerCountry: rng.chance(0.85) ? country : rng.pick(COUNTRIES_BY_LANG[rng.pick(LANGS)]),
    page: a4 ? { width: 595.28, height: 841.89 } : { width: 612, height: 792 },
    margin: rng.int(30, 64),
    titleSize: rng.pick([14, 16, 18, 20, 24]),
    vendorSize: rng.pick([11, 12, 14, 16, 18]),
    labelColon: rng.chance(0.5),
    header: rng.weighted<InvoiceLayout["header"]>([["vendor-left", 4], ["vendor-right", 3], ["letterhead", 2], ["name-only", 2]]),
    titlePlace: rng.chance(0.7) ? "header" : "above-meta",
    senderLine: rng.chance(lang === "de" ? 0.6 : 0.2),
    customerLabel: rng.chance(0.65),
    customerCountryLine: rng.chance(0.4),
    customerVat: rng.chance(0.25),
    shipTo: rng.chance(0.2),
    meta: rng.weighted<InvoiceLayout["meta"]>([["table", 4], ["inline", 3], ["grid", 2], ["stacked", 2]]),
    twoColumn: rng.chance(0.65),
    metaFields: { dueDate: rng.chance(0.6), deliveryDate: rng.chance(0.3), customerNumber: rng.chance(0.4), purchaseOrder: rng.chance(0.45) },
    currencyNote: base.currencyStyle === "none" ? rng.weighted<InvoiceLayout["currencyNote"]>([["meta", 2], ["column", 2], ["none", 1]]) : "none",
    table: {
      columns,
      rulings: rng.pick(["none", "header", "grid", "rows", "band"] as const),
      repeatHeader: rng.chance(0.7),
      carryForward: multiPage && rng.chance(0.5),
      moneyInCells: base.currencyStyle !== "none" && rng.chance(0.4),
      quantityWithUnit: !columns.includes("unit") && rng.chance(0.2),
      fixedQuantityDecimals: rng.chance(0.25),
      rowGap: rng.pick([2, 3, 4, 6]),
    },
    rateStyle: rng.pick(["19%", "19 %", "19,00 %", "19.0%"] as const),
    totalsAlign: rng.chance(0.8) ? "right" : "left",
    totalRule: rng.chance(0.6),
    printTaxTotal: rng.chance(0.5),
    printAmountDue: rng.chance(0.35),
    taxLineShowsBase: rng.chance(0.3),
    vendorAddressLines: rng.chance(0.9),
    vendorCountryLine: rng.chance(0.3),
    vatWhere: country === "US" ? "none" : rng.weighted<InvoiceLayout["vatWhere"]>([["header", 3], ["footer", 4], ["below-totals", 1], ["none", 1]]),
    ibanWhere,
    ibanGrouped: rng.chance(0.6),
    footer: rng.weighted<InvoiceLayout["footer"]>([["columns", 4], ["line", 3], ["none", 1]]),
    pageNumbers: rng.weighted<InvoiceLayout["pageNumbers"]>([["top", 1], ["bottom", 3], ["none", 2]]),
    termsSentence: rng.chance(0.6),
    dueInTerms: rng.chance(0.25),
    thanks: rng.chance(0.5),
    content: {
      taxRates,
      discount: rng.chance(0.25) ? 0.6 : 0,
      lineDiscounts: columns.includes("discount_percent"),
      shipping: rng.chance(0.3) ? 0.6 : 0,
      prepaid: rng.chance(0.15) ? 0.5 : 0,
      sections: rng.chance(0.2),
      hoursShare: rng.pick([0, 0.1, 0.3, 0.8]),
      longDescriptions: rng.pick([0, 0.2, 0.5]),
      items: multiPage ? { min: 18, max: 60 } : { min: 1, max: rng.pick([4, 8, 12]) },
      numberPattern: rng.pick(INVOICE_NUMBER_PATTERNS),
      poPattern: rng.pick(PO_PATTERNS),
      codePattern: rng.pick(CODE_PATTERNS),
    },
  };
}

export function sampleReceiptLayout(rng: Rng, id: string, lang: Lang): ReceiptLayout {
  const country = rng.pick(COUNTRIES_BY_LANG[lang]);
  const base = common(rng, id, lang, country);
  const family = rng.weighted<FontFamily>([["Courier", 5], ["Helvetica", 3], ["Times", 1]]);
  return {
    ...base,
    kind: "receipt",
    // Receipts rarely print the currency beside every amount; when they do, mostly as a code.
    currencyStyle: rng.weighted<CurrencyStyle>([["none", 5], [base.currency.symbol ? "symbol-after" : "code-after", 1], ["code-before", 1]]),
    fonts: { body: family, heading: rng.chance(0.8) ? family : "Helvetica" },
    size: rng.pick([7, 7.5, 8, 8.5, 9]),
    shop: shopParty(rng.fork("shop"), lang, country),
    width: rng.pick([164, 204, 227]),
    margin: rng.int(8, 16),
    centerHeader: rng.chance(0.8),
    upperCase: rng.chance(0.5),
    itemStyle: rng.pick(["one-line", "qty-below", "qty-prefix"] as const),
    taxCodes: rng.chance(0.5),
    timeFirst: rng.chance(0.3),
    printVat: rng.chance(0.5),
    printPhone: rng.chance(0.6),
    addressCommas: rng.chance(0.4),
    separator: rng.pick(["-", "=", "*", "rule", "none"] as const),
    printSubtotal: rng.chance(0.4),
    taxSummary: rng.chance(0.6),
    currencyHeader: rng.chance(0.3),
    items: { min: 1, max: rng.pick([5, 10, 18]) },
  };
}

export function sampleLayout(rng: Rng, id: string, receiptShare: number): Layout {
  const lang = rng.pick(LANGS);
  return rng.chance(receiptShare) ? sampleReceiptLayout(rng.fork("receipt"), id, lang) : sampleInvoiceLayout(rng.fork("invoice"), id, lang);
}
