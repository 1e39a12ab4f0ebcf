import { PDFDocument, StandardFonts } from "pdf-lib";

/**
 * A one-page invoice laid out as invoices print (a header block, a line-item table with columns, totals under it),
 * drawn with pdf-lib so the engine reads it from a text layer like a real document. y counts from the top.
 */
type Text = { text: string; x: number; y: number; size?: number };

export type InvoiceLine = { description: string; quantity: string; unitPrice: string; amount: string };
export type Invoice = { vendor: string; number: string; date: string; lines: InvoiceLine[]; subtotal: string; tax: string; total: string };

/** Northwind's invoice: 10 × 95.00 + 1 × 284.50 = 1,234.50; tax 123.45; total 1,357.95. */
export const NORTHWIND_INVOICE: Invoice = {
  vendor: "Northwind Supplies Ltd",
  number: "NW-20417",
  date: "March 14, 2024",
  lines: [
    { description: "Consulting services", quantity: "10", unitPrice: "95.00", amount: "950.00" },
    { description: "Travel expenses", quantity: "1", unitPrice: "284.50", amount: "284.50" },
  ],
  subtotal: "1,234.50",
  tax: "123.45",
  total: "1,357.95",
};

export async function invoicePdf(invoice: Invoice = NORTHWIND_INVOICE): Promise<Uint8Array> {
  const texts: Text[] = [
    { text: invoice.vendor, x: 50, y: 60, size: 16 },
    { text: "INVOICE", x: 400, y: 60, size: 14 },
    { text: "Invoice Number:", x: 380, y: 90 },
    { text: invoice.number, x: 470, y: 90 },
    { text: "Invoice Date:", x: 380, y: 105 },
    { text: invoice.date, x: 470, y: 105 },
    { text: "Description", x: 50, y: 230 },
    { text: "Qty", x: 300, y: 230 },
    { text: "Unit Price", x: 380, y: 230 },
    { text: "Amount", x: 500, y: 230 },
    ...invoice.lines.flatMap((line, index) => [
      { text: line.description, x: 50, y: 250 + index * 15 },
      { text: line.quantity, x: 305, y: 250 + index * 15 },
      { text: line.unitPrice, x: 390, y: 250 + index * 15 },
      { text: line.amount, x: 500, y: 250 + index * 15 },
    ]),
    { text: "Subtotal", x: 380, y: 300 },
    { text: invoice.subtotal, x: 490, y: 300 },
    { text: "Tax (10%)", x: 380, y: 315 },
    { text: invoice.tax, x: 490, y: 315 },
    { text: "Total", x: 380, y: 330 },
    { text: invoice.total, x: 490, y: 330 },
  ];
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const page = pdf.addPage([595, 842]);
  for (const text of texts) page.drawText(text.text, { x: text.x, y: 842 - text.y, size: text.size ?? 10, font });
  return pdf.save();
}
