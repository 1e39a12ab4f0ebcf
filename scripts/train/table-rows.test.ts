import { describe, expect, it } from "vitest";
import { labelRow } from "./table-rows";

describe("labels of a table's lines from the ground truth", () => {
  const gt = [
    { description: "Coffee beans, dark roast, 1 kg bag", quantity: "2", amount: "24.00" },
    { description: "Paper towels", quantity: "3", amount: "12.00" },
  ];
  it("tells items, wrapped descriptions, the generator's headings and the rest apart", () => {
    expect(labelRow("Coffee beans, dark roast, 2 12.00 24.00", gt)).toBe("item");
    expect(labelRow("1 kg bag", gt)).toBe("continuation");
    expect(labelRow("Consumables", gt)).toBe("heading");
    expect(labelRow("Carried forward 24.00", gt)).toBe("other");
    expect(labelRow("GTIN 4012345678901", gt)).toBe("other");
    // An item's words without its amount are no item.
    expect(labelRow("Paper towels 3 4.00 99.00", gt)).toBe("other");
  });
});
