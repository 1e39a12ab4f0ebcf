import { describe, expect, it } from "vitest";
import type { FieldDefinition } from "../types";
import { applyMemory, type MemoryMatch } from "./apply";
import { fingerprintKeys, fingerprintOf, fingerprintSimilarity } from "./fingerprint";
import { layoutOf } from "./printed-layout";
import { inTaughtShape } from "./read-field";
import { teachExample } from "./teach";
import type { DocumentLayout, MemoryExample } from "./types";

const FIELDS: FieldDefinition[] = [
  { name: "invoice_number", type: "text" },
  { name: "total", type: "number" },
  { name: "invoice_date", type: "date" },
  { name: "vendor_name", type: "text" },
];

function invoice(options: { number: string; total: string; date: string; vendor?: string; shift?: number; extraLabel?: boolean }): DocumentLayout {
  const s = options.shift ?? 0;
  return layoutOf([
    { text: options.vendor ?? "Nordwind Handel GmbH", x: 0.1, y: 0.05 },
    { text: "Hafenstrasse 12 Bremen", x: 0.1, y: 0.08 },
    { text: "IBAN DE89 3704 0044 0532 0130 00", x: 0.1, y: 0.95 },
    { text: `Belegnr. ${options.number}`, x: 0.6, y: 0.2 + s },
    { text: `Datum ${options.date}`, x: 0.6, y: 0.23 + s },
    // A second number the generic engine might take for the total.
    { text: `Zwischensumme ${(Number(options.total) * 0.8).toFixed(2)}`, x: 0.55, y: 0.7 + s },
    { text: `Zahlbetrag ${options.total}`, x: 0.55, y: 0.74 + s },
    ...(options.extraLabel ? [] : []),
  ]);
}

function teach(layout: DocumentLayout, data: Record<string, unknown>, id = "ex-1", taughtAt = "2026-01-01T00:00:00.000Z"): MemoryExample {
  return {
    id,
    documentId: `doc-${id}`,
    taughtAt,
    fingerprint: fingerprintOf(layout, typeof data.vendor_name === "string" ? data.vendor_name : null),
    evidence: teachExample({ layout, fields: FIELDS, data, fieldMetadata: {} }),
  };
}

function matchesFor(layout: DocumentLayout, examples: MemoryExample[]): MemoryMatch[] {
  const keys = fingerprintKeys(fingerprintOf(layout));
  return examples.map((example) => ({ example, similarity: fingerprintSimilarity(keys, fingerprintKeys(example.fingerprint), () => 1, examples.length) }));
}

describe("teaching", () => {
  it("keeps each value's box and the label beside it", () => {
    const layout = invoice({ number: "A-1001", total: "119.00", date: "03.02.2025" });
    const evidence = teachExample({ layout, fields: FIELDS, data: { invoice_number: "A-1001", total: 119, invoice_date: "2025-02-03", vendor_name: "Nordwind Handel GmbH" }, fieldMetadata: {} });
    expect(evidence.fields.total!.anchor).toMatchObject({ words: ["Zahlbetrag"], side: "right" });
    expect(evidence.fields.invoice_number!.anchor!.words).toEqual(["Belegnr."]);
    expect(evidence.fields.invoice_date!.raw).toBe("03.02.2025");
    expect(evidence.fields.total!.box!.y).toBeCloseTo(0.74, 3);
  });

  it("keeps a value it cannot find, without a box, so it never overrides by position", () => {
    const layout = invoice({ number: "A-1001", total: "119.00", date: "03.02.2025" });
    const evidence = teachExample({ layout, fields: FIELDS, data: { invoice_number: "typed-by-hand" }, fieldMetadata: {} });
    expect(evidence.fields.invoice_number).toMatchObject({ value: "typed-by-hand", box: null, anchor: null });
    expect(evidence.fields.total!.value).toBeNull();
  });

  it("a corrected figure is taught at its first labelled printing, not at the printing nearest the engine's wrong reading", () => {
    // The total is printed beside "Due" and again beside "Pay" (cash handed over, equal to it only that day); the
    // engine read the tax line below them as the total, and the reviewer corrected it.
    const layout = layoutOf([
      { text: "Due 25.15", x: 0.45, y: 0.66 },
      { text: "Pay 25.15", x: 0.45, y: 0.69 },
      { text: "Change 0.00", x: 0.45, y: 0.74 },
      { text: "Included GST 1.42", x: 0.15, y: 0.79 },
    ]);
    const engine = { total: { confidence: 0.8, source: { page: 1, x: 0.3, y: 0.79, w: 0.05, h: 0.012 }, raw: "1.42" } };
    const corrected = teachExample({ layout, fields: FIELDS, data: { total: 25.15 }, fieldMetadata: engine });
    expect(corrected.fields.total!.anchor!.words).toEqual(["Due"]);
    // Where the engine had read the confirmed value itself, its printing is the one taught.
    const confirmed = teachExample({ layout, fields: FIELDS, data: { total: 25.15 }, fieldMetadata: { total: { ...engine.total, source: { page: 1, x: 0.48, y: 0.69, w: 0.04, h: 0.012 }, raw: "25.15" } } });
    expect(confirmed.fields.total!.anchor!.words).toEqual(["Pay"]);
  });
});

describe("a taught figure against the engine's choice", () => {
  // A receipt whose only item's amount, under the "Amount" column, equals the total printed at the bottom with no
  // label beside it: teaching finds the value at the column header, a label that names another figure next time.
  function receipt(items: string[], total: string): DocumentLayout {
    return layoutOf([
      { text: "Kedai Runcit Maju Jaya", x: 0.2, y: 0.04 },
      { text: "No 3 Jalan Besar Klang", x: 0.2, y: 0.07 },
      { text: "Item", x: 0.1, y: 0.2 },
      { text: "Amount", x: 0.7, y: 0.2 },
      ...items.map((amount, index) => ({ text: amount, x: 0.7, y: 0.24 + 0.03 * index })),
      { text: total, x: 0.7, y: 0.6 },
      { text: "Thank you please come again", x: 0.2, y: 0.9 },
    ]);
  }
  const taughtLayout = receipt(["47.70"], "47.70");
  const engineAt = (raw: string, y: number) => ({ total: { confidence: 0.99, source: { page: 1, x: 0.7, y, w: 0.06, h: 0.012 }, raw } });
  const exampleWith = (fieldMetadata: Record<string, { confidence: number; source: { page: number; x: number; y: number; w: number; h: number }; raw: string }>): MemoryExample => ({
    id: "ex-receipt",
    documentId: "doc-receipt",
    taughtAt: "2026-01-01T00:00:00.000Z",
    fingerprint: fingerprintOf(taughtLayout, "Kedai Runcit Maju Jaya"),
    evidence: teachExample({ layout: taughtLayout, fields: FIELDS, data: { total: 47.7 }, fieldMetadata }),
  });
  const next = receipt(["4.24", "13.50", "27.60"], "45.34");

  it("keeps the engine's differing choice where the engine had read the taught value itself", () => {
    const example = exampleWith(engineAt("47.70", 0.6));
    expect(example.evidence.fields.total).toMatchObject({ engineRead: true, anchor: { words: ["Amount"], side: "below" } });
    const outcome = applyMemory({ layout: next, fields: FIELDS, data: { total: 45.34 }, fieldMetadata: engineAt("45.34", 0.6), matches: matchesFor(next, [example]) });
    expect(outcome.data.total).toBe(45.34);
    expect(outcome.applied).not.toContain("total");
  });

  it("reads that label over an engine choice the engine is unsure of", () => {
    const example = exampleWith(engineAt("47.70", 0.6));
    const unsure = { total: { ...engineAt("45.34", 0.6).total, confidence: 0.66 } };
    const outcome = applyMemory({ layout: next, fields: FIELDS, data: { total: 45.34 }, fieldMetadata: unsure, matches: matchesFor(next, [example]) });
    expect(outcome.data.total).toBe(4.24);
  });

  it("fills an empty field from that label below the confidence that marks a value to trust", () => {
    const example = exampleWith(engineAt("47.70", 0.6));
    const outcome = applyMemory({ layout: next, fields: FIELDS, data: { total: null }, fieldMetadata: {}, matches: matchesFor(next, [example]) });
    expect(outcome.data.total).toBe(4.24);
    expect((outcome.fieldMetadata.total as unknown as { confidence: number }).confidence).toBeLessThan(0.9);
  });

  it("lets a correction outweigh the engine's choice on the sender's next document", () => {
    // The engine had read another figure; the reviewer's value taught the label as a correction.
    const example = exampleWith(engineAt("12.00", 0.3));
    expect(example.evidence.fields.total!.engineRead).toBeUndefined();
    const outcome = applyMemory({ layout: next, fields: FIELDS, data: { total: 45.34 }, fieldMetadata: engineAt("45.34", 0.6), matches: matchesFor(next, [example]) });
    expect(outcome.data.total).toBe(4.24);
    expect((outcome.fieldMetadata.total as unknown as { confidence: number }).confidence).toBeGreaterThanOrEqual(0.9);
  });

  it("does not count a value memory itself set on the taught document as the engine's reading", () => {
    const learned = { total: { ...engineAt("47.70", 0.6).total, learned: { exampleId: "older", documentId: null, match: "anchor", similarity: 1, agreeing: 0, conflicting: 0, fingerprint: 1 } } };
    const evidence = teachExample({ layout: taughtLayout, fields: FIELDS, data: { total: 47.7 }, fieldMetadata: learned });
    expect(evidence.fields.total!.engineRead).toBeUndefined();
  });
});

describe("fingerprints", () => {
  it("recognise a sender by its identifiers and stable header words, and tell another one apart", () => {
    const one = fingerprintOf(invoice({ number: "1", total: "10.00", date: "01.01.2025" }));
    const two = fingerprintOf(invoice({ number: "2", total: "20.00", date: "02.01.2025", shift: 0.05 }));
    const other = fingerprintOf(
      layoutOf([
        { text: "Sonnenschein Bakery Ltd", x: 0.1, y: 0.05 },
        { text: "12 Baker Street London", x: 0.1, y: 0.08 },
        { text: "Total 12.00", x: 0.6, y: 0.7 },
      ]),
    );
    expect(one.identifiers).toContain("iban:DE89370400440532013000");
    const same = fingerprintSimilarity(fingerprintKeys(one), fingerprintKeys(two), () => 1, 2);
    const different = fingerprintSimilarity(fingerprintKeys(other), fingerprintKeys(one), () => 1, 2);
    expect(same).toBeGreaterThan(0.9);
    expect(different).toBeLessThan(0.2);
  });
});

describe("reading a new document from memory", () => {
  const taughtLayout = invoice({ number: "A-1001", total: "119.00", date: "03.02.2025" });
  const example = teach(taughtLayout, { invoice_number: "A-1001", total: 119, invoice_date: "2025-02-03", vendor_name: "Nordwind Handel GmbH" });

  it("reads each taught field beside its label, with the box, a confidence and why", () => {
    const next = invoice({ number: "A-2002", total: "238.50", date: "17.03.2025", shift: 0.04 });
    const outcome = applyMemory({ layout: next, fields: FIELDS, data: { total: 190.8, invoice_number: null }, fieldMetadata: {}, matches: matchesFor(next, [example]) });
    expect(outcome.data).toMatchObject({ invoice_number: "A-2002", total: 238.5, invoice_date: "2025-03-17", vendor_name: "Nordwind Handel GmbH" });
    const total = outcome.fieldMetadata.total as unknown as { confidence: number; source: { y: number }; learned: { match: string; anchor: string; engineValue: number } };
    expect(total.learned).toMatchObject({ match: "anchor", anchor: "Zahlbetrag", engineValue: 190.8 });
    expect(total.source.y).toBeCloseTo(0.78, 3);
    expect(total.confidence).toBeGreaterThan(0.8);
  });

  it("takes the taught name again when OCR misspells it", () => {
    const next = invoice({ number: "A-2", total: "5.00", date: "01.04.2025", vendor: "Nordwlnd Handel GmbH" });
    const outcome = applyMemory({ layout: next, fields: FIELDS, data: { vendor_name: "Nordwlnd Handel GmbH" }, fieldMetadata: {}, matches: matchesFor(next, [example]) });
    expect(outcome.data.vendor_name).toBe("Nordwind Handel GmbH");
    expect((outcome.fieldMetadata.vendor_name as unknown as { learned: { match: string } }).learned.match).toBe("value");
  });

  it("leaves the engine's value when the taught label is absent", () => {
    const next = layoutOf([
      { text: "Nordwind Handel GmbH", x: 0.1, y: 0.05 },
      { text: "Hafenstrasse 12 Bremen", x: 0.1, y: 0.08 },
      { text: "IBAN DE89 3704 0044 0532 0130 00", x: 0.1, y: 0.95 },
      { text: "Gesamt 77.00", x: 0.55, y: 0.74 },
    ]);
    const outcome = applyMemory({ layout: next, fields: FIELDS, data: { total: 77 }, fieldMetadata: { total: { confidence: 0.7, source: null } }, matches: matchesFor(next, [example]) });
    expect(outcome.data.total).toBe(77);
    expect(outcome.applied).not.toContain("total");
  });

  it("says nothing for another sender", () => {
    const other = layoutOf([
      { text: "Sonnenschein Bakery Ltd", x: 0.1, y: 0.05 },
      { text: "Zahlbetrag 12.00", x: 0.55, y: 0.74 },
    ]);
    const outcome = applyMemory({ layout: other, fields: FIELDS, data: { total: 11 }, fieldMetadata: {}, matches: matchesFor(other, [example]) });
    expect(outcome.applied).toEqual([]);
    expect(outcome.data.total).toBe(11);
  });

  it("lets the latest example win and lowers the confidence when examples of one layout disagree", () => {
    // An older example taught the subtotal line as the total; the newer one the payable amount.
    const older = teach(taughtLayout, { total: 95.2 }, "old", "2025-01-01T00:00:00.000Z");
    const newer = teach(taughtLayout, { total: 119 }, "new", "2025-06-01T00:00:00.000Z");
    const next = invoice({ number: "A-3", total: "50.00", date: "01.05.2025" });
    const outcome = applyMemory({ layout: next, fields: FIELDS, data: {}, fieldMetadata: {}, matches: matchesFor(next, [older, newer]) });
    expect(outcome.data.total).toBe(50);
    const metadata = outcome.fieldMetadata.total as unknown as { confidence: number; learned: { conflicting: number; exampleId: string } };
    expect(metadata.learned).toMatchObject({ exampleId: "new", conflicting: 1 });
    expect(metadata.confidence).toBeLessThanOrEqual(0.7);
  });
});

describe("tables", () => {
  const TABLE: FieldDefinition[] = [
    {
      name: "items",
      type: "table",
      columns: [
        { name: "description", type: "text" },
        { name: "quantity", type: "number" },
        { name: "amount", type: "number" },
      ],
    },
  ];
  const sheet = (rows: Array<[string, string, string]>) =>
    layoutOf([
      { text: "Nordwind Handel GmbH", x: 0.1, y: 0.05 },
      { text: "Artikel", x: 0.1, y: 0.3 },
      { text: "Menge", x: 0.5, y: 0.3 },
      { text: "Betrag", x: 0.8, y: 0.3 },
      ...rows.flatMap(([description, quantity, amount], index) => [
        { text: description, x: 0.1, y: 0.33 + index * 0.03 },
        { text: quantity, x: 0.5, y: 0.33 + index * 0.03 },
        { text: amount, x: 0.8, y: 0.33 + index * 0.03 },
      ]),
    ]);

  it("learns column bands and header words, and fills the cells the engine left empty", () => {
    const taught = sheet([
      ["Schrauben M8", "100", "12.50"],
      ["Muttern M8", "200", "8.00"],
    ]);
    const evidence = teachExample({ layout: taught, fields: TABLE, data: { items: [{ description: "Schrauben M8", quantity: 100, amount: 12.5 }, { description: "Muttern M8", quantity: 200, amount: 8 }] }, fieldMetadata: {} });
    const quantity = evidence.tables.items!.columns.find((column) => column.name === "quantity")!;
    expect(quantity.x0).toBeCloseTo(0.5, 3);
    expect(quantity.header).toEqual(["menge"]);

    const next = sheet([["Dübel 10mm", "50", "4.20"]]);
    const example: MemoryExample = { id: "t", documentId: "d", taughtAt: "2026-01-01T00:00:00.000Z", fingerprint: fingerprintOf(taught), evidence };
    const row = next.pages[0]!.words.filter((word) => Math.abs(word.y - 0.33) < 0.001);
    const source = (index: number) => ({ confidence: 0.7, source: { page: 1, x: row[index]!.x, y: row[index]!.y, w: row[index]!.w, h: row[index]!.h } });
    const outcome = applyMemory({
      layout: next,
      fields: TABLE,
      data: { items: [{ description: "Dübel 10mm", quantity: null, amount: 4.2 }] },
      fieldMetadata: { items: { confidence: 0.7, source: null, rows: [{ description: source(0), amount: source(3) }] } },
      matches: matchesFor(next, [example]),
    });
    expect(outcome.data.items).toEqual([{ description: "Dübel 10mm", quantity: 50, amount: 4.2 }]);
  });
});

describe("dates beside a label that follows a receipt number", () => {
  const receipt = (line: string) => layoutOf([{ text: "AIK HUAT HARDWARE", x: 0.3, y: 0.05 }, { text: line, x: 0.06, y: 0.34 }]);
  const fields: FieldDefinition[] = [{ name: "invoice_date", type: "date" }];

  it("anchor at the label words only, and read a date whose separator OCR misread in the taught shape", () => {
    const taughtLayout = receipt("RECEIPT #:CSP0422870 DATE: 29/12/2017");
    const evidence = teachExample({ layout: taughtLayout, fields, data: { invoice_date: "2017-12-29" }, fieldMetadata: {} });
    expect(evidence.fields.invoice_date!.anchor).toMatchObject({ words: ["DATE:"], before: null });
    const example: MemoryExample = { id: "ex-1", documentId: "doc-1", taughtAt: "2026-01-01T00:00:00.000Z", fingerprint: fingerprintOf(taughtLayout, null), evidence };
    const next = receipt("RECEIPT #:CSP0397224 DATE: 13707/2017");
    const outcome = applyMemory({ layout: next, fields, data: { invoice_date: null }, fieldMetadata: {}, matches: [{ example, similarity: 1 }] });
    expect(outcome.data.invoice_date).toBe("2017-07-13");
  });

  it("take nothing that is not the taught shape", () => {
    expect(inTaughtShape("13707/2017", "29/12/2017")).toBe("13/07/2017");
    expect(inTaughtShape("13/07/2017", "29/12/2017")).toBeNull(); // nothing to repair
    expect(inTaughtShape("1307/2017", "29/12/2017")).toBeNull();
    expect(inTaughtShape("1A-07/2017", "29/12/2017")).toBeNull(); // a letter where the taught date has a figure
    expect(inTaughtShape("1370712017", "29/12/2017")).toBe("13/07/2017");
    // A figure OCR read as its look-alike letter.
    expect(inTaughtShape("1S/11/2017", "29/12/2017")).toBe("15/11/2017");
    expect(inTaughtShape("1S/1I/2O17", "29/12/2017")).toBeNull(); // three slips: more than a misread
  });

  it("read a date whose figure OCR read as a letter", () => {
    const taughtLayout = receipt("RECEIPT #:CSP0422870 DATE: 29/12/2017");
    const evidence = teachExample({ layout: taughtLayout, fields, data: { invoice_date: "2017-12-29" }, fieldMetadata: {} });
    const example: MemoryExample = { id: "ex-1", documentId: "doc-1", taughtAt: "2026-01-01T00:00:00.000Z", fingerprint: fingerprintOf(taughtLayout, null), evidence };
    const outcome = applyMemory({ layout: receipt("RECEIPT #:CSP0397224 DATE: 1S/11/2017"), fields, data: { invoice_date: null }, fieldMetadata: {}, matches: [{ example, similarity: 1 }] });
    expect(outcome.data.invoice_date).toBe("2017-11-15");
  });
});

describe("a label printed more than once", () => {
  const FORM: FieldDefinition[] = [{ name: "vendor_name", type: "text" }];
  /** A rendered e-invoice: the seller's block, then the buyer's, each with its "Name:" line; `gap` moves the buyer's up. */
  const form = (seller: string, buyer: string, gap: number) =>
    layoutOf([
      { text: "Verkäufer", x: 0.11, y: 0.3 },
      { text: "Nummer: 549910", x: 0.11, y: 0.315 },
      { text: "Name:", x: 0.11, y: 0.33 },
      { text: seller, x: 0.51, y: 0.33 },
      { text: "Käufer", x: 0.11, y: 0.33 + gap },
      { text: "Name:", x: 0.11, y: 0.345 + gap },
      { text: buyer, x: 0.51, y: 0.345 + gap },
    ]);

  it("is re-found as the same printing counted from the top, not the printing nearest where it was taught", () => {
    const taught = form("Handwerker GmbH", "Kunden AG Mitte", 0.15);
    const evidence = teachExample({ layout: taught, fields: FORM, data: { vendor_name: "Handwerker GmbH" }, fieldMetadata: {} });
    expect(evidence.fields.vendor_name!.anchor).toMatchObject({ words: ["Name:"], rank: 0 });
    // The next one has no "Nummer:" line: the seller's block starts higher, the buyer's "Name:" lands where the seller's was.
    const next = layoutOf([
      { text: "Verkäufer", x: 0.11, y: 0.2 },
      { text: "Name:", x: 0.11, y: 0.215 },
      { text: "Groß und Breit Bau AG", x: 0.51, y: 0.215 },
      { text: "Käufer", x: 0.11, y: 0.315 },
      { text: "Name:", x: 0.11, y: 0.33 },
      { text: "Metallbau Leipzig GmbH", x: 0.51, y: 0.33 },
    ]);
    const outcome = applyMemory({ layout: next, fields: FORM, data: {}, fieldMetadata: {}, matches: [{ example: { id: "e", documentId: null, taughtAt: "2026-01-01T00:00:00.000Z", fingerprint: fingerprintOf(taught), evidence }, similarity: 0.9 }] });
    expect(outcome.data.vendor_name).toBe("Groß und Breit Bau AG");
  });

  it("printed once on the taught page and twice on the next, is read at its first printing: the buyer's VAT id is not the seller's", () => {
    const VAT: FieldDefinition[] = [{ name: "vendor_vat_id", type: "text" }];
    const taught = layoutOf([
      { text: "Verkäufer", x: 0.11, y: 0.3 },
      { text: "USt.-Id.-Nr.: DE123456789", x: 0.11, y: 0.33 },
      { text: "Käufer", x: 0.11, y: 0.4 },
    ]);
    const evidence = teachExample({ layout: taught, fields: VAT, data: { vendor_vat_id: "DE123456789" }, fieldMetadata: {} });
    expect(evidence.fields.vendor_vat_id!.anchor).toMatchObject({ rank: 0 });
    // Another seller's invoice on the same form: the taught VAT id is printed again, as the buyer's.
    const next = layoutOf([
      { text: "Verkäufer", x: 0.11, y: 0.2 },
      { text: "USt.-Id.-Nr.: DE999999999", x: 0.11, y: 0.23 },
      { text: "Käufer", x: 0.11, y: 0.3 },
      { text: "USt.-Id.-Nr.: DE123456789", x: 0.11, y: 0.34 },
    ]);
    const example = { id: "e", documentId: null, taughtAt: "2026-01-01T00:00:00.000Z", fingerprint: fingerprintOf(taught), evidence };
    expect(applyMemory({ layout: next, fields: VAT, data: {}, fieldMetadata: {}, matches: [{ example, similarity: 0.9 }] }).data.vendor_vat_id).toBe("DE999999999");
    // The same sender again: its VAT id at its label.
    expect(applyMemory({ layout: taught, fields: VAT, data: {}, fieldMetadata: {}, matches: [{ example, similarity: 0.9 }] }).data.vendor_vat_id).toBe("DE123456789");
  });
});
