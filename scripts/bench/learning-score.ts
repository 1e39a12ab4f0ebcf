/**
 * Scoring shared by `npm run bench:learning` and its offline tuning harness: the dev set's generic fields and the
 * dataset README's "How to score" rules, as `scripts/bench-extract.ts` applies them (same definitions, kept in step).
 */
import type { FieldDefinition, FieldValue, TableRow } from "../../lib/extraction";

export type Gt = { fields: Record<string, string>; tables?: { line_items?: Array<Record<string, string>> } };
export type ManifestEntry = { id: string; document: string; ground_truth: string; split_group: string };

export const MIME: Record<string, string> = { ".pdf": "application/pdf", ".png": "image/png", ".jpg": "image/jpeg", ".jpeg": "image/jpeg", ".txt": "text/plain" };

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
function normText(v: string): string {
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


function hungarianMax(score: number[][]): number[] {
  const n = score.length;
  const m = score[0]?.length ?? 0;
  const size = Math.max(n, m);
  const max = Math.max(0, ...score.flat());
  const cost = Array.from({ length: size }, (_, i) => Array.from({ length: size }, (_, j) => max - (score[i]?.[j] ?? 0)));
  const u = new Array<number>(size + 1).fill(0);
  const v = new Array<number>(size + 1).fill(0);
  const p = new Array<number>(size + 1).fill(0);
  const way = new Array<number>(size + 1).fill(0);
  for (let i = 1; i <= size; i += 1) {
    p[0] = i;
    let j0 = 0;
    const minv = new Array<number>(size + 1).fill(Infinity);
    const used = new Array<boolean>(size + 1).fill(false);
    do {
      used[j0] = true;
      const i0 = p[j0]!;
      let delta = Infinity;
      let j1 = 0;
      for (let j = 1; j <= size; j += 1) {
        if (used[j]) continue;
        const cur = cost[i0 - 1]![j - 1]! - u[i0]! - v[j]!;
        if (cur < minv[j]!) {
          minv[j] = cur;
          way[j] = j0;
        }
        if (minv[j]! < delta) {
          delta = minv[j]!;
          j1 = j;
        }
      }
      for (let j = 0; j <= size; j += 1) {
        if (used[j]) {
          u[p[j]!] = u[p[j]!]! + delta;
          v[j] = v[j]! - delta;
        } else minv[j] = minv[j]! - delta;
      }
      j0 = j1;
    } while (p[j0] !== 0);
    do {
      const j1 = way[j0]!;
      p[j0] = p[j1]!;
      j0 = j1;
    } while (j0);
  }
  const assignment = new Array<number>(n).fill(-1);
  for (let j = 1; j <= size; j += 1) if (p[j]! - 1 < n && j - 1 < m) assignment[p[j]! - 1] = j - 1;
  return assignment;
}


export type Counts = { tp: number; fp: number; fn: number };
export const zero = (): Counts => ({ tp: 0, fp: 0, fn: 0 });
export function addTo(c: Counts, d: Partial<Counts>): void {
  c.tp += d.tp ?? 0;
  c.fp += d.fp ?? 0;
  c.fn += d.fn ?? 0;
}
export function f1(c: Counts): number {
  const p = c.tp + c.fp ? c.tp / (c.tp + c.fp) : 0;
  const r = c.tp + c.fn ? c.tp / (c.tp + c.fn) : 0;
  return p + r ? (2 * p * r) / (p + r) : 0;
}
export const describe = (c: Counts) => `${f1(c).toFixed(3)} (tp ${c.tp}, fp ${c.fp}, fn ${c.fn})`;

/** Field counts of one document: every ground-truth field is a tp, an fn, or (a wrong value) an fp and an fn. */
export function scoreFields(gt: Gt, data: Record<string, unknown>, into: Counts, misses?: string[]): void {
  for (const [key, value] of Object.entries(gt.fields)) {
    const predicted = data[key] as FieldValue | undefined;
    const ok = equal(key, value, predicted);
    if (!ok) misses?.push(`${key}: gt ${JSON.stringify(value)} got ${JSON.stringify(predicted ?? null)}`);
    addTo(into, ok ? { tp: 1 } : predicted === null || predicted === undefined ? { fn: 1 } : { fp: 1, fn: 1 });
  }
}

/** Line-item cell counts, rows paired by the Hungarian assignment as bench:extract does. */
export function scoreCells(gtRows: Array<Record<string, string>>, predicted: unknown, into: Counts, misses?: string[]): void {
  const predRows = (Array.isArray(predicted) ? predicted : []) as TableRow[];
  const score = gtRows.map((g) =>
    predRows.map((p) => {
      let s = 0;
      for (const [k, v] of Object.entries(g)) if (equal(k, v, p[k] ?? null)) s += 1;
      return s;
    }),
  );
  const assignment = predRows.length > 0 ? hungarianMax(score) : gtRows.map(() => -1);
  const used = new Set(gtRows.flatMap((row) => Object.keys(row)));
  const matched = new Set<number>();
  gtRows.forEach((g, i) => {
    const j = assignment[i] ?? -1;
    const ok = j >= 0 && (score[i]?.[j] ?? 0) > 0;
    if (ok) matched.add(j);
    for (const [k, v] of Object.entries(g)) {
      const pred = ok ? predRows[j]?.[k] : undefined;
      const good = ok && equal(k, v, pred ?? null);
      if (!good) misses?.push(`cell ${k}: gt ${JSON.stringify(v)} got ${JSON.stringify(pred ?? null)}`);
      addTo(into, good ? { tp: 1 } : pred === undefined || pred === null ? { fn: 1 } : { fp: 1, fn: 1 });
    }
  });
  predRows.forEach((_, j) => {
    if (!matched.has(j)) for (const _k of used) addTo(into, { fp: 1 });
  });
}

/** The ground truth as a reviewer's correction: every field, typed as the parser's field (numbers as numbers). */
export function gtAsData(gt: Gt): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  for (const field of FIELDS) {
    if (field.type === "table") {
      const rows = gt.tables?.line_items;
      if (rows) data[field.name] = rows.map((row) => Object.fromEntries((field.columns ?? []).filter((column) => row[column.name] !== undefined).map((column) => [column.name, typed(column.type, row[column.name]!)])));
      continue;
    }
    // Only the values the ground truth gives: a field it leaves out is not known to be empty on the document.
    const value = gt.fields[field.name];
    if (value !== undefined) data[field.name] = typed(field.type, value);
  }
  return data;
}

function typed(type: string, value: string): string | number | null {
  if (type === "number" || type === "currency") return parseDecimal(value);
  return value;
}
