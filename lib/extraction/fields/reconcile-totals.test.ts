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
});
