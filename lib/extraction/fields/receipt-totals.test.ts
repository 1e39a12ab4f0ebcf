import { describe, expect, it } from "vitest";
import { textToPages } from "../loaders/plain-text";
import { extractScalarFields } from "./extract-fields";

const total = (text: string[]) => extractScalarFields({ pages: textToPages(text.join("\n")) }, [{ name: "total_amount", type: "number", description: "Total" }]).get("total_amount")?.value;

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
