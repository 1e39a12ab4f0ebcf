import { describe, expect, it } from "vitest";
import { documentLines } from "../fields/document-lines";
import { textToPages } from "../loaders/plain-text";
import { valueCandidates } from "./candidates";
import { documentFacts } from "./features";
import { fieldCandidates, scorerFor } from "./index";
import { decideRuledOut, insideItemDescription, labelOfValue, labelRulesOut, withoutRuledOut } from "./value-label";

const factsOf = (text: string[]) => documentFacts(documentLines({ pages: textToPages(text.join("\n")) }));

/** A till receipt: items, the total, what was tendered and the change, each label beside or above its amount. */
function receipt(total: number, cash: number, labels: { total: string; cash: string; change: string }, above: boolean): string[] {
  const row = (label: string, amount: number) => (above ? [label, `                    ${amount.toFixed(2)}`] : [`${label}          ${amount.toFixed(2)}`]);
  return ["CORNER SHOP", "Date: 12/03/2024", "Bread   1   " + total.toFixed(2), ...row(labels.total, total), ...row(labels.cash, cash), ...row(labels.change, cash - total)];
}

const shapes = [
  { total: 19.97, cash: 40, labels: { total: "Total:", cash: "Cash:", change: "Balance:" } },
  { total: 1970, cash: 2000, labels: { total: "NET TOTAL:", cash: "CASH:", change: "BALANCE:" } },
  { total: 8.4, cash: 10, labels: { total: "Summe", cash: "Gegeben Bar", change: "Rückgeld" } },
  { total: 12.5, cash: 20, labels: { total: "Total", cash: "Efectivo", change: "Cambio" } },
];

describe("the label of a value", () => {
  for (const above of [false, true]) {
    it(`is the words before it on its row, or the line above when it stands alone (${above ? "above" : "beside"})`, () => {
      for (const { total, cash, labels } of shapes) {
        const facts = factsOf(receipt(total, cash, labels, above));
        const amounts = valueCandidates(facts.lines, "amount", "dmy");
        const cashValue = amounts.find((c) => c.value === cash);
        expect(cashValue && labelOfValue(facts, cashValue)).toContain(labels.cash.split(" ")[0]);
        const found = fieldCandidates(facts, "dmy", "amount", { key: "total_amount", name: "total_amount" }, null);
        const kept = withoutRuledOut(facts, "total_amount", found).candidates.map((c) => c.value);
        expect(kept).not.toContain(cash);
        expect(kept).toContain(total);
      }
    });
  }
});

describe("labels that rule a value out", () => {
  it("keeps totals, amounts due and a cash total; rules out change", () => {
    for (const label of ["Total", "Cash total", "Balance due", "Amount paid", "Grand Total"]) expect(labelRulesOut("total_amount", label)).toBe(false);
    for (const label of ["Change", "CAMBIO:", "Rückgeld", "Vuelto", "Rendu"]) expect(labelRulesOut("total_amount", label)).toBe(true);
  });

  it("keeps cash tendered exactly, with no change or a change of zero: then it is what was owed", () => {
    for (const { total, labels } of shapes) {
      for (const lines of [receipt(total, total, labels, false), receipt(total, total, labels, false).slice(0, -1)]) {
        const facts = factsOf(lines);
        const found = fieldCandidates(facts, "dmy", "amount", { key: "total_amount", name: "total_amount" }, null);
        const owed = (list: typeof found) => list.candidates.filter((c) => c.value === total).length;
        expect(owed(withoutRuledOut(facts, "total_amount", found))).toBe(owed(found));
      }
    }
  });

  it("rules out a validity or period date for the issue date unless the label names the issue", () => {
    for (const label of ["Inicio de Vigencia:", "Période : du", "Valid from", "Leistungszeitraum:", "Period"]) expect(labelRulesOut("invoice_date", label)).toBe(true);
    for (const label of ["Fecha de Emisión:", "Invoice date", "Date:", "Facture du", "Rechnungsdatum"]) expect(labelRulesOut("invoice_date", label)).toBe(false);
  });
});

describe("the scorer's total among the amounts no label rules out", () => {
  const scorer = scorerFor("total_amount");
  it("never takes the cash tendered, and a second choice stays below 0.9", () => {
    if (!scorer) return;
    for (const above of [false, true]) {
      for (const { total, cash, labels } of shapes) {
        const facts = factsOf(receipt(total, cash, labels, above));
        const found = fieldCandidates(facts, "dmy", "amount", { key: "total_amount", name: "total_amount" }, null);
        const decision = decideRuledOut(scorer, facts, "total_amount", found);
        expect(decision?.value).not.toBe(cash);
        expect(decision?.value).not.toBe(Math.round((cash - total) * 100) / 100);
      }
    }
  });
});

describe("a date inside an item's description", () => {
  /** An invoice whose one item's description wraps over lines, the last of them the day of the service. */
  function invoice(issued: string, served: string, wrapped: string[]): string[] {
    return [
      "Northwind Events Ltd",
      `Invoice no. 71    Date: ${issued}`,
      "No   Description                     Qty   Price        Amount",
      "1    Sound engineering for the       1     1 630,00     1 630,00",
      ...wrapped.map((w) => `     ${w}`),
      `     ${served}`,
      "Total                                                   1 630,00",
    ];
  }

  for (const [issued, served, wrapped] of [["03.03.2026", "08.03.2026", ["concert of the choir"]], ["12/01/2025", "20/01/2025", ["evening gala", "in the town hall"]]] as const) {
    it(`is ruled out, the labelled date kept (${served} under ${wrapped.length} line(s))`, () => {
      const facts = factsOf(invoice(issued, served, [...wrapped]));
      const dates = valueCandidates(facts.lines, "date", "dmy");
      const inside = dates.filter((c) => insideItemDescription(facts, c)).map((c) => c.raw);
      expect(inside).toEqual([served]);
    });
  }

  it("keeps a receipt's date printed alone under its totals", () => {
    const facts = factsOf(["CORNER SHOP", "Bread   2 x 1.25   2.50", "Total   2.50", "Cash   5.00", "12/03/2024"]);
    expect(valueCandidates(facts.lines, "date", "dmy").filter((c) => insideItemDescription(facts, c))).toEqual([]);
  });
});
