import { describe, expect, it } from "vitest";
import type { Word } from "../types";
import { columnConceptFor, headerLabelsOf } from "./extract-table";
import { abbreviationKey, headerScore, isLabelledNote, matchHeaderWords, mergeStackedHeader } from "./find-header";

/** Header words at the given left edges (page fractions), 1 % of the page high; one character ≈ 0.5 % wide. */
const header = (cells: Array<[string, number]>): Word[] =>
  cells.map(([text, x]) => ({ text, box: { x, y: 0.3, w: text.length * 0.005, h: 0.01 }, confidence: 1 }));
const keys = (words: Word[], extra: Array<{ key: string; tokens: string[] }> = []) => matchHeaderWords(words, extra).map((c) => c.key);

describe("header rows by meaning", () => {
  it("reads a header whose first label ends on a colon, but never a note of a key and its value", () => {
    const colonHeader = header([["Code:", 0.05], ["Qty", 0.15], ["Description", 0.25], ["Unit", 0.6], ["price", 0.625], ["Discount", 0.72], ["Line", 0.85], ["total", 0.872]]);
    expect(isLabelledNote(colonHeader)).toBe(false);
    expect(keys(colonHeader)).toEqual(["item_code", "quantity", "description", "unit_price", "discount_percent", "amount"]);
    expect(isLabelledNote(header([["Service:", 0.05], ["Consulting", 0.1]]))).toBe(true);
    expect(isLabelledNote(header([["Description:", 0.05], ["Hardware", 0.13], ["Total", 0.18]]))).toBe(true);
  });

  it("knows Czech, Portuguese, Indonesian, Japanese and Chinese column headings", () => {
    expect(keys(header([["Kód", 0.05], ["Název zboží", 0.15], ["Množství", 0.45], ["Cena za kus", 0.55], ["Sleva", 0.65], ["DPH", 0.72], ["Bez DPH", 0.85]]))).toEqual(["item_code", "description", "quantity", "unit_price", "discount_percent", "tax_rate", "amount"]);
    expect(keys(header([["Descrição", 0.05], ["Quantidade", 0.45], ["Preço Unitário", 0.6], ["Desconto", 0.72], ["Valor Total", 0.85]]))).toEqual(["description", "quantity", "unit_price", "discount_percent", "amount"]);
    expect(keys(header([["Nama Barang", 0.05], ["Kuantitas", 0.45], ["Harga Satuan", 0.6], ["Jumlah", 0.85]]))).toEqual(["description", "quantity", "unit_price", "amount"]);
    expect(keys(header([["品名", 0.05], ["数量", 0.45], ["単価", 0.6], ["金額", 0.85]]))).toEqual(["description", "quantity", "unit_price", "amount"]);
    expect(keys(header([["說明", 0.05], ["數量", 0.45], ["單價", 0.6], ["金額", 0.85]]))).toEqual(["description", "quantity", "unit_price", "amount"]);
  });

  it("knows German hours tables and money per unit as the unit price ('Stunden', 'Satz', '€/h', 'Gesamtkosten')", () => {
    expect(keys(header([["Pos", 0.05], ["Leistung", 0.12], ["Stunden", 0.5], ["Satz", 0.65], ["Gesamtkosten", 0.8]]))).toEqual(["position", "description", "quantity", "unit_price", "amount"]);
    expect(keys(header([["Bezeichnung", 0.05], ["Stunden", 0.5], ["€/h", 0.65], ["Gesamt", 0.8]]))).toEqual(["description", "quantity", "unit_price", "amount"]);
    expect(keys(header([["Description", 0.05], ["Hours", 0.5], ["USD/hr", 0.65], ["Total", 0.8]]))).toEqual(["description", "quantity", "unit_price", "amount"]);
  });

  it("reads two labels of one concept a word space apart as one heading, but a net and a gross label as two", () => {
    // "Summe" and "netto" (0.9 of a line apart) both name the line amount: one column over both, where the amounts stand.
    const summeNetto = matchHeaderWords(header([["Pos", 0.05], ["Artikel", 0.12], ["Anzahl", 0.5], ["Einzelpreis", 0.62], ["Summe", 0.78], ["netto", 0.814]]));
    expect(summeNetto.map((c) => [c.key, c.label])).toEqual([["position", "Pos"], ["description", "Artikel"], ["quantity", "Anzahl"], ["unit_price", "Einzelpreis"], ["amount", "Summe netto"]]);
    const netGross = matchHeaderWords(header([["Article", 0.05], ["Qté", 0.5], ["Total", 0.7], ["HT", 0.734], ["Total", 0.754], ["TTC", 0.788]]));
    expect(netGross.map((c) => c.label)).toEqual(["Article", "Qté", "Total HT", "Total TTC"]);
  });

  it("keeps a label apart that starts inside the one before it: a heading's second printed line given as one line", () => {
    // "Prijs per stuk (excl." over "btw)", with "Totaal" printed between them and overlapping "(excl.".
    const stacked = matchHeaderWords(header([["Product", 0.05], ["Aantal", 0.5], ["Prijs", 0.6], ["per", 0.63], ["stuk", 0.65], ["(excl.", 0.675], ["Totaal", 0.69]]));
    expect(stacked.map((c) => [c.key, c.label])).toEqual([["description", "Product"], ["quantity", "Aantal"], ["unit_price", "Prijs per stuk (excl."], ["amount", "Totaal"]]);
  });

  it("reads abbreviations as the one concept whose labels they start", () => {
    expect(abbreviationKey("Aant.", "aant")).toBe("quantity");
    expect(abbreviationKey("Descr.", "descr")).toBe("description");
    expect(abbreviationKey("Art.", "art")).toBeNull();
    expect(abbreviationKey("Aant", "aant")).toBeNull();
  });

  it("makes one column of two labels printed as one phrase, and two of labels a column gap apart", () => {
    expect(keys(header([["Code", 0.1], ["article", 0.124], ["Description", 0.3], ["Qté", 0.6], ["Montant", 0.8]]))).toEqual(["item_code", "description", "quantity", "amount"]);
    expect(keys(header([["Ref.", 0.1], ["Artículo", 0.2], ["Cantidad", 0.5], ["Total", 0.8]]))).toEqual(["item_code", "description", "quantity", "amount"]);
  });

  it("reads a word no label knows, a word space before a label, as part of that label's cell", () => {
    const columns = matchHeaderWords(header([["Sl.", 0.05], ["No.", 0.067], ["Resource", 0.18], ["Name", 0.225], ["HSN/SAC", 0.35], ["Bill", 0.48], ["Rate", 0.502], ["Total", 0.85]]));
    expect(columns.map((c) => [c.key, c.label])).toEqual([
      ["position", "Sl. No."],
      ["description", "Resource Name"],
      ["", "HSN/SAC"],
      ["unit_price", "Bill Rate"],
      ["amount", "Total"],
    ]);
    // The description's band starts under "Resource", where its text does.
    expect(columns[1]!.x1).toBe(0.18);
  });

  it("keeps a stacked header line's label over no column as a column of its own", () => {
    const found = matchHeaderWords(header([["Description", 0.1], ["Code", 0.45], ["Total", 0.85]]));
    const merged = mergeStackedHeader(found, matchHeaderWords(header([["No.", 0.05], ["Value", 0.6]])));
    expect(merged.map((c) => c.label)).toEqual(["No.", "Description", "Code", "Value", "Total"]);
  });

  it("reads a label of several words printed as one word, joined by a hyphen or a slash", () => {
    expect(keys(header([["Artikelbezeichnung", 0.1], ["Anzahl", 0.4], ["Preis/Einheit", 0.55], ["USt-Satz", 0.7], ["G-Preis", 0.85]]))).toEqual(["description", "quantity", "unit_price", "tax_rate", "amount"]);
    expect(keys(header([["N.", 0.05], ["Beschrijving", 0.1], ["U.", 0.5], ["Sc.", 0.7], ["Bedrag", 0.85]]))).toEqual(["position", "description", "unit", "discount_percent", "amount"]);
  });

  it("knows headers in the invoice languages", () => {
    const rows: Array<Array<[string, number]>> = [
      [["Omschrijving", 0.1], ["Aant.", 0.5], ["Prijs", 0.6], ["Totaal", 0.8]],
      [["Descrizione", 0.1], ["Q.tà", 0.5], ["Prezzo", 0.6], ["unitario", 0.635], ["Importo", 0.8]],
      [["Concepto", 0.1], ["Cant.", 0.5], ["Precio", 0.6], ["Importe", 0.8]],
      [["Désignation", 0.1], ["Qté", 0.5], ["P.U.", 0.6], ["HT", 0.62], ["Montant", 0.8]],
    ];
    for (const cells of rows) {
      const words = header(cells);
      const found = new Set(keys(words));
      expect(found.has("description") && found.has("quantity") && found.has("amount")).toBe(true);
      expect(headerScore(matchHeaderWords(words), cells.map(([t]) => t).join(" "))).toBeGreaterThan(0);
    }
  });

  it("takes the table field's own column names as header wording", () => {
    const defs = [
      { name: "Stückzahl", type: "number" as const, description: "quantity" },
      { name: "Farbe", type: "text" as const },
    ];
    const conceptOf = new Map(defs.map((d) => [d.name, columnConceptFor(d)] as const));
    const labels = headerLabelsOf(defs, conceptOf);
    expect(labels).toContainEqual({ key: "quantity", tokens: ["stuckzahl"] });
    expect(labels).toContainEqual({ key: "field:Farbe", tokens: ["farbe"] });
    expect(keys(header([["Farbe", 0.1], ["Stückzahl", 0.5], ["Betrag", 0.8]]), labels)).toEqual(["field:Farbe", "quantity", "amount"]);
  });
});
