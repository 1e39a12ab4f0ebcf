import { describe, expect, it } from "vitest";
import { extractDocument } from "../../extract-document";
import type { FieldDefinition } from "../../types";
import { monthPeriod } from "./periods";
import { spelledOut } from "./header-blocks";
import type { DocLine } from "../document-lines";
import { pdfOf, type PrintedText } from "./test-pdf";

type Text = PrintedText;

async function extract(texts: Text[], fields: FieldDefinition[]) {
  const result = await extractDocument({ bytes: await pdfOf(texts), mimeType: "application/pdf", fields, settings: { dataExtractionMode: "fast" } });
  return result.data;
}

const PAYSLIP_FIELDS: FieldDefinition[] = [
  { name: "employer_name", type: "text", description: "Employer's name" },
  { name: "pay_period_start", type: "date", description: "First day of the pay period" },
  { name: "pay_period_end", type: "date", description: "Last day of the pay period" },
  { name: "gross_pay", type: "currency", description: "Gross pay for the period" },
  { name: "total_deductions", type: "currency", description: "Total deductions for the period" },
  { name: "net_pay", type: "currency", description: "Net pay for the period" },
];

/** A payslip that writes every amount without cents, its month as the pay period, its title over its employer. */
function payslip(amounts: { earnings: string; deductions: string; net: string }, period: string): Text[] {
  return [
    { text: "Salary Slip", x: 260, y: 40, size: 16, bold: true },
    { text: "Northwind Traders Pvt. Ltd.", x: 232, y: 64, size: 11 },
    { text: "12 Harbour Road, Pune 411001", x: 228, y: 80, size: 10 },
    { text: "Pay Period", x: 40, y: 130 },
    { text: `: ${period}`, x: 150, y: 130 },
    { text: "Employee Name", x: 320, y: 130 },
    { text: ": Ravi Menon", x: 430, y: 130 },
    { text: "Working Days", x: 40, y: 146 },
    { text: ": 22", x: 150, y: 146 },
    { text: "Basic Pay", x: 40, y: 200 },
    { text: "61000", x: 220, y: 200 },
    { text: "Total Earnings", x: 80, y: 260 },
    { text: amounts.earnings, x: 220, y: 260 },
    { text: "Total Deductions", x: 320, y: 260 },
    { text: amounts.deductions, x: 500, y: 260 },
    { text: "Net Pay", x: 400, y: 280 },
    { text: amounts.net, x: 500, y: 280 },
  ];
}

describe("whole amounts, a month as the period, the issuer under the title", () => {
  it("reads a payslip that prints no cents: gross pay as total earnings, the month's first and last day", async () => {
    const data = await extract(payslip({ earnings: "74500", deductions: "8200", net: "66300" }, "February 2028"), PAYSLIP_FIELDS);
    expect(data).toMatchObject({
      employer_name: "Northwind Traders Pvt. Ltd.",
      pay_period_start: "2028-02-01",
      pay_period_end: "2028-02-29",
      gross_pay: 74500,
      total_deductions: 8200,
      net_pay: 66300,
    });
  });

  it("keeps to amounts with cents when the document prints some", async () => {
    const data = await extract(payslip({ earnings: "74500", deductions: "8200.00", net: "66300.00" }, "February 2028"), PAYSLIP_FIELDS);
    expect(data).toMatchObject({ gross_pay: null, total_deductions: 8200, net_pay: 66300 });
  });

  it("spans a month only under a label naming the whole period, not one end of it", async () => {
    const texts: Text[] = [
      { text: "Service period ending", x: 40, y: 130 },
      { text: ": March 2028", x: 180, y: 130 },
      { text: "Net Pay", x: 40, y: 160 },
      { text: "1200.00", x: 180, y: 160 },
    ];
    const data = await extract(texts, PAYSLIP_FIELDS);
    expect(data).toMatchObject({ pay_period_start: null, pay_period_end: null });
  });

  it("reads a month and year alone as a period, nothing else", () => {
    expect(monthPeriod(": January 2026")).toEqual({ start: "2026-01-01", end: "2026-01-31" });
    expect(monthPeriod("Sept. 2025")).toEqual({ start: "2025-09-01", end: "2025-09-30" });
    expect(monthPeriod("January 2026 to March 2026")).toBeNull();
    expect(monthPeriod("12 January 2026")).toBeNull();
  });
});

describe("an acronym spelled out", () => {
  const line = (text: string, index: number): DocLine => ({ text, index, page: 1, box: { x: 0.1, y: 0.1 + index * 0.02, w: 0.5, h: 0.012 }, words: [], tokens: [] });

  it("finds the capitalised words whose initials spell it, joining words aside, the fullest spelling first", () => {
    const lines = [line("NORTH RIVER DEPT OF GAS & LIGHT", 0), line("North River Department of Gas and Light Charges  $ 12.00", 1), line("Total NRDGL Charges", 2)];
    expect(spelledOut("NRDGL", lines)?.value).toBe("North River Department of Gas and Light");
  });

  it("gives nothing when no words spell it", () => {
    expect(spelledOut("NRDGL", [line("Northern Rivers Gas Company", 0)])).toBeNull();
  });

  it("fills a bill's provider from the acronym it is payable to", async () => {
    const data = await extract(
      [
        { text: "ACCOUNT NUMBER", x: 380, y: 40 },
        { text: "204 118 5521", x: 380, y: 54 },
        { text: "North River Department of Gas and Light Charges", x: 60, y: 200 },
        { text: "Gas Charges 3/1/24 - 3/31/24 $ 84.10", x: 80, y: 216 },
        { text: "Write account number on check and make payable to NRDGL.", x: 300, y: 500, size: 8 },
      ],
      [{ name: "provider", type: "text", description: "Utility company that issued the bill" }],
    );
    expect(data.provider).toBe("North River Department of Gas and Light");
  });
});
