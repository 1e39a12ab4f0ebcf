import { describe, expect, it } from "vitest";
import { detectDecimalSeparator, findAmounts, formatAmount, parseAmount } from "./amounts";

describe("parseAmount (golden)", () => {
  const cases: Array<[string, number | null]> = [
    ["€ 2.321,00", 2321],
    ["1,234.56 USD", 1234.56],
    ["1 234,56", 1234.56],
    ["1'234.50", 1234.5],
    ["-12.50", -12.5],
    ["(4.00)", -4],
    ["12,50-", -12.5],
    ["RM 14.10", 14.1],
    ["RM28.05", 28.05],
    ["rM28.05", 28.05],
    ["USD1,250.00", 1250],
    ["Rs.250", 250],
    ["RM.34.80", 34.8],
    ["A4", null],
    ["INV2024", null],
    ["$ 70.00", 70],
    ["1.234", 1234],
    ["0,0520", 0.052],
    ["no amount", null],
  ];
  for (const [input, expected] of cases) {
    it(`${input} → ${expected}`, () => expect(parseAmount(input)).toBe(expected));
  }

  it("uses the document's decimal separator for three-decimal numbers", () => {
    expect(findAmounts("5,000 kg", ",")[0]?.value).toBe(5);
    expect(findAmounts("5,000 kg")[0]?.value).toBe(5000);
    expect(detectDecimalSeparator("12,00 99,99 1.234,56")).toBe(",");
    expect(detectDecimalSeparator("12.00 99.99")).toBe(".");
  });

  it("formats amounts with at least two decimals", () => {
    expect(formatAmount(4904.94)).toBe("4904.94");
    expect(formatAmount(12)).toBe("12.00");
    expect(formatAmount(0.052)).toBe("0.052");
  });
});

describe("amounts of currencies counted in thousandths", () => {
  it("reads the dot as decimal where dinar amounts print three decimals beside their currency", () => {
    const text = "Wisme X56 Smart Watch 12 2.150 KD 0% 25.800 KD Earbuds 2 2.750 KD 5.500 KD";
    expect(detectDecimalSeparator(text)).toBe(".");
    expect(findAmounts("2.150 KD", detectDecimalSeparator(text)).map((amount) => amount.value)).toEqual([2.15]);
    expect(detectDecimalSeparator("Total BHD 1.250 due")).toBe(".");
    expect(detectDecimalSeparator("Montant 2,150 DT et 4,300 DT")).toBe(",");
  });

  it("reads a lone dinar amount by the currency printed beside it, with no other amount to judge from", () => {
    expect(parseAmount("TOTAL 152.050 KD")).toBe(152.05);
    expect(parseAmount("Total due: KWD 1,234.500")).toBe(1234.5);
    expect(parseAmount("Montant KD 152,050")).toBe(152.05);
    expect(parseAmount("Net OMR 3.750")).toBe(3.75);
  });

  it("keeps thousands where the currency beside the amount is not counted in thousandths", () => {
    expect(parseAmount("TOTAL 152.050 EUR")).toBe(152050);
    expect(parseAmount("Total 1,250 USD")).toBe(1250);
    expect(parseAmount("Order 1.250 KDX")).toBe(1250);
  });

  it("leaves other documents' thousands alone", () => {
    expect(detectDecimalSeparator("Qty 1.250 kg, 2.500 kg")).toBeUndefined();
    expect(findAmounts("1.250", detectDecimalSeparator("Qty 1.250 kg")).map((amount) => amount.value)).toEqual([1250]);
  });
});

describe("whole amounts printed with a dash for the cents", () => {
  it("reads the separator before the dash as the decimal one, whatever the document's other numbers suggest", () => {
    expect(findAmounts("€ 1.600,–", ".").map((a) => a.value)).toEqual([1600]);
    expect(findAmounts("Gesamt € 12.216,-- ").map((a) => a.value)).toEqual([12216]);
    expect(findAmounts("$ 1,600.– due", ",").map((a) => a.value)).toEqual([1600]);
    expect(findAmounts("€ 200,–", ".").map((a) => a.value)).toEqual([200]);
  });
});
