/**
 * Scoring rules of ../shared/datasets/README.md ("How to score"), shared by the extraction benchmark and the
 * confidence calibration (scripts/calibrate.ts).
 */
import type { FieldValue, TableRow } from "../../lib/extraction";

export const AMOUNT_KEYS = new Set(["total_amount", "subtotal_amount", "tax_amount", "amount_due", "quantity", "unit_price", "amount", "tax_rate", "discount_percent"]);

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

// ---- Hungarian assignment (maximise score) ----
export function hungarianMax(score: number[][]): number[] {
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


/** Whether a predicted cell equals the ground truth's (by column name for invoices, by column type for spec sets). */
export type CellEqual = (key: string, gt: string, pred: FieldValue | undefined) => boolean;

/**
 * Row alignment: optimal one-to-one assignment (Hungarian) between GT and predicted rows, scored by equal cells,
 * ties broken by description similarity; a pair scoring 0 is unmatched. `assignment[i]` is the predicted row of GT
 * row i, or -1.
 */
export function alignRows(gtRows: Array<Record<string, string>>, predRows: TableRow[], same: CellEqual = equal): { score: number[][]; assignment: number[] } {
  const score = gtRows.map((g) =>
    predRows.map((p) => {
      let s = 0;
      for (const [k, v] of Object.entries(g)) if (same(k, v, p[k] ?? null)) s += 1;
      const desc = g.description && typeof p.description === "string" && normText(p.description).includes(normText(g.description).slice(0, 10)) ? 0.01 : 0;
      return s > 0 ? s + desc : 0;
    }),
  );
  const assignment = predRows.length > 0 ? hungarianMax(score) : gtRows.map(() => -1);
  return { score, assignment: assignment.map((j, i) => (j >= 0 && (score[i]?.[j] ?? 0) > 0 ? j : -1)) };
}
