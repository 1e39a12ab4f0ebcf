import { describe, expect, it } from "vitest";
import type { DocLine } from "../document-lines";
import { addresseeBlocks, institutionNamed, nameAtTop } from "./header-blocks";

type Spec = { text: string; x?: number; y: number; h?: number; page?: number };

/** Document lines from specs: boxes in page fractions, body text 0.012 high. */
function docLines(specs: Spec[]): DocLine[] {
  return specs.map((s, index) => ({ index, page: s.page ?? 1, text: s.text, box: { x: s.x ?? 0.1, y: s.y, w: 0.3, h: s.h ?? 0.012 }, words: [], tokens: [] }));
}

const FIRST = ["Alfred", "Priya", "Chung", "Leila", "Tomasz", "Naomi"];
const LAST = ["Pennyworth", "Raman", "Hoàng", "Nowak", "Kowalski", "Holloway"];
const names = FIRST.map((f, i) => `${f} ${LAST[i]}`);

describe("a résumé's name by where it stands", () => {
  it("takes the largest name of the top band even when an address line stands above it", () => {
    for (const name of names) {
      const lines = docLines([
        { text: "Silicon Valley, CA, USA", x: 0.7, y: 0.1 },
        { text: name, y: 0.107, h: 0.03 },
        { text: "(123) 456-7890", x: 0.7, y: 0.115 },
        { text: `${name.split(" ")[0]!.toLowerCase()}@example.com`, x: 0.7, y: 0.129 },
        { text: "Product Manager", y: 0.151, h: 0.02 },
        { text: "Professional Summary", y: 0.233, h: 0.017 },
        { text: "Seasoned manager with twenty years of experience in software.", y: 0.258 },
      ]);
      expect(nameAtTop(lines)?.value).toBe(name);
    }
  });

  it("takes the name heading the contact details, lower down under a portal's header, and joins a name set over two lines", () => {
    const portal = docLines([
      { text: "Top Jobs for IT People", x: 0.7, y: 0.08 },
      { text: "Applicant for:", y: 0.186 },
      { text: "Mobile Engineer (React Native)", y: 0.208, h: 0.024 },
      { text: "Nguyen Phuong", y: 0.339, h: 0.024 },
      { text: "phuong@example.com", y: 0.376, h: 0.015 },
    ]);
    expect(nameAtTop(portal)?.value).toBe("Nguyen Phuong");
    const twoLines = docLines([
      { text: "lima@example.pe", x: 0.6, y: 0.115 },
      { text: "CHRISTIAN", x: 0.36, y: 0.141, h: 0.021 },
      { text: "LARICO DEPAZ", x: 0.36, y: 0.166, h: 0.021 },
      { text: "EDUCATION", x: 0.18, y: 0.278, h: 0.016 },
      { text: "Universidad Nacional Mayor de San Marcos", x: 0.18, y: 0.301 },
      { text: "Ingeniería de software, décimo ciclo", x: 0.3, y: 0.32 },
      { text: "EXPERIENCIA", x: 0.18, y: 0.356, h: 0.016 },
      { text: "Desarrollador de aplicaciones web y móviles", x: 0.18, y: 0.38 },
    ]);
    expect(nameAtTop(twoLines)?.value).toBe("CHRISTIAN LARICO DEPAZ");
    // OCR sets the two lines' heights a little apart.
    const ocr = twoLines.map((l) => (l.text === "CHRISTIAN" ? { ...l, box: { ...l.box, h: 0.018 } } : l));
    expect(nameAtTop(ocr)?.value).toBe("CHRISTIAN LARICO DEPAZ");
  });

  it("abstains without contact details near the top, and on a heading set like a name", () => {
    expect(nameAtTop(docLines([{ text: "Prashant Bhat", y: 0.08 }, { text: "Data scientist with sixteen years of experience.", y: 0.14 }]))).toBeNull();
    expect(nameAtTop(docLines([{ text: "R ESEARCH E XPERIENCE", y: 0.03, h: 0.017 }, { text: "a@b.org", y: 0.06 }, { text: "Body text of the page here.", y: 0.09 }]))).toBeNull();
  });
});

describe("statement blocks", () => {
  it("reads an account holder's block whose street number follows the street and whose town has no postcode", () => {
    for (const [street, town] of [["Any Street 123", "Any Town"], ["Hauptstraße 12a", "Berlin"], ["408 QUEEN ST W,", "TORONTO, ON"]] as const) {
      const lines = docLines([{ text: "MR JOHN CITIZEN", y: 0.22 }, { text: street, y: 0.237 }, { text: town, y: 0.254 }]);
      expect(addresseeBlocks(lines)).toEqual([]);
      expect(addresseeBlocks(lines, true).map((b) => b.value)).toEqual(["JOHN CITIZEN"]);
    }
  });

  it("names the bank a field asks for, once or over its address, and not the bare word", () => {
    const lines = docLines([
      { text: "JPMorgan Chase Bank N.A.", y: 0.087 },
      { text: "P O Box 260180", y: 0.111 },
      { text: "Baton Rouge, LA 70826", y: 0.121 },
      { text: "BANK", x: 0.4, y: 0.2 },
      { text: "Pay with any Bank Card", x: 0.6, y: 0.3 },
    ]);
    expect(institutionNamed("bank_name", lines)?.value).toBe("JPMorgan Chase Bank N.A.");
    expect(institutionNamed("holder", lines)).toBeNull();
  });
});
