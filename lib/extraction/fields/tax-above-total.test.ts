import { describe, expect, it } from "vitest";
import { arithmeticCheck } from "./value-evidence";

describe("a tax no smaller than the total", () => {
  for (const total of [390.32, 12.22, 1855535]) {
    it(`contradicts a positive total of ${total}, net and tax unknown or not`, () => {
      for (const tax of [total, total * 3.05, total + 0.01]) {
        expect(arithmeticCheck("tax_amount", tax, { subtotal: null, tax: null, total, paid: null })).toBe(-1);
        expect(arithmeticCheck("tax_amount", tax, { subtotal: total * 0.8, tax: total * 0.2, total, paid: null })).toBe(-1);
      }
      const rate = 0.19;
      const tax = Math.round((total - total / (1 + rate)) * 100) / 100;
      expect(arithmeticCheck("tax_amount", tax, { subtotal: null, tax: null, total, paid: null })).toBe(0);
    });
  }
});
