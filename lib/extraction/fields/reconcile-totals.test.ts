import { describe, expect, it } from "vitest";
import { textToPages } from "../loaders/plain-text";
import { documentLines } from "./document-lines";
import { findLabelledCandidates } from "./find-labelled-value";
import { reconcileTotals } from "./reconcile-totals";

const lines = documentLines({
  pages: textToPages(["Goods value       457.20", "Net amount        448.99", "VAT 19% / 7%      61.07   8.93   70.00", "Total             518.99"].join("\n")),
});
const first = (key: string) => findLabelledCandidates(lines, key, "amount", "dmy")[0] ?? null;

describe("reconcileTotals", () => {
  it("keeps picks that already add up", () => {
    const pick = { subtotal: first("subtotal_amount"), tax: first("tax_amount"), total: first("total_amount") };
    expect(pick.total?.value).toBe(518.99);
    expect(reconcileTotals(lines, pick, "dmy")).toBe(pick);
  });

  it("replaces an inconsistent net/tax pair by candidates that add up to the total", () => {
    const wrongSubtotal = { ...first("subtotal_amount")!, value: 457.2 };
    const wrongTax = { ...first("tax_amount")!, value: 61.07 };
    const fixed = reconcileTotals(lines, { subtotal: wrongSubtotal, tax: wrongTax, total: first("total_amount") }, "dmy");
    expect([fixed.subtotal?.value, fixed.tax?.value, fixed.total?.value]).toEqual([448.99, 70, 518.99]);
  });

  it("takes the printed net + tax over a total that disagrees, unless cash minus change confirms that total", () => {
    const receipt = documentLines({
      pages: textToPages(["Total Sales (Excluding GST)   7.50", "Total GST   0.45", "Total Sales (Inclusive of GST)   7.85", "CASH   7.95"].join("\n")),
    });
    const get = (key: string) => findLabelledCandidates(receipt, key, "amount", "dmy")[0] ?? null;
    const pick = { subtotal: get("subtotal_amount"), tax: get("tax_amount"), total: get("total_amount") };
    expect(pick.total?.value).toBe(7.85);
    expect(reconcileTotals(receipt, pick, "dmy").total?.value).toBe(7.95);
    expect(reconcileTotals(receipt, pick, "dmy", { totalConfirmed: true }).total?.value).toBe(7.85);
  });
});
