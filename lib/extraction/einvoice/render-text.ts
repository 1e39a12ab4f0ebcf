import type { EInvoice, EInvoiceLine } from "./einvoice-types";

const LABELS: Array<[keyof EInvoice["fields"], string]> = [
  ["invoice_number", "Invoice number"],
  ["invoice_date", "Invoice date"],
  ["due_date", "Due date"],
  ["vendor_name", "Seller"],
  ["vendor_address", "Seller address"],
  ["vendor_vat_id", "Seller VAT id"],
  ["customer_name", "Buyer"],
  ["purchase_order", "Purchase order"],
  ["currency", "Currency"],
  ["subtotal_amount", "Net total"],
  ["tax_amount", "Tax total"],
  ["total_amount", "Grand total"],
  ["amount_due", "Amount due"],
  ["vendor_iban", "IBAN"],
];

const COLUMNS: Array<[keyof EInvoiceLine, string]> = [
  ["position", "Pos"],
  ["item_code", "Code"],
  ["description", "Description"],
  ["quantity", "Qty"],
  ["unit", "Unit"],
  ["unit_price", "Unit price"],
  ["tax_rate", "Tax %"],
  ["amount", "Amount"],
];

/**
 * A readable page for an uploaded XML e-invoice: its values as "label: value" lines and its lines as a table, so
 * the document has a page to show, markdown and search, and every value a place (source box) on that page.
 */
export function renderEInvoiceText(einvoice: EInvoice): string {
  const out = [`E-invoice (${einvoice.syntax})`, ""];
  for (const [key, label] of LABELS) {
    const value = einvoice.fields[key];
    if (value !== undefined) out.push(`${label}: ${value}`);
  }
  if (einvoice.lines.length > 0) {
    const used = COLUMNS.filter(([key]) => einvoice.lines.some((line) => line[key] !== undefined));
    out.push("", used.map(([, label]) => label).join("\t"));
    for (const line of einvoice.lines) out.push(used.map(([key]) => String(line[key] ?? "-")).join("\t"));
  }
  return out.join("\n");
}
