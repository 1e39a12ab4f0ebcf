import { describe, expect, it } from "vitest";
import { detectDateOrder, documentDateOrder, localeOrder } from "./date-order";
import type { DocLine } from "./document-lines";

const lines = (texts: string[]): DocLine[] => texts.map((text, index) => ({ index, page: 1, text, box: { x: 0, y: index / 50, w: 0.5, h: 0.01 }, words: [], tokens: [] }));

describe("detectDateOrder", () => {
  it("follows the unambiguous dates and is day-first when none decides", () => {
    expect(detectDateOrder("Invoice 03/14/2024, due 04/13/2024")).toBe("mdy");
    expect(detectDateOrder("Rechnung 14.03.2024")).toBe("dmy");
    expect(detectDateOrder("Date 03/04/2024")).toBe("dmy");
  });

  it("takes no vote from a part number shaped like a date whose year no calendar of ours reaches", () => {
    for (const [a, b, year] of [[10, 15, 4402], [3, 27, 1010], [11, 30, 7312]] as const) {
      expect(detectDateOrder(`Pedido de 12/05/2023\nPart Number: ${a}.${b}.${year}`)).toBe("dmy");
      expect(detectDateOrder(`Invoice ${a}/${b}/2023`)).toBe("mdy");
    }
  });

  it("does not read a date inside a longer run of numbers", () => {
    expect(detectDateOrder("Ref 4/03/13/2024")).toBe("dmy");
  });
});

describe("documentDateOrder", () => {
  it("takes the months the document spells out when no date's numbers decide", () => {
    expect(documentDateOrder("Statement period: March 1 - March 31, 2024\n03/02/2024 Coffee 3.50", "dmy")).toBe("mdy");
    expect(documentDateOrder("Période du 1 mars au 31 mars 2024\n02/03/2024 Café 3,50", "mdy")).toBe("dmy");
    expect(documentDateOrder("05/06/2024 Coffee", "mdy")).toBe("mdy");
  });
});

describe("localeOrder", () => {
  it("keeps a month-first document, and one day-first date decides day-first", () => {
    expect(localeOrder(lines(["Date: 14/03/2024"]), "mdy")).toBe("mdy");
    expect(localeOrder(lines(["Paid $12.00 and $3.00", "Date: 14/03/2024"]), "dmy")).toBe("dmy");
  });

  it("reads US addresses and dollar amounts as month-first", () => {
    expect(localeOrder(lines(["Springfield, IL 62704", "Date: 03/04/2024"]), "dmy")).toBe("mdy");
  });

  it("answers the same for the same lines, asked again", () => {
    const doc = lines(["On January 10, 2015 the agency received it.", "Date: 01/09/2015"]);
    expect(localeOrder(doc, "dmy")).toBe("mdy");
    expect(localeOrder(doc, "dmy")).toBe("mdy");
  });
});
