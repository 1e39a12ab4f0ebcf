import { describe, expect, it } from "vitest";
import { loadDocument } from "../../../lib/extraction";
import { parseDecimal } from "../../bench/score";
import { generateDocument, type GenerateOptions, type SyntheticDocument } from "./generate";

const OPTIONS: GenerateOptions = { seed: "unit", layouts: 24, receiptShare: 0.3 };
const COUNT = 36;

async function documents(options: GenerateOptions, count: number): Promise<SyntheticDocument[]> {
  const out: SyntheticDocument[] = [];
  for (let i = 0; i < count; i += 1) out.push(await generateDocument(options, "pdf", i));
  return out;
}

/** The document's text as the engine reads it (text layer, fast mode), whitespace collapsed. */
async function engineText(bytes: Uint8Array): Promise<string> {
  const model = await loadDocument(bytes, "application/pdf", { mode: "fast" });
  return model.pages
    .flatMap((page) => page.blocks.flatMap((block) => block.lines.map((line) => line.text)))
    .join("\n")
    .normalize("NFKC")
    .replace(/[ \t]+/g, " ");
}

const collapse = (text: string) => text.normalize("NFKC").replace(/\s+/g, " ").trim();
const cents = (value: string) => Math.round(parseDecimal(value)! * 100);

describe("synthetic documents", () => {
  it("gives byte-identical ground truth and the same PDF text for the same seed", { timeout: 60_000 }, async () => {
    const first = await documents(OPTIONS, 8);
    const second = await documents(OPTIONS, 8);
    for (let i = 0; i < first.length; i += 1) {
      expect(JSON.stringify(second[i]!.gt)).toBe(JSON.stringify(first[i]!.gt));
      expect(await engineText(second[i]!.bytes)).toBe(await engineText(first[i]!.bytes));
      expect(Buffer.from(second[i]!.bytes).equals(Buffer.from(first[i]!.bytes))).toBe(true);
    }
  });

  it("gives other documents for another seed", async () => {
    const [a] = await documents(OPTIONS, 1);
    const [b] = await documents({ ...OPTIONS, seed: "other" }, 1);
    expect(JSON.stringify(a!.gt)).not.toBe(JSON.stringify(b!.gt));
  });

  it("prints every ground-truth value where the engine reads it, with no string colliding with another or leaving the page", { timeout: 120_000 }, async () => {
    const docs = await documents(OPTIONS, COUNT);
    let checked = 0;
    for (const doc of docs) {
      expect(doc.layoutIssues, doc.layout.id).toEqual([]);
      const text = collapse(await engineText(doc.bytes));
      for (const printed of doc.printed) {
        expect(text, `${doc.layout.id}: ${printed.key} printed as ${JSON.stringify(printed.text)}`).toContain(collapse(printed.text));
        checked += 1;
      }
      // Every GT field has at least one printed form.
      const keys = new Set(doc.printed.map((p) => p.key));
      for (const field of Object.keys(doc.gt.fields)) expect(keys.has(`fields.${field}`), `${doc.layout.id}: ${field}`).toBe(true);
      (doc.gt.tables?.line_items ?? []).forEach((row, i) => {
        for (const column of Object.keys(row)) expect(keys.has(`line_items.${i}.${column}`), `${doc.layout.id}: row ${i} ${column}`).toBe(true);
      });
    }
    expect(checked).toBeGreaterThan(COUNT * 4);
  });

  it("keeps the arithmetic: qty × unit price = amount, lines and tax add up to the printed totals", async () => {
    const docs = await documents(OPTIONS, COUNT);
    let invoices = 0;
    for (const doc of docs) {
      const f = doc.gt.fields;
      expect(f.total_amount).toMatch(/^\d+\.\d{2}$/);
      if (doc.layout.kind !== "invoice") continue;
      invoices += 1;
      const rows = doc.gt.tables?.line_items ?? [];
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) {
        if (row.quantity === undefined || row.unit_price === undefined || row.amount === undefined) continue;
        const gross = Math.round(Number(row.quantity) * cents(row.unit_price));
        const discount = row.discount_percent ? Math.round((gross * Number(row.discount_percent)) / 100) : 0;
        expect(cents(row.amount), `${doc.layout.id} ${JSON.stringify(row)}`).toBe(gross - discount);
      }
      const t = doc.gt.fields;
      if (t.tax_amount !== undefined) expect(cents(t.subtotal_amount!) + cents(t.tax_amount)).toBe(cents(t.total_amount!));
      // Σ line amounts is the subtotal when nothing (discount, shipping) sits between them.
      const itemsTotal = rows.reduce((sum, row) => sum + cents(row.amount ?? "0"), 0);
      const content = doc.layout.content;
      if (content.discount === 0 && content.shipping === 0 && rows.every((r) => r.amount !== undefined)) expect(itemsTotal).toBe(cents(t.subtotal_amount!));
      if (t.amount_due !== undefined) expect(cents(t.amount_due)).toBeLessThanOrEqual(cents(t.total_amount!));
    }
    expect(invoices).toBeGreaterThan(COUNT / 3);
  });

  it("prints the table shapes of real invoices with exact ground truth when asked, and nothing else changes", { timeout: 120_000 }, async () => {
    const shaped: GenerateOptions = { ...OPTIONS, receiptShare: 0, tableShapes: true };
    const docs = await documents(shaped, COUNT);
    const seen = { subtotals: 0, bundles: 0, groups: 0, cut: 0 };
    for (const doc of docs) {
      expect(doc.layoutIssues, doc.layout.id).toEqual([]);
      const text = collapse(await engineText(doc.bytes));
      for (const printed of doc.printed) expect(text, `${doc.layout.id}: ${printed.key}`).toContain(collapse(printed.text));
      const rows = doc.gt.tables?.line_items ?? [];
      for (const row of rows) {
        if (row.quantity === undefined || row.unit_price === undefined || row.amount === undefined || row.discount_percent) continue;
        expect(cents(row.amount), `${doc.layout.id} ${JSON.stringify(row)}`).toBe(Math.round(Number(row.quantity) * cents(row.unit_price)));
      }
      // A group's members are items numbered under it; a bundle's contents print at no price and are none.
      const shapes = doc.layout.kind === "invoice" ? doc.layout.table.shapes : undefined;
      if (rows.some((r) => /^\d+\.\d+$/.test(r.position ?? ""))) seen.groups += 1;
      if (shapes?.bundles && rows.every((r) => r.amount !== "0.00")) seen.bundles += 1;
      if (shapes?.sectionSubtotals) seen.subtotals += 1;
      if (shapes?.narrowDescription && rows.some((r) => r.description !== undefined && !text.includes(collapse(r.description)))) seen.cut += 1;
    }
    expect(Object.values(seen).every((n) => n > 0), JSON.stringify(seen)).toBe(true);
    // The layouts themselves (everything but the table's shapes) are the seed's own.
    const plain = await documents({ ...shaped, tableShapes: false }, 4);
    docs.slice(0, 4).forEach((doc, i) => expect(doc.layout.lang).toBe(plain[i]!.layout.lang));
  });

  it("spreads the layouts over languages, kinds and page counts", async () => {
    const docs = await documents({ ...OPTIONS, layouts: 60 }, 60);
    expect(new Set(docs.map((d) => d.layout.lang)).size).toBe(6);
    expect(new Set(docs.map((d) => d.layout.kind)).size).toBe(2);
    expect(new Set(docs.map((d) => d.splitGroup)).size).toBe(60);
  });

  it("fits a document for an image on one page", async () => {
    for (let i = 0; i < 12; i += 1) expect((await generateDocument(OPTIONS, "images", i, true)).pages).toBe(1);
  });
});
