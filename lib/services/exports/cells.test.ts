import { describe, expect, it } from "vitest";
import { csvCell, dayAsDate, neutralizeFormula, xlsxCell } from "./cells";
import { uniqueHeaders } from "./columns";
import { readSource } from "./model";
import { sheetNames } from "./xlsx";

describe("neutralizeFormula", () => {
  it.each(["=1+2", "+1+2", "-2+3+cmd|' /C calc'!A0", "@SUM(A1)", "\tx", "\rx", "\r\n=1", "-", "+49 30 1234567", "-1e3", '=HYPERLINK("http://evil","x")', "\uFF1D1+2", "\uFF0Bcmd", "\uFF0D2+3", "\uFF20SUM(A1)", '\uFF1DHYPERLINK("http://evil","x")'])("prefixes %j with a quote", (text) => {
    expect(neutralizeFormula(text)).toBe(`'${text}`);
  });

  it.each(["INV-1", "a=b", " =1", "", "'already", "1-2", "-5", "+3.20", "-1,5", "-.5"])("leaves %j alone", (text) => {
    expect(neutralizeFormula(text)).toBe(text);
  });
});

describe("cells", () => {
  it("keeps numbers numbers, negative ones included, neutralises text in CSV and keeps it exact in XLSX", () => {
    expect(csvCell(-12.5)).toBe(-12.5);
    expect(xlsxCell("currency", -12.5)).toBe(-12.5);
    expect(csvCell("-12.5")).toBe("-12.5");
    expect(csvCell("=1")).toBe("'=1");
    expect(xlsxCell("text", "=1")).toBe("=1");
    expect(xlsxCell("text", "+49 30 1234567")).toBe("+49 30 1234567");
    expect(csvCell(true)).toBe("true");
    expect(xlsxCell("boolean", false)).toBe(false);
    expect(csvCell(null)).toBeNull();
    expect(xlsxCell("text", "")).toBeNull();
    expect(csvCell({ a: 1 })).toBe('{"a":1}');
    expect(csvCell(Number.NaN)).toBe("NaN");
  });

  it("types days and timestamps as dates, and writes what is not a date as text", () => {
    expect(xlsxCell("date", "2024-03-15")).toEqual(new Date("2024-03-15T00:00:00Z"));
    expect(xlsxCell("date", "2024-02-30")).toBe("2024-02-30");
    expect(xlsxCell("date", "-1")).toBe("-1");
    expect(xlsxCell("date", "=1+1")).toBe("=1+1");
    expect(xlsxCell("datetime", "2025-03-01T10:20:30.000Z")).toEqual(new Date("2025-03-01T10:20:30.000Z"));
    expect(dayAsDate("2024-2-3")).toBeNull();
  });
});

describe("readSource", () => {
  it("reads the engine's metadata and tolerates anything else", () => {
    expect(readSource({ confidence: 0.9, source: { page: 1, x: 0.1, y: 0.2, w: 0.30000000000000004, h: 0.05 }, corrected: true })).toEqual({
      confidence: 0.9,
      page: 1,
      box: { x: 0.1, y: 0.2, w: 0.3, h: 0.05 },
      corrected: true,
    });
    expect(readSource({ confidence: "high", source: { page: "1", x: 0 } })).toEqual({ confidence: null, page: null, box: null, corrected: false });
    expect(readSource(null)).toEqual({ confidence: null, page: null, box: null, corrected: false });
    expect(readSource({ confidence: 0.97, page: 1, box: { x: 0.1 } })).toMatchObject({ confidence: 0.97, page: null, box: null });
  });
});

describe("names", () => {
  it("makes headers unique without losing any", () => {
    expect(uniqueHeaders(["document.id", "a", "A", "a", "a (2)"])).toEqual(["document.id", "a", "A (2)", "a (3)", "a (2) (2)"]);
  });

  it("makes sheet names Excel accepts", () => {
    const names = sheetNames(["Documents", "documents", "Items [EUR]: a/b?*\\", "'quoted'", "", "history", "x".repeat(40), "x".repeat(40)]);
    expect(names).toEqual(["Documents", "documents (2)", "Items _EUR__ a_b___", "quoted", "Sheet", "history (2)", "x".repeat(31), `${"x".repeat(27)} (2)`]);
    for (const name of names) expect(name.length).toBeLessThanOrEqual(31);
  });
});
