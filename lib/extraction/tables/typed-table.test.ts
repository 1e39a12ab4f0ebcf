import { describe, expect, it } from "vitest";
import type { FieldDefinition } from "../types";
import { extractTableField } from "./extract-table";
import { line, pages, sizedLine } from "./test-pages";

const column = (name: string, type: FieldDefinition["type"], description: string): FieldDefinition => ({ name, type, description });
const SIGNED: FieldDefinition = {
  name: "transactions",
  type: "table",
  columns: [column("date", "date", "Transaction date"), column("description", "text", "Transaction description"), column("amount", "currency", "Transaction amount, negative for money out"), column("balance", "currency", "Balance after the transaction")],
};
const SPLIT: FieldDefinition = {
  ...SIGNED,
  columns: [column("date", "date", "Transaction date"), column("description", "text", "Transaction description"), column("withdrawal", "currency", "Money out (debit)"), column("deposit", "currency", "Money in (credit)"), column("balance", "currency", "Balance after the transaction")],
};

const read = (field: FieldDefinition, ...p: Parameters<typeof pages>) => extractTableField(pages(...p), field, { advanced: false });
const heading = [line(50, ["Harbor Savings Bank", 50]), line(80, ["Statement period: March 1, 2024 - March 31, 2024", 50])];

describe("tables of other kinds from the field's columns", () => {
  it("reads a statement under its header: wrapped descriptions join their row, balance lines are no rows, balances check", () => {
    const lines = [
      line(150, ["Date", 50], ["Description", 120], ["Amount", 430, "right"], ["Balance", 540, "right"]),
      line(166, ["Opening balance", 120], ["1,000.00", 540, "right"]),
      line(182, ["03/04/2024", 50], ["Card purchase", 120], ["-25.50", 430, "right"], ["974.50", 540, "right"]),
      line(194, ["GROCERY MART 4411", 120]),
      line(210, ["03/09/2024", 50], ["Payroll deposit", 120], ["1,200.00", 430, "right"], ["2,174.50", 540, "right"]),
      line(226, ["03/15/2024", 50], ["Rent payment", 120], ["(900.00)", 430, "right"], ["1,274.50", 540, "right"]),
      line(242, ["03/20/2024", 50], ["ATM withdrawal", 120], ["-100.00", 430, "right"], ["1,184.50", 540, "right"]),
      line(262, ["Closing balance", 120], ["1,184.50", 540, "right"]),
    ];
    const table = read(SIGNED, [...heading, ...lines]);
    expect(table.rows).toEqual([
      { date: "2024-03-04", description: "Card purchase GROCERY MART 4411", amount: -25.5, balance: 974.5 },
      { date: "2024-03-09", description: "Payroll deposit", amount: 1200, balance: 2174.5 },
      { date: "2024-03-15", description: "Rent payment", amount: -900, balance: 1274.5 },
      // The running balance does not hold here (1,274.50 - 100.00 is 1,174.50): the row is flagged, not dropped.
      { date: "2024-03-20", description: "ATM withdrawal", amount: -100, balance: 1184.5 },
    ]);
    expect(table.meta.rows.slice(0, 3).map((r) => r.amount?.evidence?.arithmetic)).toEqual([1, 1, 1]);
    expect(table.meta.rows[3]!.amount?.evidence?.arithmetic).toBe(-1);
  });

  it("matches a header split over two lines by meaning, in another language, under its title, and its money-out band to a signed amount", () => {
    const lines = [
      // The table's title right above its header, set larger: not a header line.
      sizedLine(12, 134, ["Umsätze", 50]),
      line(150, ["Buchungs", 50], ["Vorgang", 120], ["Soll", 400, "right"], ["Haben", 470, "right"], ["Kontostand", 540, "right"]),
      line(161, ["datum", 50], ["Verwendungszweck", 120], ["EUR", 400, "right"], ["EUR", 470, "right"], ["EUR", 540, "right"]),
      line(180, ["04.03.2024", 50], ["Lastschrift Stadtwerke", 120], ["84,20", 400, "right"], ["1.915,80", 540, "right"]),
      line(196, ["05.03.2024", 50], ["Gehalt", 120], ["2.400,00", 470, "right"], ["4.315,80", 540, "right"]),
    ];
    expect(read(SIGNED, [...heading, ...lines]).rows).toEqual([
      { date: "2024-03-04", description: "Lastschrift Stadtwerke", amount: -84.2, balance: 1915.8 },
      { date: "2024-03-05", description: "Gehalt", amount: 2400, balance: 4315.8 },
    ]);
    expect(read(SPLIT, [...heading, ...lines]).rows).toEqual([
      { date: "2024-03-04", description: "Lastschrift Stadtwerke", withdrawal: 84.2, balance: 1915.8 },
      { date: "2024-03-05", description: "Gehalt", deposit: 2400, balance: 4315.8 },
    ]);
  });

  it("reads a section heading between rows as no part of the description above it", () => {
    const lines = [
      line(150, ["Date", 50], ["Description", 120], ["Amount", 430, "right"], ["Balance", 540, "right"]),
      line(170, ["03/02/2024", 50], ["Payroll deposit", 120], ["500.00", 430, "right"], ["600.00", 540, "right"]),
      line(186, ["Card transactions", 50]),
      line(198, ["03/05/2024", 50], ["Card purchase", 120], ["-10.00", 430, "right"], ["590.00", 540, "right"]),
      line(210, ["GROCERY MART", 120]),
      line(226, ["03/07/2024", 50], ["Card purchase", 120], ["-40.00", 430, "right"], ["550.00", 540, "right"]),
    ];
    expect(read(SIGNED, [...heading, ...lines]).rows.map((r) => r.description)).toEqual(["Payroll deposit", "Card purchase GROCERY MART", "Card purchase"]);
  });

  it("reads one of two tables printed side by side, its header cell named by the table itself, whole amounts", () => {
    const field = (name: string): FieldDefinition => ({ name, type: "table", columns: [column("description", "text", `Name of the ${name}`), column("amount", "currency", "Amount for this pay period")] });
    const lines = [
      line(150, ["Earnings", 60], ["Amount", 250, "right"], ["Deductions", 320], ["Amount", 540, "right"]),
      line(166, ["Basic Pay", 50], ["55000", 250, "right"], ["PF", 300], ["1800", 540, "right"]),
      line(182, ["HRA", 50], ["22000", 250, "right"], ["Income Tax (TDS)", 300], ["8500", 540, "right"]),
      line(198, ["Special Allowance", 50], ["7500", 250, "right"]),
      line(220, ["Total Earnings", 100], ["84500", 250, "right"], ["Total Deductions", 330], ["10300", 540, "right"]),
    ];
    expect(read(field("earnings"), [...heading, ...lines]).rows).toEqual([
      { description: "Basic Pay", amount: 55000 },
      { description: "HRA", amount: 22000 },
      { description: "Special Allowance", amount: 7500 },
    ]);
    expect(read(field("deductions"), [...heading, ...lines]).rows).toEqual([
      { description: "PF", amount: 1800 },
      { description: "Income Tax (TDS)", amount: 8500 },
    ]);
  });

  it("reads a header cell of two words joined by a slash", () => {
    const lines = [
      line(150, ["Date", 50], ["Transaction", 120], ["Debit/Withdrawal $", 400, "right"], ["Deposit $", 470, "right"], ["Balance $", 540, "right"]),
      line(170, ["03/02/2024", 50], ["EFTPOS GROCER", 120], ["48.65", 400, "right"], ["826.55", 540, "right"]),
    ];
    expect(read(SIGNED, [...heading, ...lines]).rows).toEqual([{ date: "2024-03-02", description: "EFTPOS GROCER", amount: -48.65, balance: 826.55 }]);
  });

  it("matches abbreviated headers to the one column they abbreviate", () => {
    const lines = [
      line(150, ["Date", 50], ["Desc.", 120], ["Amt.", 430, "right"], ["Bal.", 540, "right"]),
      line(170, ["03/02/2024", 50], ["Card purchase", 120], ["-10.00", 430, "right"], ["90.00", 540, "right"]),
    ];
    expect(read(SIGNED, [...heading, ...lines]).rows).toEqual([{ date: "2024-03-02", description: "Card purchase", amount: -10, balance: 90 }]);
  });

  it("continues a table on the next page without its header, past carried-forward lines and page footers", () => {
    const header = line(150, ["Date", 50], ["Description", 120], ["Withdrawals", 400, "right"], ["Deposits", 470, "right"], ["Balance", 540, "right"]);
    const page1 = [...heading, header, line(170, ["03/02/2024", 50], ["Card purchase", 120], ["10.00", 400, "right"], ["90.00", 540, "right"]), line(186, ["Balance carried forward", 120], ["90.00", 540, "right"]), line(800, ["Page 1 of 2", 280])];
    const page2 = [line(60, ["Balance brought forward", 120], ["90.00", 540, "right"]), line(76, ["03/05/2024", 50], ["Mobile deposit", 120], ["50.00", 470, "right"], ["140.00", 540, "right"]), line(92, ["03/07/2024", 50], ["Utility payment", 120], ["40.00", 400, "right"], ["100.00", 540, "right"]), line(112, ["Closing balance", 120], ["100.00", 540, "right"]), line(800, ["Page 2 of 2", 280])];
    expect(read(SPLIT, page1, page2).rows).toEqual([
      { date: "2024-03-02", description: "Card purchase", withdrawal: 10, balance: 90 },
      { date: "2024-03-05", description: "Mobile deposit", deposit: 50, balance: 140 },
      { date: "2024-03-07", description: "Utility payment", withdrawal: 40, balance: 100 },
    ]);
  });

  it("finds a table without a header from repeating typed rows (a date, a text, amounts aligned in columns)", () => {
    const lines = [
      line(150, ["Account activity", 50]),
      line(170, ["03/02/2024", 50], ["Card purchase", 120], ["-10.00", 430, "right"], ["90.00", 540, "right"]),
      line(186, ["03/05/2024", 50], ["Mobile deposit", 120], ["50.00", 430, "right"], ["140.00", 540, "right"]),
      line(198, ["REF 4411", 120]),
      line(214, ["03/07/2024", 50], ["Utility payment", 120], ["-40.00", 430, "right"], ["100.00", 540, "right"]),
    ];
    expect(read(SIGNED, [...heading, ...lines]).rows).toEqual([
      { date: "2024-03-02", description: "Card purchase", amount: -10, balance: 90 },
      { date: "2024-03-05", description: "Mobile deposit REF 4411", amount: 50, balance: 140 },
      { date: "2024-03-07", description: "Utility payment", amount: -40, balance: 100 },
    ]);
  });

  it("completes dates printed without their year from the statement period, and gives a line its day's date", () => {
    const lines = [
      line(150, ["DATE", 50], ["DESCRIPTION", 120], ["AMOUNT", 540, "right"]),
      line(166, ["07/02", 50], ["Deposit", 120], ["17,120.00", 540, "right"]),
      line(182, ["Deposit", 120], ["310.00", 540, "right"]),
      line(198, ["07/30", 50], ["Online payment", 120], ["2,960.00", 540, "right"]),
      line(214, ["Total Deposits and Additions", 50], ["20,390.00", 540, "right"]),
    ];
    const period = [line(80, ["July 1, 2022 through July 31, 2022", 300])];
    const field: FieldDefinition = { ...SIGNED, columns: SIGNED.columns!.filter((c) => c.name !== "balance") };
    expect(read(field, [...period, ...lines]).rows).toEqual([
      { date: "2022-07-02", description: "Deposit", amount: 17120 },
      { date: "2022-07-02", description: "Deposit", amount: 310 },
      { date: "2022-07-30", description: "Online payment", amount: 2960 },
    ]);
  });

  it("reads no rows from a letter whose sentences hold dates and amounts", () => {
    const lines = [
      line(150, ["Dear customer,", 50]),
      line(170, ["On 03/02/2024 we received your payment of 250.00 for the balance of 1,250.00.", 50]),
      line(186, ["Please note the date 03/05/2024 and the amount 40.00 for the next instalment.", 50]),
      line(202, ["From 03/07/2024 the monthly fee will change to 12.50, as announced.", 50]),
    ];
    expect(read(SIGNED, [...heading, ...lines]).rows).toEqual([]);
  });
});
