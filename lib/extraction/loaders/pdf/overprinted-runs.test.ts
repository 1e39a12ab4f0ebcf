import { PDFDocument, StandardFonts } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { loadDocument } from "../load-document";
import { withoutOverprints } from "./overprinted-runs";

describe("text drawn twice over itself (fake bold)", () => {
  it("keeps one of two equal runs a fraction of a point apart, and equal runs a character or more apart", () => {
    const runs = [
      { str: "Widget", x: 40, y: 500, size: 12 },
      { str: "Widget", x: 39.6, y: 500, size: 12 },
      { str: "2", x: 300, y: 500, size: 12 },
      { str: "2", x: 299.6, y: 500.2, size: 12 },
      // The same number in the next column and on the next line: text of its own.
      { str: "2", x: 360, y: 500, size: 12 },
      { str: "2", x: 300, y: 486, size: 12 },
      // Letters drawn one by one: the second "i" of "ii" starts a narrow letter's width on.
      { str: "i", x: 100, y: 400, size: 12 },
      { str: "i", x: 102.7, y: 400, size: 12 },
      // A larger copy in the same place is another text (a title over its shadow is rare, a stamp is not).
      { str: "Widget", x: 40, y: 500, size: 20 },
    ];
    expect(withoutOverprints(runs).map((r) => `${r.str}@${r.x},${r.y}/${r.size}`)).toEqual(["Widget@40,500/12", "2@300,500/12", "2@360,500/12", "2@300,486/12", "i@100,400/12", "i@102.7,400/12", "Widget@40,500/20"]);
  });

  it("reads a page whose every line is drawn twice as its lines once", async () => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    const page = doc.addPage([595, 842]);
    const lines: Array<[string, number, number]> = [["Description", 40, 700], ["Rate", 300, 700], ["Amount", 450, 700], ["Consulting work", 40, 680], ["10", 300, 680], ["1000", 450, 680]];
    for (const [text, x, y] of lines) {
      page.drawText(text, { x, y, size: 12, font });
      page.drawText(text, { x: x - 0.375, y, size: 12, font });
    }
    const model = await loadDocument(await doc.save(), "application/pdf", { mode: "fast" });
    const text = model.pages[0]!.blocks.flatMap((b) => b.lines.map((l) => l.text));
    expect(text.join(" | ")).not.toMatch(/Consulting Consulting|10 10|1010/);
    expect(model.pages[0]!.blocks.flatMap((b) => b.lines.flatMap((l) => l.words)).map((w) => w.text).sort()).toEqual(["10", "1000", "Amount", "Consulting", "Description", "Rate", "work"]);
  });
});
