import { describe, expect, it } from "vitest";
import { canonicalCents, canonicalQuantity, CURRENCIES, formatCents, formatDate, formatMoney, formatQuantity, formatRate, NUMBER_STYLES, addDays } from "./formats";
import { computeTotals, lineAmount, type LineItem } from "./content";
import { ibanIsValid, iban, mod97, vatId, type Country } from "./parties";
import { Rng } from "./rng";

describe("number, money and date formats", () => {
  it("prints the four grouping conventions and the canonical form", () => {
    expect(formatCents(123456, NUMBER_STYLES["1,234.56"]!)).toBe("1,234.56");
    expect(formatCents(123456, NUMBER_STYLES["1.234,56"]!)).toBe("1.234,56");
    expect(formatCents(123456, NUMBER_STYLES["1 234,56"]!)).toBe("1 234,56");
    expect(formatCents(123456789, NUMBER_STYLES["1'234.56"]!)).toBe("1'234'567.89");
    expect(formatCents(5, NUMBER_STYLES["1.234,56"]!)).toBe("0,05");
    expect(canonicalCents(-4939)).toBe("-49.39");
  });

  it("puts the currency before or after, as a symbol or a code", () => {
    const de = NUMBER_STYLES["1.234,56"]!;
    expect(formatMoney(123456, CURRENCIES.EUR!, "symbol-after", de)).toBe("1.234,56 €");
    expect(formatMoney(123456, CURRENCIES.GBP!, "symbol-before", NUMBER_STYLES["1,234.56"]!)).toBe("£1,234.56");
    expect(formatMoney(-500, CURRENCIES.GBP!, "symbol-before", NUMBER_STYLES["1,234.56"]!)).toBe("-£5.00");
    expect(formatMoney(123456, CURRENCIES.CHF!, "code-before", NUMBER_STYLES["1'234.56"]!)).toBe("CHF 1'234.56");
  });

  it("prints quantities and rates without trailing zeros, never grouped", () => {
    expect(formatQuantity(150, NUMBER_STYLES["1.234,56"]!, false)).toBe("1,5");
    expect(formatQuantity(100000, NUMBER_STYLES["1.234,56"]!, false)).toBe("1000");
    expect(formatQuantity(200, NUMBER_STYLES["1,234.56"]!, true)).toBe("2.00");
    expect(canonicalQuantity(25)).toBe("0.25");
    expect(formatRate(550, NUMBER_STYLES["1 234,56"]!, "19 %")).toBe("5,5 %");
    expect(formatRate(1900, NUMBER_STYLES["1.234,56"]!, "19,00 %")).toBe("19,00 %");
  });

  it("writes dates in each language's long form", () => {
    const date = { year: 2025, month: 3, day: 7 };
    expect(formatDate(date, "d MMMM yyyy", "de")).toBe("7. März 2025");
    expect(formatDate(date, "d MMMM yyyy", "es")).toBe("7 de marzo de 2025");
    expect(formatDate({ ...date, day: 1 }, "d MMMM yyyy", "fr")).toBe("1er mars 2025");
    expect(formatDate(date, "mm/dd/yyyy", "en")).toBe("03/07/2025");
    expect(formatDate(date, "dd MMM yyyy", "nl")).toBe("07 mrt 2025");
    expect(addDays({ year: 2024, month: 2, day: 20 }, 10)).toEqual({ year: 2024, month: 3, day: 1 });
  });
});

describe("identifiers", () => {
  it("makes IBANs that pass the mod-97 check in every IBAN country", () => {
    const rng = new Rng("iban");
    for (const country of ["GB", "IE", "DE", "AT", "CH", "FR", "BE", "ES", "IT", "NL"] as Country[]) {
      for (let i = 0; i < 20; i += 1) expect(ibanIsValid(iban(rng, country)!)).toBe(true);
    }
    expect(iban(rng, "US")).toBeNull();
    // A published example IBAN, and one digit changed.
    expect(ibanIsValid("GB82 WEST 1234 5698 7654 32")).toBe(true);
    expect(ibanIsValid("GB82 WEST 1234 5698 7654 33")).toBe(false);
    expect(mod97("3214282912345698765432161182")).toBe(1);
  });

  it("makes VAT ids whose check digits hold where the scheme is simple", () => {
    const rng = new Rng("vat");
    for (let i = 0; i < 20; i += 1) {
      const fr = vatId(rng, "FR")!.canonical;
      expect(Number(fr.slice(2, 4))).toBe((12 + 3 * (Number(fr.slice(4)) % 97)) % 97);
      const be = vatId(rng, "BE")!.canonical;
      expect(97 - (Number(be.slice(2, 10)) % 97)).toBe(Number(be.slice(10)));
      expect(vatId(rng, "DE")!.canonical).toMatch(/^DE\d{9}$/);
    }
  });
});

describe("totals", () => {
  const item = (amount: number, taxRate: number): LineItem => ({ position: 1, code: null, description: "x", quantity: 100, unit: null, unitPrice: amount, discountPercent: 0, taxRate, amount, section: null });

  it("applies the discount per rate, taxes shipping at the standard rate, and adds up", () => {
    const totals = computeTotals([item(10000, 1900), item(5000, 700)], { rates: [1900, 700], discountPercent: 1000, shipping: 990, prepaidShare: 0 });
    expect(totals.discount).toBe(1500);
    expect(totals.subtotal).toBe(15000 - 1500 + 990);
    expect(totals.taxes).toEqual([
      { rate: 1900, base: 9990, tax: 1898 },
      { rate: 700, base: 4500, tax: 315 },
    ]);
    expect(totals.total).toBe(totals.subtotal + 1898 + 315);
    expect(totals.amountDue).toBe(totals.total);
  });

  it("rounds a line like a till: quantity × price, less the line discount", () => {
    expect(lineAmount(150, 1999, 0)).toBe(2999);
    expect(lineAmount(300, 1000, 1500)).toBe(2550);
  });

  it("takes a round prepayment off the amount due", () => {
    const totals = computeTotals([item(10000, 2000)], { rates: [2000], discountPercent: 0, shipping: 0, prepaidShare: 30 });
    expect(totals.prepaid).toBe(3600);
    expect(totals.amountDue).toBe(12000 - 3600);
  });
});
