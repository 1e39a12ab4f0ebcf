/** The benchmark's datasets: manifest, ground truth, the generic invoice parser, and the split_group halves. */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import type { FieldDefinition } from "../../lib/extraction";

/** `tables` holds line items and contract parties, and in sets with their own specs any table field by its name. */
export type Gt = { fields: Record<string, string>; tables?: { line_items?: Array<Record<string, string>>; parties?: Array<{ party: string }>; [name: string]: Array<Record<string, string>> | undefined } };
export type Manifest = { split?: string; documents: Array<{ id: string; document: string; ground_truth: string; split_group?: string }> };

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

export const MIME: Record<string, string> = { ".pdf": "application/pdf", ".png": "image/png", ".jpg": "image/jpeg", ".jpeg": "image/jpeg", ".txt": "text/plain" };

const DOCUMENT = /\.(pdf|jpe?g|png|txt)$/i;

/**
 * The dataset's manifest, or, for a folder without one (the training corpus's fetched folders such as
 * train-data/einvoices), every document with a `<file>.gt.json` beside it, found recursively; the folder's own name is
 * the source and each file its own group unless its ground truth names one.
 */
export function readManifest(dir: string): Manifest {
  const file = path.join(dir, "manifest.json");
  if (existsSync(file)) return JSON.parse(readFileSync(file, "utf8")) as Manifest;
  const source = path.basename(path.resolve(dir));
  const documents: Manifest["documents"] = [];
  const walk = (sub: string): void => {
    for (const name of readdirSync(path.join(dir, sub)).sort()) {
      const relative = sub === "" ? name : `${sub}/${name}`;
      const full = path.join(dir, relative);
      if (statSync(full).isDirectory()) walk(relative);
      else if (DOCUMENT.test(name) && existsSync(`${full}.gt.json`)) {
        const gt = JSON.parse(readFileSync(`${full}.gt.json`, "utf8")) as { split_group?: string };
        documents.push({ id: `${source}/${relative}`, document: relative, ground_truth: `${relative}.gt.json`, split_group: gt.split_group ?? relative });
      }
    }
  };
  walk("");
  return { split: source, documents };
}

export function readGt(dir: string, entry: { ground_truth: string }): Gt {
  return JSON.parse(readFileSync(path.join(dir, entry.ground_truth), "utf8")) as Gt;
}

/**
 * Which half of the data a document belongs to, by its split_group (a vendor or layout group), so no vendor is on
 * both sides: the calibration is fitted on half "A" and reported on half "B". FNV-1a of the group name.
 */
export function splitHalf(group: string | undefined): "A" | "B" {
  let h = 0x811c9dc5;
  for (const ch of group ?? "") {
    h ^= ch.codePointAt(0)!;
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h % 2 === 0 ? "A" : "B";
}
