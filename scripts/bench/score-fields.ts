/** The benchmarks' generic field definitions and the dataset README's rules for comparing a value with the GT. */
import type { FieldDefinition, FieldValue } from "../../lib/extraction";

export const FIELDS: FieldDefinition[] = [
  { name: "invoice_number", type: "text", description: "Invoice number" },
  { name: "invoice_date", type: "date", description: "Invoice date" },
  { name: "due_date", type: "date", description: "Payment due date" },
  { name: "total_amount", type: "number", description: "Total amount including tax" },
  { name: "subtotal_amount", type: "number", description: "Net total excluding tax" },
  { name: "tax_amount", type: "number", description: "Total tax amount" },
  { name: "amount_due", type: "number", description: "Amount due" },
  { name: "currency", type: "text", description: "Currency (ISO 4217 code)" },
  { name: "vendor_name", type: "text", description: "Vendor name" },
  { name: "vendor_address", type: "address", description: "Vendor address" },
  { name: "vendor_vat_id", type: "text", description: "Vendor VAT id" },
  { name: "vendor_iban", type: "text", description: "IBAN" },
  { name: "customer_name", type: "text", description: "Customer name" },
  { name: "purchase_order", type: "text", description: "Purchase order number" },
  {
    name: "line_items",
    type: "table",
    description: "Line items",
    columns: [
      { name: "position", type: "number", description: "Position" },
      { name: "item_code", type: "text", description: "Item code" },
      { name: "description", type: "text", description: "Description" },
      { name: "quantity", type: "number", description: "Quantity" },
      { name: "unit", type: "text", description: "Unit" },
      { name: "unit_price", type: "number", description: "Unit price" },
      { name: "discount_percent", type: "number", description: "Discount percent" },
      { name: "tax_rate", type: "number", description: "Tax rate" },
      { name: "amount", type: "number", description: "Line total" },
    ],
  },
];

const AMOUNT_KEYS = new Set(["total_amount", "subtotal_amount", "tax_amount", "amount_due", "quantity", "unit_price", "amount", "tax_rate", "discount_percent"]);

// ---- normalisation (README "How to score") ----
export function normText(v: string): string {
  return v.normalize("NFKC").trim().replace(/\s+/g, " ").toLowerCase();
}
export function parseDecimal(v: string): number | null {
  const s = v.replace(/[^\d.,\-]/g, "");
  if (!/\d/.test(s)) return null;
  const lastDot = s.lastIndexOf(".");
  const lastComma = s.lastIndexOf(",");
  const dec = lastComma > lastDot && s.length - lastComma - 1 !== 3 ? "," : lastDot > lastComma ? "." : lastComma > lastDot ? "," : null;
  let t = s;
  if (dec === ",") t = s.replace(/\./g, "").replace(",", ".");
  else t = s.replace(/,/g, "");
  const n = Number(t);
  return Number.isFinite(n) ? n : null;
}
export function equal(key: string, gt: string, pred: FieldValue | undefined): boolean {
  if (pred === null || pred === undefined || Array.isArray(pred)) return false;
  const p = String(pred);
  if (AMOUNT_KEYS.has(key)) {
    const a = parseDecimal(gt);
    const b = typeof pred === "number" ? pred : parseDecimal(p);
    return a !== null && b !== null && Math.abs(a - b) < 0.005;
  }
  if (key.endsWith("_date")) return /^\d{4}-\d{2}-\d{2}$/.test(p) && p === gt;
  if (key === "vendor_vat_id" || key === "vendor_iban") return gt.replace(/[^A-Za-z0-9]/g, "").toUpperCase() === p.replace(/[^A-Za-z0-9]/g, "").toUpperCase();
  if (key === "currency") return gt.toUpperCase() === p.toUpperCase();
  if (key === "position" && /^\d+$/.test(gt) && /^\d+$/.test(p)) return Number(gt) === Number(p);
  let g = normText(gt);
  let q = normText(p);
  if (key === "invoice_number" || key === "purchase_order") {
    const strip = (s: string) => s.replace(/^(#|no\.|nr\.|n°)\s*/i, "");
    g = strip(g);
    q = strip(q);
  }
  if (key.endsWith("_name") || key.endsWith("_address")) {
    g = g.replace(/[.,;:]+$/, "");
    q = q.replace(/[.,;:]+$/, "");
  }
  return g === q;
}

