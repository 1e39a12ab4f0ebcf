import { describe, expect, it } from "vitest";
import { documentLines } from "../fields/document-lines";
import { textToPages } from "../loaders/plain-text";
import { valueCandidates } from "./candidates";
import { candidateFeatures, documentFacts, FEATURE_NAMES } from "./features";

const at = (name: (typeof FEATURE_NAMES)[number]) => FEATURE_NAMES.indexOf(name);

/** A generated invoice's totals block: the rows of each field the scorer may learn besides the total and the date. */
function invoice(dates: { issued: string; due: string }, amounts: { net: number; rate: number; paid: number }): string[] {
  const tax = Math.round(amounts.net * amounts.rate) / 100;
  const total = amounts.net + tax;
  return [
    "Northwind Trading Ltd",
    `Invoice date: ${dates.issued}`,
    `Due date: ${dates.due}`,
    `Widgets   ${amounts.net.toFixed(2)}`,
    `Subtotal   ${amounts.net.toFixed(2)}`,
    `VAT ${amounts.rate}%   ${tax.toFixed(2)}`,
    `Total   ${total.toFixed(2)}`,
    `Amount paid   ${amounts.paid.toFixed(2)}`,
    `Balance due   ${(total - amounts.paid).toFixed(2)}`,
  ];
}

const shapes = [
  { dates: { issued: "03/02/2024", due: "04/03/2024" }, amounts: { net: 100, rate: 19, paid: 19 } },
  { dates: { issued: "15/11/2023", due: "15/12/2023" }, amounts: { net: 2480.5, rate: 21, paid: 500 } },
  { dates: { issued: "28/06/2025", due: "12/07/2025" }, amounts: { net: 37.2, rate: 7, paid: 10 } },
];

describe("features of the fields beside the total and the invoice date", () => {
  for (const { dates, amounts } of shapes) {
    const text = invoice(dates, amounts);
    const lines = documentLines({ pages: textToPages(text.join("\n")) });
    const facts = documentFacts(lines);
    const amountList = valueCandidates(lines, "amount", "dmy");
    const dateList = valueCandidates(lines, "date", "dmy");
    // A label and its amount may be separate phrases of one visual row: the amount whose row starts with the label.
    const onRow = (index: number, prefix: string) => (facts.rowMates.get(index) ?? []).some((l) => l.text.startsWith(prefix));
    const amountOn = (x: number[][], prefix: string) => x[amountList.findIndex((c) => onRow(c.line.index, prefix))]!;

    it(`marks each amount's own label and the sums it closes (net ${amounts.net})`, () => {
      const asked = (key: string) => candidateFeatures(facts, "amount", { key, name: key }, amountList, null);
      const subtotal = asked("subtotal_amount");
      expect(amountOn(subtotal, "Subtotal")[at("label_row_subtotal_amount")]).toBeGreaterThan(0);
      expect(amountOn(subtotal, "Subtotal")[at("label_gap")]).toBeLessThan(1);
      expect(amountOn(subtotal, "Subtotal")[at("part_of_sum")]).toBe(1);
      const tax = asked("tax_amount");
      expect(amountOn(tax, "VAT")[at("label_row_tax_amount")]).toBeGreaterThan(0);
      expect(amountOn(tax, "VAT")[at("kw_tax")]).toBe(1);
      expect(amountOn(tax, "Total")[at("label_row_tax_amount")]).toBe(0);
      const due = asked("amount_due");
      expect(amountOn(due, "Balance due")[at("label_row_amount_due")]).toBeGreaterThan(0);
      expect(amountOn(due, "Balance due")[at("label_row_total_amount")]).toBe(0);
      expect(amountOn(due, "Total")[at("sum_of_two")]).toBe(1);
    });

    it(`tells the due date from the invoice date by its label and its order (${dates.due})`, () => {
      expect(dateList.map((c) => c.value)).toHaveLength(2);
      const x = candidateFeatures(facts, "date", { key: "due_date", name: "due_date" }, dateList, null);
      const [issued, due] = [x[0]!, x[1]!];
      expect(due[at("label_row_due_date")]).toBeGreaterThan(0);
      expect(issued[at("label_row_due_date")]).toBe(0);
      expect(issued[at("label_row_invoice_date")]).toBeGreaterThan(0);
      expect(due[at("kw_other_date")]).toBe(1);
      expect([issued[at("date_is_earliest")], due[at("date_is_latest")]]).toEqual([1, 1]);
      expect(issued[at("date_days_from_latest")]).toBeGreaterThan(0);
      expect(due[at("label_gap")]).toBeLessThan(1);
      expect(issued[at("label_gap")]).toBe(1);
    });
  }
});
