import { describe, expect, it } from "vitest";
import { labelColumns } from "./column-labels";

/** Generated items and the cells a read table would give for them, column by column. */
function shape(n: number) {
  const items = Array.from({ length: n }, (_, i) => ({ position: String(i + 1), description: `Widget model ${i + 1}`, quantity: String(i + 2), unit_price: (4 + i).toFixed(2), amount: ((i + 2) * (4 + i)).toFixed(2) }));
  const column = (key: string, cell: (it: (typeof items)[number]) => string) => ({ key, cells: items.map(cell) });
  return { items, column };
}

describe("column labels from the ground truth's items", () => {
  it("names each column by the field whose values it prints", () => {
    const { items, column } = shape(4);
    const columns = [column("position", (it) => it.position), column("description", (it) => it.description), column("quantity", (it) => `${it.quantity} pcs`), column("unit_price", (it) => `€${it.unit_price}`), column("amount", (it) => it.amount.replace(".", ","))];
    expect(labelColumns(columns, items)).toEqual(["position", "description", "quantity", "unit_price", "amount"]);
  });

  it("leaves out a column that matches two fields alike, and one of a field the truth writes otherwise", () => {
    const { items, column } = shape(3);
    const ones = items.map((it) => ({ ...it, quantity: "1", amount: it.unit_price }));
    const columns = [column("description", (it) => it.description), column("quantity", () => "1"), column("unit_price", (it) => it.unit_price), column("amount", (it) => it.unit_price), column("unit", () => "Stk")];
    // Quantity one is also the first position, price and amount are equal at quantity one: none of them is known;
    // "Stk" against a unit the truth does not hold is not called other.
    expect(labelColumns(columns, ones)).toEqual(["description", null, null, null, null]);
  });

  it("calls a column other when the header named nothing or its field is printed elsewhere", () => {
    const { items, column } = shape(3);
    const columns = [column("", () => "VAT-A"), column("description", (it) => it.description), column("quantity", () => "x"), column("quantity", (it) => it.quantity), column("amount", (it) => it.amount)];
    expect(labelColumns(columns, items)).toEqual(["other", "description", "other", "quantity", "amount"]);
  });

  it("labels nothing in a table that prints no item field twice (a header-like line over other text)", () => {
    const { items } = shape(3);
    expect(labelColumns([{ key: "description", cells: ["Bank", "IBAN"] }, { key: "amount", cells: ["12", "13"] }], items)).toEqual([null, null]);
  });
});
