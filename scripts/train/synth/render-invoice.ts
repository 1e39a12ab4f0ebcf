/**
 * Draws an invoice through its layout and records the ground truth as it goes: a value enters the GT only when the
 * renderer printed it, with the string it printed.
 */
import type { InvoiceContent, LineItem } from "./content";
import { canonicalCents, canonicalQuantity, canonicalRate, formatCents, formatDate, formatMoney, formatQuantity, formatRate, isoDate, moneyNamesCurrency, type CalendarDate } from "./formats";
import { TruthRecorder, type GroundTruth, type PrintedValue } from "./ground-truth";
import { PAGE_OF, PAYMENT_TERMS, type Lang } from "./labels";
import type { ColumnKey, InvoiceLayout, Labels } from "./layout";
import { brandText, logoText } from "./header-noise";
import { printIban } from "./parties";
import { PdfWriter, type TextStyle } from "./pdf-writer";

/** A rendered document; `layoutIssues` lists strings that collide or leave the page (the tests expect none). */
export type Rendered = { bytes: Uint8Array; gt: GroundTruth; printed: PrintedValue[]; pages: number; layoutIssues: string[] };

const ATTENTION: Record<Lang, string> = { en: "Attn:", de: "z. Hd.", fr: "À l'attention de", es: "A la att. de", it: "Alla c.a.", nl: "T.a.v." };
const TAX_ON: Record<Lang, string> = { en: "on", de: "auf", fr: "sur", es: "sobre", it: "su", nl: "over" };
const NUMERIC: ReadonlySet<ColumnKey> = new Set(["position", "quantity", "unit_price", "discount_percent", "tax_rate", "amount"]);

type Column = { key: ColumnKey; x: number; width: number; header: string };

/** A row the table prints for an item, and whether it is an item of the ground truth. */
type PrintedRow = { item: LineItem; record: boolean };

/** A section's subtotal line ("Subtotal Hardware"). */
const SECTION_SUBTOTAL: Record<Lang, string> = { en: "Subtotal", de: "Zwischensumme", fr: "Sous-total", es: "Subtotal", it: "Subtotale", nl: "Subtotaal" };

/**
 * The rows an item prints as: itself; or a group's line (no item) over its members (the items), numbered n.1, n.2 at
 * the group's unit price; or a bundle's line (the item) over its contents, numbered n.1, n.2 without a price.
 */
function printedRows(item: LineItem): PrintedRow[] {
  const outline = (k: number) => `${item.position}.${k + 1}`;
  const part = { code: null, discountPercent: 0, contents: undefined, members: undefined } as const;
  if (item.members) {
    return [{ item, record: false }, ...item.members.map((m, k) => ({ item: { ...item, ...part, outline: outline(k), description: m.description, quantity: m.quantity, amount: m.amount }, record: true }))];
  }
  if (item.contents) {
    return [{ item, record: true }, ...item.contents.map((description, k) => ({ item: { ...item, ...part, outline: outline(k), description, unitPrice: 0, amount: 0 }, record: false }))];
  }
  return [{ item, record: true }];
}

class InvoiceRenderer {
  private y: number;
  private readonly truth = new TruthRecorder();
  private readonly body: TextStyle;
  private readonly bold: TextStyle;
  private readonly small: TextStyle;
  private readonly lh: number;
  private readonly left: number;
  private readonly right: number;
  private readonly bottom: number;

  constructor(
    private readonly w: PdfWriter,
    private readonly layout: InvoiceLayout,
    private readonly content: InvoiceContent,
  ) {
    this.body = { family: layout.fonts.body, size: layout.size };
    this.bold = { ...this.body, weight: "bold" };
    this.small = { family: layout.fonts.body, size: Math.max(6, layout.size - 2) };
    this.lh = layout.size * 1.3;
    this.left = layout.margin;
    this.right = layout.page.width - layout.margin;
    this.y = layout.margin;
    const footerLines = layout.footer === "columns" ? 4 : layout.footer === "line" ? 2 : 0;
    this.bottom = layout.page.height - layout.margin - footerLines * this.small.size * 1.3 - (layout.pageNumbers === "bottom" ? this.lh : 0) - 6;
  }

  private get labels(): Labels {
    return this.layout.labels;
  }

  /** A label as this layout prints it, with its colon when the layout uses colons. */
  private label(key: keyof Labels): string {
    const text = this.labels[key];
    return this.layout.labelColon && !/[:#]$/.test(text) ? `${text}:` : text;
  }

  private money(cents: number): string {
    return formatMoney(cents, this.layout.currency, this.layout.currencyStyle, this.layout.numbers);
  }

  private date(date: CalendarDate): string {
    return formatDate(date, this.layout.dateStyle, this.layout.lang);
  }

  private get vendorAddressLines(): string[] {
    const a = this.content.vendor.address;
    return [a.street, ...(a.extra ? [a.extra] : []), a.postcodeCity, ...(this.layout.vendorCountryLine ? [a.country] : [])];
  }

  private recordVendorAddress(): void {
    if (this.truth.fields.vendor_address) return;
    const lines = this.vendorAddressLines;
    this.truth.field("vendor_address", lines.join(" "), ...lines);
  }

  private vatText(): string | null {
    const vat = this.content.vendor.vatId;
    if (!vat) return null;
    this.truth.field("vendor_vat_id", vat.canonical, vat.printed);
    return `${this.label("vatId")} ${vat.printed}`;
  }

  private ibanText(): string | null {
    const iban = this.content.vendor.iban;
    if (!iban) return null;
    const printed = printIban(iban, this.layout.ibanGrouped);
    this.truth.field("vendor_iban", iban, printed);
    return `IBAN ${printed}`;
  }

  // ---- header noise: lines above the letterhead that are not the seller's name ----

  /** The buyer's block drawn above the seller's (header noise "buyer-first"): parties() then leaves it out. */
  private get buyerFirst(): boolean {
    return this.layout.headerNoise?.kinds.includes("buyer-first") ?? false;
  }

  private headerNoise(): void {
    const { layout, w } = this;
    const noise = layout.headerNoise;
    if (!noise) return;
    const x = noise.align === "left" ? this.left : noise.align === "right" ? this.right : layout.page.width / 2;
    const heading = layout.fonts.heading;
    for (const kind of noise.kinds) {
      if (kind === "platform" && noise.platform) {
        this.y += this.small.size;
        w.text(noise.platform, x, this.y, { ...this.small, align: noise.align, gray: 0.35 });
        this.y += this.lh * 0.8;
      } else if (kind === "title" && noise.title) {
        this.y += layout.titleSize;
        w.text(noise.title, x, this.y, { family: heading, weight: "bold", size: layout.titleSize, align: noise.align });
        this.y += this.lh;
      } else if (kind === "logo") {
        this.y += noise.logoSize;
        w.text(logoText(this.content.vendor.name), x, this.y, { family: heading, weight: "bold", size: noise.logoSize, align: noise.align });
        this.y += this.lh;
      } else if (kind === "payment" && noise.payment) {
        this.y += this.lh;
        w.text(noise.payment, this.right, this.y, { ...this.bold, align: "right" });
        w.rule(this.right - w.textWidth(noise.payment, this.bold) - 4, this.y + 3, this.right, this.y + 3, 0.6);
        this.y += this.lh;
      } else if (kind === "buyer-first") {
        // Always under its heading: a buyer's block above the seller's without one reads as a letterhead to a person too.
        this.truth.field("customer_name", this.content.customer.name, this.content.customer.name);
        this.y = this.block(this.left, this.y, noise.buyerHeading === false ? null : this.label("billTo"), this.customerLines()) + this.lh * 1.5;
      }
    }
    // The brand stands right over the seller's legal name (header() draws it next).
    if (noise.brand) {
      this.y += noise.logoSize;
      w.text(brandText(this.content.vendor.name), this.left, this.y, { family: heading, weight: "bold", size: noise.logoSize });
      this.y += this.lh * 0.5;
    }
  }

  // ---- header ----

  private header(): void {
    const { layout, content, w } = this;
    const vendor = content.vendor;
    const nameStyle: TextStyle = { family: layout.fonts.heading, weight: "bold", size: layout.vendorSize };
    const titleStyle: TextStyle = { family: layout.fonts.heading, weight: "bold", size: layout.titleSize };
    const title = this.labels.invoiceTitle;
    const top = this.y;
    this.truth.field("vendor_name", vendor.name, vendor.name);
    const blockLines: string[] = [];
    if (layout.header !== "name-only" && layout.vendorAddressLines) {
      blockLines.push(...this.vendorAddressLines);
      this.recordVendorAddress();
    }
    if (layout.header !== "name-only") blockLines.push(`${this.labels.phone} ${vendor.phone}`, vendor.email);
    if (layout.vatWhere === "header") {
      const vat = this.vatText();
      if (vat) blockLines.push(vat);
    }
    if (layout.header === "letterhead") {
      const centre = layout.page.width / 2;
      w.text(vendor.name, centre, top + nameStyle.size, { ...nameStyle, align: "center" });
      let y = top + nameStyle.size + this.lh * 0.6;
      const joined = blockLines.join("  ·  ");
      for (const line of w.wrap(joined, this.right - this.left, this.small)) {
        y += this.small.size * 1.3;
        w.text(line, centre, y, { ...this.small, align: "center" });
      }
      y += 6;
      w.rule(this.left, y, this.right, y, 0.8);
      this.y = y + this.lh;
      if (layout.titlePlace === "header") {
        this.y += titleStyle.size;
        w.text(title, this.left, this.y, titleStyle);
        this.y += this.lh;
      }
      return;
    }
    const vendorRight = layout.header === "vendor-right";
    const align = vendorRight ? "right" : "left";
    const x = vendorRight ? this.right : this.left;
    let y = top + nameStyle.size;
    w.text(vendor.name, x, y, { ...nameStyle, align });
    y += this.lh * 0.4;
    for (const line of blockLines) {
      y += this.lh;
      w.text(line, x, y, { ...this.body, align });
    }
    let titleBottom = top;
    if (layout.titlePlace === "header") {
      titleBottom = top + titleStyle.size;
      w.text(title, vendorRight ? this.left : this.right, titleBottom, { ...titleStyle, align: vendorRight ? "left" : "right" });
    }
    this.y = Math.max(y, titleBottom) + this.lh * 1.5;
  }

  // ---- parties and references ----

  private customerLines(): string[] {
    const { content, layout } = this;
    const c = content.customer;
    const lines = [c.name];
    if (content.customerContact) lines.push(`${ATTENTION[layout.lang]} ${content.customerContact}`);
    lines.push(c.address.street, ...(c.address.extra ? [c.address.extra] : []), c.address.postcodeCity);
    if (layout.customerCountryLine || layout.customerCountry !== layout.country) lines.push(c.address.country);
    if (layout.customerVat && c.vatId) lines.push(`${this.label("vatId")} ${c.vatId.printed}`);
    return lines;
  }

  private block(x: number, top: number, heading: string | null, lines: string[]): number {
    let y = top;
    if (heading) {
      y += this.lh;
      this.w.text(heading, x, y, this.bold);
    }
    for (const line of lines) {
      y += this.lh;
      this.w.text(line, x, y, this.body);
    }
    return y;
  }

  private metaEntries(): Array<[string, string]> {
    const { content, layout } = this;
    const entries: Array<[string, string]> = [
      [this.label("invoiceNumber"), content.number],
      [this.label("invoiceDate"), this.date(content.date)],
    ];
    this.truth.field("invoice_number", content.number, content.number);
    this.truth.field("invoice_date", isoDate(content.date), this.date(content.date));
    if (layout.metaFields.deliveryDate && content.deliveryDate) entries.push([this.label("deliveryDate"), this.date(content.deliveryDate)]);
    if (layout.metaFields.customerNumber && content.customerNumber) entries.push([this.label("customerNumber"), content.customerNumber]);
    if (layout.metaFields.purchaseOrder) {
      entries.push([this.label("purchaseOrder"), content.purchaseOrder]);
      this.truth.field("purchase_order", content.purchaseOrder, content.purchaseOrder);
    }
    if (layout.metaFields.dueDate) {
      entries.push([this.label("dueDate"), this.date(content.dueDate)]);
      this.truth.field("due_date", isoDate(content.dueDate), this.date(content.dueDate));
    }
    if (layout.currencyNote === "meta") {
      entries.push([this.label("currencyNote"), layout.currency.code]);
      this.truth.field("currency", layout.currency.code, layout.currency.code);
    }
    return entries;
  }

  /** Draws the references at `x` from `top`; returns the bottom. */
  private meta(x: number, top: number, width: number): number {
    const { layout, w } = this;
    const entries = this.metaEntries();
    let y = top;
    if (layout.titlePlace === "above-meta") {
      const size = Math.min(layout.titleSize, 18);
      y += size;
      w.text(this.labels.invoiceTitle, x, y, { family: layout.fonts.heading, weight: "bold", size });
      y += this.lh * 0.5;
    }
    if (layout.meta === "grid") {
      const cell = width / entries.length;
      const labelStyle: TextStyle = { ...this.small, weight: "bold" };
      const fits = entries.every(([label, value]) => w.textWidth(label, labelStyle) < cell - 6 && w.textWidth(value, this.body) < cell - 6);
      if (fits) {
        entries.forEach(([label, value], i) => {
          w.text(label, x + i * cell, y + this.lh, labelStyle);
          w.text(value, x + i * cell, y + this.lh * 2.1, this.body);
        });
        return y + this.lh * 2.1;
      }
    }
    if (layout.meta === "stacked") {
      for (const [label, value] of entries) {
        y += this.lh;
        w.text(label, x, y, { ...this.small, weight: "bold", gray: 0.3 });
        y += this.lh;
        w.text(value, x, y, this.body);
      }
      return y;
    }
    if (layout.meta === "inline" || layout.meta === "grid") {
      for (const [label, value] of entries) {
        y += this.lh;
        w.text(`${label} ${value}`, x, y, this.body);
      }
      return y;
    }
    const labelWidth = Math.max(...entries.map(([label]) => w.textWidth(label, this.bold)));
    for (const [label, value] of entries) {
      y += this.lh;
      w.text(label, x, y, this.bold);
      w.text(value, x + labelWidth + 10, y, this.body);
    }
    return y;
  }

  private parties(): void {
    const { layout, content, w } = this;
    const width = this.right - this.left;
    if (layout.senderLine) {
      const a = content.vendor.address;
      const line = `${content.vendor.name} · ${a.street} · ${a.postcodeCity}`;
      const style: TextStyle = { ...this.small, size: Math.max(5.5, this.small.size - 0.5) };
      w.text(line, this.left, this.y, style);
      w.rule(this.left, this.y + 2, this.left + Math.min(width * 0.6, w.textWidth(line, style)), this.y + 2, 0.3);
      this.y += 2;
    }
    const heading = layout.customerLabel ? this.label("billTo") : null;
    // A buyer drawn above the seller (header noise) is not drawn again.
    if (!this.buyerFirst) this.truth.field("customer_name", content.customer.name, content.customer.name);
    const customerBottom = this.buyerFirst ? this.y : this.block(this.left, this.y, heading, this.customerLines());
    let shipBottom = this.y;
    const metaBeside = layout.twoColumn && layout.meta !== "grid";
    if (layout.shipTo && content.shipTo && !metaBeside) {
      const s = content.shipTo;
      shipBottom = this.block(this.left + width * 0.45, this.y, this.label("shipTo"), [content.customerContact ?? content.customer.name, s.street, s.postcodeCity]);
    }
    if (metaBeside) {
      const metaX = this.left + width * 0.56;
      const metaBottom = this.meta(metaX, this.y, width * 0.44);
      this.y = Math.max(customerBottom, metaBottom, shipBottom) + this.lh * 1.5;
    } else {
      this.y = Math.max(customerBottom, shipBottom) + this.lh * 1.2;
      this.y = this.meta(this.left, this.y, width) + this.lh * 1.5;
    }
  }

  // ---- table ----

  private cellText(item: LineItem, key: ColumnKey): string {
    const { layout } = this;
    const money = (cents: number) => (layout.table.moneyInCells ? this.money(cents) : formatCents(cents, layout.numbers));
    switch (key) {
      case "position":
        return item.outline ?? String(item.position);
      case "item_code":
        return item.code ?? "";
      case "description":
        return item.description;
      case "quantity":
        return formatQuantity(item.quantity, layout.numbers, layout.table.fixedQuantityDecimals) + (layout.table.quantityWithUnit && item.unit ? ` ${item.unit}` : "");
      case "unit":
        return item.unit ?? "";
      case "unit_price":
        return money(item.unitPrice);
      case "discount_percent":
        return item.discountPercent ? formatRate(item.discountPercent, layout.numbers, layout.rateStyle) : "";
      case "tax_rate":
        return formatRate(item.taxRate, layout.numbers, layout.rateStyle);
      case "amount":
        return money(item.amount);
    }
  }

  private columnHeader(key: ColumnKey): string {
    const labelKey = ({ position: "position", item_code: "itemCode", description: "description", quantity: "quantity", unit: "unit", unit_price: "unitPrice", discount_percent: "discountPercent", tax_rate: "taxRate", amount: "amount" } as const)[key];
    const text = this.labels[labelKey];
    if (this.layout.currencyNote === "column" && (key === "amount" || key === "unit_price")) return `${text} (${this.layout.currency.code})`;
    return text;
  }

  /** Column geometry: every column as wide as its widest cell, the description takes the rest. */
  private columns(style: TextStyle, headerStyle: TextStyle): Column[] {
    const { w } = this;
    const pad = 8;
    const keys = this.layout.table.columns;
    const widths = keys.map((key) => {
      if (key === "description") return 0;
      const cells = this.content.items.map((item) => w.textWidth(this.cellText(item, key), style));
      return Math.max(w.textWidth(this.columnHeader(key), headerStyle), ...cells) + pad * 2;
    });
    const fixed = widths.reduce((a, b) => a + b, 0);
    const descWidth = this.right - this.left - fixed;
    let x = this.left;
    return keys.map((key, i) => {
      const width = key === "description" ? descWidth : widths[i]!;
      const column = { key, x, width, header: this.columnHeader(key) };
      x += width;
      return column;
    });
  }

  private drawTableHeader(columns: Column[], style: TextStyle): void {
    const { layout, w } = this;
    const rulings = layout.table.rulings;
    const top = this.y;
    const height = this.lh + 4;
    if (rulings === "band") w.fill(this.left, top, this.right - this.left, height, 0.88);
    if (rulings === "grid" || rulings === "header") w.rule(this.left, top, this.right, top, 0.8);
    const baseline = top + this.lh;
    for (const c of columns) {
      if (NUMERIC.has(c.key)) w.text(c.header, c.x + c.width - 8, baseline, { ...style, align: "right" });
      else w.text(c.header, c.x + 8 * (c.x === this.left ? 0 : 1), baseline, style);
    }
    this.y = top + height;
    if (rulings !== "none" && rulings !== "band") w.rule(this.left, this.y, this.right, this.y, 0.8);
    if (rulings === "grid") this.verticals(columns, top, this.y);
  }

  private verticals(columns: Column[], top: number, bottom: number): void {
    for (const c of columns) this.w.rule(c.x, top, c.x, bottom, 0.4);
    this.w.rule(this.right, top, this.right, bottom, 0.4);
  }

  /** A new page: the sender and the invoice number again, so a loose page can be traced. */
  private continuationPage(): void {
    this.w.addPage();
    this.y = this.layout.margin + this.lh;
    this.w.text(`${this.content.vendor.name} · ${this.label("invoiceNumber")} ${this.content.number}`, this.left, this.y, this.small);
    this.y += this.lh * 1.5;
  }

  private forwardLine(labelKey: "carriedForward" | "broughtForward", running: number, amountColumn: Column | undefined, style: TextStyle): void {
    const valueRight = amountColumn ? amountColumn.x + amountColumn.width - 8 : this.right;
    this.y += this.lh;
    this.w.text(this.labels[labelKey], this.left, this.y, { ...style, weight: "bold" });
    this.w.text(this.layout.table.moneyInCells ? this.money(running) : formatCents(running, this.layout.numbers), valueRight, this.y, { ...style, weight: "bold", align: "right" });
    this.y += 4;
  }

  private table(): void {
    const { layout, content, w } = this;
    let size = layout.size;
    let style: TextStyle = { family: layout.fonts.body, size };
    let headerStyle: TextStyle = { ...style, weight: "bold" };
    let columns = this.columns(style, headerStyle);
    // Shrink the table's type until the description keeps a readable width.
    while ((columns.find((c) => c.key === "description")?.width ?? 0) < 120 && size > 6.5) {
      size -= 0.5;
      style = { family: layout.fonts.body, size };
      headerStyle = { ...style, weight: "bold" };
      columns = this.columns(style, headerStyle);
    }
    columns = this.narrowed(columns);
    const lh = size * 1.3;
    const amountColumn = columns.find((c) => c.key === "amount");
    const desc = columns.find((c) => c.key === "description")!;
    const shapes = layout.table.shapes;
    const wrap = (text: string) => (shapes?.narrowDescription ? w.wrapCuttingWords(text, desc.width - 16, style) : w.wrap(text, desc.width - 16, style));
    const printHeadings = !(shapes?.sectionSubtotals && !shapes.sectionHeadings);
    this.drawTableHeader(columns, headerStyle);
    let running = 0;
    let sectionSum = 0;
    let section: string | null = null;
    const forwardSpace = layout.table.carryForward ? lh * 2 : 0;
    content.items.forEach((item, index) => {
      const block = printedRows(item);
      const heights = block.map((r) => wrap(r.item.description).length * lh + layout.table.rowGap);
      const heading = item.section !== null && item.section !== section;
      const next = content.items[index + 1];
      const subtotal = shapes?.sectionSubtotals === true && item.section !== null && next?.section !== item.section;
      const need = heights.reduce((a, b) => a + b, 0) + (heading ? lh * 1.4 : 0) + (subtotal ? lh * 1.4 : 0) + forwardSpace;
      if (this.y + need > this.bottom) {
        if (layout.table.carryForward) this.forwardLine("carriedForward", running, amountColumn, style);
        this.continuationPage();
        if (layout.table.carryForward) this.forwardLine("broughtForward", running, amountColumn, style);
        if (layout.table.repeatHeader) this.drawTableHeader(columns, headerStyle);
      }
      if (heading) {
        section = item.section;
        if (printHeadings) {
          this.y += lh * 1.2;
          w.text(item.section!, desc.x + 8, this.y, { ...style, weight: "bold" });
          this.y += 2;
        }
      }
      for (const printed of block) this.itemRow(printed, columns, { wrap, lh, style });
      running += item.amount;
      sectionSum += item.amount;
      if (subtotal) {
        // The section's subtotal, in the amount column: no item, and (without headings) nothing else between sections.
        this.y += lh * 1.2;
        w.text(`${SECTION_SUBTOTAL[layout.lang]} ${item.section}`, desc.x + 8, this.y, { ...style, weight: "bold" });
        if (amountColumn) w.text(this.layout.table.moneyInCells ? this.money(sectionSum) : formatCents(sectionSum, layout.numbers), amountColumn.x + amountColumn.width - 8, this.y, { ...style, weight: "bold", align: "right" });
        this.y += lh * 0.2 + 2;
        sectionSum = 0;
      }
    });
    if (layout.table.rulings === "header" || layout.table.rulings === "band") w.rule(this.left, this.y + 2, this.right, this.y + 2, 0.6);
    this.y += this.lh;
  }

  /** One printed row of the table: its description wrapped, its numbers beside its first line (or its amount beside its last). */
  private itemRow(printed: PrintedRow, columns: Column[], at: { wrap: (text: string) => string[]; lh: number; style: TextStyle }): void {
    const { layout, w } = this;
    const { item, record } = printed;
    const lines = at.wrap(item.description);
    const top = this.y;
    const baseline = top + at.lh;
    const row = record ? this.truth.row() : -1;
    const shapes = layout.table.shapes;
    for (const c of columns) {
      if (c.key === "description") {
        lines.forEach((line, i) => w.text(line, c.x + 8, baseline + i * at.lh, at.style));
        // A word cut without a hyphen is one word in the ground truth, as the document's author wrote it.
        if (record) this.truth.cell(row, "description", shapes?.narrowDescription ? item.description : lines.join(" "), ...lines);
        continue;
      }
      const text = this.cellText(item, c.key);
      if (text === "") continue;
      const y = c.key === "amount" && shapes?.amountOnLastLine ? baseline + (lines.length - 1) * at.lh : baseline;
      if (NUMERIC.has(c.key)) w.text(text, c.x + c.width - 8, y, { ...at.style, align: "right" });
      else w.text(text, c.x + (c.x === this.left ? 0 : 8), y, at.style);
      if (record) this.truth.cell(row, c.key, this.canonicalCell(item, c.key), text);
    }
    const rowHeight = lines.length * at.lh + layout.table.rowGap;
    this.y = top + rowHeight;
    if (layout.table.rulings === "rows" || layout.table.rulings === "grid") w.rule(this.left, this.y + 1, this.right, this.y + 1, 0.3);
    if (layout.table.rulings === "grid") this.verticals(columns, top, this.y + 1);
  }

  /** The description column cut to the layout's narrow width; the width it gives up goes to the column after it. */
  private narrowed(columns: Column[]): Column[] {
    const narrow = this.layout.table.shapes?.narrowDescription;
    const d = columns.findIndex((c) => c.key === "description");
    const desc = columns[d];
    if (!narrow || !desc || desc.width <= narrow) return columns;
    const spare = desc.width - narrow;
    const into = d + 1 < columns.length ? d + 1 : d - 1;
    let x = this.left;
    return columns.map((c, i) => {
      const width = i === d ? narrow : i === into ? c.width + spare : c.width;
      const column = { ...c, x, width };
      x += width;
      return column;
    });
  }

  private canonicalCell(item: LineItem, key: ColumnKey): string {
    switch (key) {
      case "position":
        return item.outline ?? String(item.position);
      case "item_code":
        return item.code ?? "";
      case "description":
        return item.description;
      case "quantity":
        return canonicalQuantity(item.quantity);
      case "unit":
        return item.unit ?? "";
      case "unit_price":
        return canonicalCents(item.unitPrice);
      case "discount_percent":
        return canonicalRate(item.discountPercent);
      case "tax_rate":
        return canonicalRate(item.taxRate);
      case "amount":
        return canonicalCents(item.amount);
    }
  }

  // ---- totals and what follows ----

  private totals(): void {
    const { layout, content, w } = this;
    const t = content.totals;
    const rate = (r: number) => formatRate(r, layout.numbers, layout.rateStyle);
    type Entry = { label: string; value: string; bold?: boolean; field?: string; canonical?: string };
    const entries: Entry[] = [];
    if (t.discount > 0 || t.shipping > 0) entries.push({ label: this.label("itemsTotal"), value: this.money(t.itemsTotal) });
    if (t.discount > 0) entries.push({ label: `${this.labels.discount} ${rate(t.discountPercent)}`, value: this.money(-t.discount) });
    if (t.shipping > 0) entries.push({ label: this.label("shipping"), value: this.money(t.shipping) });
    entries.push({ label: this.label("subtotal"), value: this.money(t.subtotal), field: "subtotal_amount", canonical: canonicalCents(t.subtotal) });
    for (const tax of t.taxes) {
      const base = layout.taxLineShowsBase ? ` ${TAX_ON[layout.lang]} ${this.money(tax.base)}` : "";
      const single = t.taxes.length === 1;
      entries.push({ label: `${this.labels.taxName} ${rate(tax.rate)}${base}`, value: this.money(tax.tax), ...(single ? { field: "tax_amount", canonical: canonicalCents(tax.tax) } : {}) });
    }
    if (t.taxes.length > 1 && layout.printTaxTotal) entries.push({ label: this.label("taxTotal"), value: this.money(t.taxTotal), field: "tax_amount", canonical: canonicalCents(t.taxTotal) });
    entries.push({ label: this.label("total"), value: this.money(t.total), bold: true, field: "total_amount", canonical: canonicalCents(t.total) });
    if (t.prepaid > 0) entries.push({ label: this.label("prepaid"), value: this.money(-t.prepaid) });
    if (t.prepaid > 0 || layout.printAmountDue) entries.push({ label: this.label("amountDue"), value: this.money(t.amountDue), bold: true, field: "amount_due", canonical: canonicalCents(t.amountDue) });

    const height = entries.length * this.lh * 1.15 + this.lh;
    if (this.y + height > this.bottom) this.continuationPage();
    const labelWidth = Math.max(...entries.map((e) => w.textWidth(e.label, this.bold)));
    const valueWidth = Math.max(...entries.map((e) => w.textWidth(e.value, this.bold)));
    const valueRight = layout.totalsAlign === "right" ? this.right : this.left + labelWidth + valueWidth + 24;
    const labelX = valueRight - valueWidth - 16 - labelWidth;
    for (const e of entries) {
      if (e.bold && layout.totalRule) {
        w.rule(labelX, this.y + 3, valueRight, this.y + 3, 0.7);
        this.y += 3;
      }
      this.y += this.lh * 1.15;
      const style = e.bold ? this.bold : this.body;
      w.text(e.label, labelX, this.y, style);
      w.text(e.value, valueRight, this.y, { ...style, align: "right" });
      if (e.field && e.canonical) this.truth.field(e.field, e.canonical, e.value);
    }
    if (moneyNamesCurrency(layout.currency, layout.currencyStyle)) this.truth.field("currency", layout.currency.code, this.money(t.total));
    if (layout.currencyNote === "column") this.truth.field("currency", layout.currency.code, layout.currency.code);
    this.y += this.lh * 1.5;
  }

  private afterTotals(): void {
    const { layout, content, w } = this;
    const lines: string[] = [];
    if (layout.termsSentence) {
      let terms = this.pickTerms().replace("{d}", String(content.paymentDays));
      if (layout.dueInTerms) {
        const due = this.date(content.dueDate);
        terms += ` ${this.label("dueDate")} ${due}`;
        this.truth.field("due_date", isoDate(content.dueDate), due);
      }
      lines.push(terms);
    }
    if (layout.ibanWhere === "below-totals") {
      const iban = this.ibanText();
      if (iban) lines.push(`${this.labels.bank}: ${content.vendor.bankName} · ${iban} · BIC ${content.vendor.bic}`);
    }
    if (layout.vatWhere === "below-totals") {
      const vat = this.vatText();
      if (vat) lines.push(vat);
    }
    if (layout.thanks) lines.push(this.labels.thanks);
    for (const line of lines) {
      const wrapped = w.wrap(line, this.right - this.left, this.body);
      if (this.y + wrapped.length * this.lh > this.bottom) this.continuationPage();
      for (const part of wrapped) {
        this.y += this.lh;
        w.text(part, this.left, this.y, this.body);
      }
    }
  }

  /** The terms sentence is the layout's (the same on each of its documents): chosen by the layout id's hash. */
  private pickTerms(): string {
    const options = PAYMENT_TERMS[this.layout.lang];
    let h = 0;
    for (const ch of this.layout.id) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
    return options[h % options.length]!;
  }

  // ---- footer and page numbers, once every page exists ----

  private footer(): void {
    const { layout, content, w } = this;
    const vendor = content.vendor;
    const lineH = this.small.size * 1.3;
    const columns: string[][] = [];
    const addressInFooter = layout.header === "name-only" || layout.footer === "columns";
    if (layout.footer === "none") return;
    const addressColumn = [vendor.name, ...(addressInFooter ? [vendor.address.street, vendor.address.postcodeCity] : [])];
    if (addressInFooter) this.recordFooterAddress();
    columns.push(addressColumn);
    columns.push([`${this.labels.phone} ${vendor.phone}`, vendor.email, vendor.website]);
    if (layout.ibanWhere === "footer") {
      const iban = this.ibanText();
      if (iban) columns.push([vendor.bankName ?? "", iban, `BIC ${vendor.bic}`]);
    }
    const ids: string[] = [];
    if (layout.vatWhere === "footer") {
      const vat = this.vatText();
      if (vat) ids.push(vat);
    }
    if (vendor.registration) ids.push(vendor.registration);
    if (ids.length > 0) columns.push(ids);
    const colWidth = (this.right - this.left) / columns.length;
    const first = columns.slice(0, 2).flat().join(" · ");
    const second = columns.slice(2).flat().join(" · ");
    // Footers print small rather than overrun: a column's line must not run into the next column, nor a line off the page.
    const style: TextStyle = { ...this.small };
    const fits = () => (layout.footer === "columns" ? columns.flat().every((line) => w.textWidth(line, style) < colWidth - 6) : [first, second].every((line) => w.textWidth(line, style) < this.right - this.left));
    while (!fits() && style.size > 4.5) style.size -= 0.25;
    for (const page of w.pages) {
      const top = layout.page.height - layout.margin - (layout.footer === "columns" ? 4 : 2) * lineH;
      w.rule(this.left, top - 4, this.right, top - 4, 0.3, 0.4);
      if (layout.footer === "columns") {
        columns.forEach((col, i) => col.forEach((line, j) => w.text(line, this.left + i * colWidth, top + (j + 1) * lineH, style, page)));
      } else {
        w.text(first, layout.page.width / 2, top + lineH, { ...style, align: "center" }, page);
        if (second) w.text(second, layout.page.width / 2, top + 2 * lineH, { ...style, align: "center" }, page);
      }
    }
  }

  /** With only the name in the header, the footer's street and town are the vendor's address as printed. */
  private recordFooterAddress(): void {
    if (this.truth.fields.vendor_address) return;
    const a = this.content.vendor.address;
    this.truth.field("vendor_address", `${a.street} ${a.postcodeCity}`, a.street, a.postcodeCity);
  }

  private pageNumbers(): void {
    const { layout, w } = this;
    if (layout.pageNumbers === "none") return;
    const n = w.pages.length;
    w.pages.forEach((page, i) => {
      const text = PAGE_OF[layout.lang](i + 1, n);
      const y = layout.pageNumbers === "top" ? layout.margin * 0.6 : layout.page.height - layout.margin * 0.5;
      w.text(text, this.right, y, { ...this.small, align: "right" }, page);
    });
  }

  render(): void {
    this.headerNoise();
    this.header();
    this.parties();
    this.table();
    this.totals();
    this.afterTotals();
    this.footer();
    this.pageNumbers();
  }

  result(): { gt: GroundTruth; printed: PrintedValue[] } {
    return { gt: this.truth.result(), printed: this.truth.printed };
  }
}

export async function renderInvoice(layout: InvoiceLayout, content: InvoiceContent): Promise<Rendered> {
  const writer = await PdfWriter.create(layout.page, `${layout.labels.invoiceTitle} ${content.number}`);
  const renderer = new InvoiceRenderer(writer, layout, content);
  renderer.render();
  const { gt, printed } = renderer.result();
  return { bytes: await writer.save(), gt, printed, pages: writer.pages.length, layoutIssues: writer.layoutIssues() };
}
