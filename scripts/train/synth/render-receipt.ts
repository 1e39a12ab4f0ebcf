/**
 * Draws a shop receipt: a narrow page as long as its content, shop header, date and time, item lines, total,
 * payment and the tax contained. Ground truth as on scanned-receipt datasets: vendor name, vendor address,
 * date and total.
 */
import type { ReceiptContent } from "./content";
import { canonicalCents, formatCents, formatDate, formatMoney, formatQuantity, formatRate, isoDate } from "./formats";
import { TruthRecorder } from "./ground-truth";
import type { Labels, ReceiptLayout } from "./layout";
import { PdfWriter, type TextStyle } from "./pdf-writer";
import type { Rendered } from "./render-invoice";

/** Drawn on a page this tall, then cropped to what was used. */
const ROLL_HEIGHT = 4000;

class ReceiptRenderer {
  private y: number;
  private readonly truth = new TruthRecorder();
  private readonly body: TextStyle;
  private readonly bold: TextStyle;
  private readonly lh: number;
  private readonly left: number;
  private readonly right: number;
  private readonly centre: number;

  constructor(
    private readonly w: PdfWriter,
    private readonly layout: ReceiptLayout,
    private readonly content: ReceiptContent,
  ) {
    this.body = { family: layout.fonts.body, size: layout.size };
    this.bold = { ...this.body, weight: "bold" };
    this.lh = layout.size * 1.3;
    this.left = layout.margin;
    this.right = layout.width - layout.margin;
    this.centre = layout.width / 2;
    this.y = layout.margin;
  }

  private case(text: string): string {
    return this.layout.upperCase ? text.toUpperCase() : text;
  }

  private label(key: keyof Labels): string {
    return this.case(this.layout.labels[key]);
  }

  private money(cents: number): string {
    return formatMoney(cents, this.layout.currency, this.layout.currencyStyle, this.layout.numbers);
  }

  private line(text: string, style: TextStyle = this.body, align: "left" | "center" = this.layout.centerHeader ? "center" : "left"): void {
    for (const part of this.w.wrap(text, this.right - this.left, style)) {
      this.y += style.size * 1.3;
      this.w.text(part, align === "center" ? this.centre : this.left, this.y, { ...style, align });
    }
  }

  /** A label on the left and an amount on the right, on one line. */
  private pair(label: string, value: string, style: TextStyle = this.body): void {
    this.y += style.size * 1.3;
    const valueWidth = this.w.textWidth(value, style);
    const labelLines = this.w.wrap(label, this.right - this.left - valueWidth - 6, style);
    this.w.text(value, this.right, this.y, { ...style, align: "right" });
    labelLines.forEach((part, i) => this.w.text(part, this.left, this.y + i * style.size * 1.3, style));
    this.y += (labelLines.length - 1) * style.size * 1.3;
  }

  private separator(): void {
    const { separator } = this.layout;
    if (separator === "none") {
      this.y += this.lh * 0.5;
      return;
    }
    if (separator === "rule") {
      this.y += this.lh * 0.6;
      this.w.rule(this.left, this.y, this.right, this.y, 0.5);
      return;
    }
    const unit = this.w.textWidth(separator, this.body);
    const count = Math.floor((this.right - this.left) / Math.max(unit, 1));
    this.y += this.lh;
    this.w.text(separator.repeat(count), this.left, this.y, this.body);
  }

  private header(): void {
    const { layout, content } = this;
    const shop = content.shop;
    const nameStyle: TextStyle = { family: layout.fonts.heading, weight: "bold", size: layout.size + 3 };
    // A long shop name is drawn smaller rather than wrapped, so it stays one printed string.
    while (this.w.textWidth(shop.name, nameStyle) > this.right - this.left && nameStyle.size > layout.size) nameStyle.size -= 0.5;
    this.y += nameStyle.size * 1.3;
    this.w.text(shop.name, layout.centerHeader ? this.centre : this.left, this.y, { ...nameStyle, align: layout.centerHeader ? "center" : "left" });
    this.truth.field("vendor_name", shop.name, shop.name);
    const a = shop.address;
    const comma = layout.addressCommas ? "," : "";
    const lines = [this.case(a.street) + comma, ...(a.extra ? [this.case(a.extra) + comma] : []), this.case(a.postcodeCity) + (layout.addressCommas ? "." : "")];
    const printed: string[] = [];
    for (const text of lines) {
      const parts = this.w.wrap(text, this.right - this.left, this.body);
      printed.push(...parts);
      this.line(text);
    }
    this.truth.field("vendor_address", lines.join(" "), ...printed);
    if (layout.printPhone) this.line(`${this.label("phone")} ${shop.phone}`);
    if (layout.printVat && shop.vatId) this.line(`${this.label("vatId")} ${shop.vatId.printed}`);
    this.y += this.lh * 0.4;
    this.line(this.layout.labels.receiptTitle, this.bold);
  }

  private meta(): void {
    const { layout, content } = this;
    const date = formatDate(content.date, layout.dateStyle, layout.lang);
    this.truth.field("invoice_date", isoDate(content.date), date);
    this.line(layout.timeFirst ? `${content.time}  ${date}` : `${date}  ${content.time}`, this.body, "left");
    this.line(`${this.label("receiptNumber")} ${content.number}`, this.body, "left");
    this.line(`${this.label("cashier")}: ${content.cashier}  #${content.till}`, this.body, "left");
  }

  private items(): void {
    const { layout, content } = this;
    if (layout.currencyHeader) {
      this.y += this.lh;
      this.w.text(layout.currency.code, this.right, this.y, { ...this.bold, align: "right" });
    }
    for (const item of content.items) {
      const amount = formatCents(item.amount, layout.numbers) + (layout.taxCodes ? ` ${item.taxCode}` : "");
      const quantity = formatQuantity(item.quantity, layout.numbers, false);
      const unit = formatCents(item.unitPrice, layout.numbers);
      if (layout.itemStyle === "qty-prefix") {
        this.pair(`${quantity} ${item.description}`, amount);
      } else if (layout.itemStyle === "qty-below") {
        this.line(item.description, this.body, "left");
        this.pair(`   ${quantity} x ${unit}`, amount);
      } else {
        this.pair(item.description, amount);
        if (item.quantity !== 100) this.line(`   ${quantity} x ${unit}`, this.body, "left");
      }
    }
  }

  private totals(): void {
    const { layout, content } = this;
    if (layout.printSubtotal) this.pair(this.label("receiptSubtotal"), formatCents(content.total, layout.numbers));
    const totalStyle: TextStyle = { ...this.bold, size: layout.size + 1 };
    const total = this.money(content.total);
    this.pair(this.label("receiptTotal"), total, totalStyle);
    this.truth.field("total_amount", canonicalCents(content.total), total);
    const payment = content.payment;
    if (payment.kind === "cash") {
      this.pair(this.label("cash"), formatCents(payment.tendered, layout.numbers));
      this.pair(this.label("change"), formatCents(payment.change, layout.numbers));
    } else {
      this.pair(`${this.label("card")} **** ${payment.last4}`, formatCents(content.total, layout.numbers));
    }
    if (layout.taxSummary) {
      this.y += this.lh * 0.3;
      for (const tax of content.taxes) {
        const rate = formatRate(tax.rate, layout.numbers, "19%");
        const code = layout.taxCodes ? `${tax.code} ` : "";
        this.pair(`${code}${this.label("receiptTaxIncluded")} ${rate}`, formatCents(tax.tax, layout.numbers));
      }
    }
  }

  render(): void {
    this.header();
    this.separator();
    this.meta();
    this.separator();
    this.items();
    this.separator();
    this.totals();
    this.separator();
    this.line(this.layout.labels.receiptThanks);
    if (this.layout.printPhone) this.line(this.content.shop.website);
    this.y += this.layout.margin;
  }

  get usedHeight(): number {
    return this.y;
  }

  result() {
    return { gt: this.truth.result(), printed: this.truth.printed };
  }
}

export async function renderReceipt(layout: ReceiptLayout, content: ReceiptContent): Promise<Rendered> {
  const writer = await PdfWriter.create({ width: layout.width, height: ROLL_HEIGHT }, `${layout.labels.receiptTitle} ${content.number}`);
  const renderer = new ReceiptRenderer(writer, layout, content);
  renderer.render();
  writer.cropToTop(renderer.usedHeight);
  const { gt, printed } = renderer.result();
  return { bytes: await writer.save(), gt, printed, pages: 1, layoutIssues: writer.layoutIssues(renderer.usedHeight) };
}
