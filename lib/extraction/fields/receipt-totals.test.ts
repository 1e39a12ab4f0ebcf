import { describe, expect, it } from "vitest";
import { textToPages } from "../loaders/plain-text";
import { withScorer } from "../scorer";
import { extractScalarFields } from "./extract-fields";

// These rules pick the candidate the learned scorer reads as its "rules' choice" feature: tested on their own.
const total = (text: string[]) => withScorer(null, () => extractScalarFields({ pages: textToPages(text.join("\n")) }, [{ name: "total_amount", type: "number", description: "Total" }])).get("total_amount")?.value;

describe("a total line that states the tax included", () => {
  it("gives way to the gross amount whose share at the printed rate it is", () => {
    // 25.15 × 6 / 106 = 1.42: the bracketed line is the tax the total includes.
    expect(total(["KAYA PUFF 4      6.40", "SLICE CAKE       8.70", "CHEESE TART     10.05", "Due             25.15", "Change           0.00", "(Total Included GST @ 6%   1.42)"])).toBe(25.15);
  });

  it("stays when no amount on the page has it as its tax", () => {
    expect(total(["ITEM A      3.00", "ITEM B      4.50", "Total incl. GST 6%    7.50"])).toBe(7.5);
    expect(total(["ITEM A      3.00", "(Total Included GST @ 6%   1.42)"])).toBe(1.42);
  });
});

describe("receipt totals", () => {
  it("never takes the amount tendered for the total", () => {
    // The payable line's label is misread; "Paid Amount" is the largest amount labelled like one.
    expect(total(["Total Amt Incl GST @ 6% :   8.46", "Tatal An Peyahte :   8.50", "Paid Amount :   100.00"])).toBe(8.46);
  });

  it("takes the total labelled under a rounding line whose adjustment is misread", () => {
    expect(total(["Total Amt Incl GST @ 6% :   7.42", "Roundng Adjusiment :   (0.01)", "Total Payable :   7.40", "Paid Amount :   10.00"])).toBe(7.4);
  });

  it("reads a net total printed below the subtotal and the tax as the total", () => {
    expect(total(["4 SubTotal   179.00", "GST 06%:   10.74", "Rounding Adj   0.01", "Net Total   189.75", "Tax Summary   Amount   Tax", "SR:GST 06%   179.00   10.74"])).toBe(189.75);
  });

  it("takes a net total or subtotal as the total when no total line is printed", () => {
    expect(total(["MILO 2      4.00", "BREAD 1     41.00", "NET TOTAL. :", "45.00", "CASH :", "GST Summary Amount(RM) Tax(RM)", "42.45   2.55"])).toBe(45);
    expect(total(["NOODLE   8.50", "TEA   1.80", "SUBTOTAL   28.70", "RM CASH   100.000", "CHANGE   71.30", "INC 6% GST   1.62"])).toBe(28.7);
    // A rounding line below the subtotal adjusts a total the reader lost.
    expect(total(["TEA   150.00", "SUB TOTAL   295.00", "ROUNDING ADJ   -0.02"])).toBeNull();
    // A total line, however small, is still the total.
    expect(total(["Sub Total   50.00", "Discount   10.00", "Total   40.00"])).toBe(40);
  });

  it("keeps a net total above the tax as the net amount", () => {
    const fields = extractScalarFields({ pages: textToPages(["Net total   100.00", "VAT 19%   19.00", "Total   119.00"].join("\n")) }, [
      { name: "subtotal_amount", type: "number", description: "Subtotal" },
      { name: "total_amount", type: "number", description: "Total" },
    ]);
    expect(fields.get("subtotal_amount")?.value).toBe(100);
    expect(fields.get("total_amount")?.value).toBe(119);
  });
});

describe("a currency code set apart", () => {
  it("is passed over between a total label and its amount", () => {
    expect(total(["Total        RM        100.00", "Cash         RM        100.00"])).toBe(100);
  });
});
