import { describe, expect, it } from "vitest";
import type { FieldDefinition } from "../types";
import { extractTableField } from "./extract-table";
import { line, pages } from "./test-pages";

const FIELD: FieldDefinition = {
  name: "line_items",
  type: "table",
  columns: ["position", "description", "quantity", "unit", "unit_price", "amount"].map((name) => ({ name, type: name === "description" || name === "unit" ? "text" : "number" })),
};

const rows = (...lines: ReturnType<typeof line>[]) => extractTableField(pages(lines), FIELD, { advanced: false }).rows;

describe("line-item headings of more languages", () => {
  it("reads a Danish table of a description and a price with a currency column ('Beskrivelse | Pris | Valuta')", () => {
    expect(
      rows(
        line(100, ["Beskrivelse", 50], ["Pris", 420], ["Valuta", 500]),
        line(130, ["Reparation af dør", 50], ["2500.0", 450, "right"], ["DKK", 510]),
        line(160, ["Ridse", 50], ["1000.0", 450, "right"], ["DKK", 510]),
        line(190, ["I alt", 420], ["3500.0", 480, "right"]),
      ),
    ).toEqual([
      { description: "Reparation af dør", amount: 2500 },
      { description: "Ridse", amount: 1000 },
    ]);
  });

  it("reads a Swedish heading ('Beskrivning | Antal | Enhet | À pris | Belopp')", () => {
    expect(
      rows(
        line(100, ["Beskrivning", 50], ["Antal", 250], ["Enhet", 300], ["À pris", 380], ["Belopp", 470]),
        line(120, ["Support avtal", 50], ["2", 270, "right"], ["st", 300], ["150.00", 410, "right"], ["300.00", 500, "right"]),
        line(132, ["okt 2021", 50]),
        line(170, ["Summa", 380], ["300.00", 500, "right"]),
      ),
    ).toEqual([{ description: "Support avtal okt 2021", quantity: 2, unit: "st", unit_price: 150, amount: 300 }]);
  });

  it("reads Vietnamese headings ('Sản phẩm | Đơn giá | Số lượng | Thành tiền'); 'Sl.' over 'No.' stays a position", () => {
    expect(
      rows(
        line(100, ["#", 40], ["Sản phẩm", 60], ["Đơn giá", 250], ["Số lượng", 340], ["Thành tiền", 430]),
        line(120, ["1", 40], ["Trà sữa đặc biệt", 60], ["25000", 290, "right"], ["2", 360, "right"], ["50000", 480, "right"]),
        line(140, ["2", 40], ["Cà phê", 60], ["20000", 290, "right"], ["1", 360, "right"], ["20000", 480, "right"]),
      ),
    ).toEqual([
      { position: "1", description: "Trà sữa đặc biệt", unit_price: 25000, quantity: 2, amount: 50000 },
      { position: "2", description: "Cà phê", unit_price: 20000, quantity: 1, amount: 20000 },
    ]);
    expect(
      rows(
        line(92, ["Sl.", 40]),
        line(100, ["Description", 90], ["Qty", 300], ["Rate", 360], ["Amount", 450]),
        line(108, ["No.", 40]),
        line(125, ["1", 45], ["Cement bags", 90], ["4", 310, "right"], ["350.00", 400, "right"], ["1400.00", 490, "right"]),
      ),
    ).toEqual([{ position: "1", description: "Cement bags", quantity: 4, unit_price: 350, amount: 1400 }]);
  });

  it("reads Russian headings ('Товары (работы, услуги) | Кол-во | Ед. | Цена | Сумма') and stops at 'Итого'", () => {
    expect(
      rows(
        line(100, ["№", 40], ["Товары (работы, услуги)", 60], ["Кол-во", 280], ["Ед.", 330], ["Цена", 380], ["Сумма", 470]),
        line(120, ["1", 40], ["Монтаж оборудования", 60], ["1", 300, "right"], ["шт", 330], ["1500,00", 420, "right"], ["1500,00", 510, "right"]),
        line(132, ["в г. Красноярск", 60]),
        line(160, ["Итого", 380], ["1500,00", 510, "right"]),
      ),
    ).toEqual([{ position: "1", description: "Монтаж оборудования в г. Красноярск", quantity: 1, unit: "шт", unit_price: 1500, amount: 1500 }]);
  });

  it("reads a list price heading ('Pre.Lista') as the unit price", () => {
    expect(
      rows(
        line(100, ["Cantidad", 40], ["Descripción", 100], ["Pre.Lista", 330], ["%Bon", 410], ["Importe", 470]),
        line(120, ["3.00", 70, "right"], ["Pinza presión curva", 100], ["2,500.00", 380, "right"], ["10.00", 440, "right"], ["6,750.00", 510, "right"]),
        line(135, ["2.00", 70, "right"], ["Llave combinada", 100], ["1,000.00", 380, "right"], ["10.00", 440, "right"], ["1,800.00", 510, "right"]),
      ),
    ).toEqual([
      { quantity: 3, description: "Pinza presión curva", unit_price: 2500, amount: 6750 },
      { quantity: 2, description: "Llave combinada", unit_price: 1000, amount: 1800 },
    ]);
  });
});

describe("items whose description is figures alone", () => {
  it("reads a row whose description is a date when its quantity × price is its amount, and no summary row", () => {
    expect(
      rows(
        line(100, ["Beschreibung", 50], ["Anzahl", 230], ["Preis", 330], ["Gesamt", 470]),
        line(120, ["01.11.2021", 50], ["4.00", 260, "right"], ["23.45", 360, "right"], ["93.80", 500, "right"]),
        line(135, ["13.11.2021", 50], ["6.00", 260, "right"], ["23.45", 360, "right"], ["140.70", 500, "right"]),
        line(150, ["19 %", 50], ["234.50", 360, "right"], ["44.56", 500, "right"]),
      ),
    ).toEqual([
      { description: "01.11.2021", quantity: 4, unit_price: 23.45, amount: 93.8 },
      { description: "13.11.2021", quantity: 6, unit_price: 23.45, amount: 140.7 },
    ]);
  });
});

describe("a first column whose heading no label knows", () => {
  it("holds the descriptions when the header names no description column ('Type de chambre | Tarif | Total HT')", () => {
    expect(
      rows(
        line(100, ["Type de chambre", 60], ["Tarif", 300], ["Total HT", 430]),
        line(120, ["Suite CDA", 60], ["450 euros", 300], ["450 euros", 430]),
        line(135, ["Chambre double", 60], ["120 euros", 300], ["240 euros", 430]),
        line(170, ["TOTAL TTC", 300], ["690 euros", 430]),
      ),
    ).toEqual([
      { description: "Suite CDA", unit_price: 450, amount: 450 },
      { description: "Chambre double", unit_price: 120, amount: 240 },
    ]);
    // Several unnamed columns ("Change | Made | Domain"): which one holds the names is not known, so none is taken.
    const several = rows(
      line(100, ["Zmena", 60], ["Provedena", 120], ["Domena", 200], ["Pocet", 340], ["Cena", 400], ["Celkem", 470]),
      line(120, ["RUDR", 60], ["12.01.2007", 120], ["abc.cz", 200], ["2", 360, "right"], ["300.00", 430, "right"], ["600.00", 500, "right"]),
    );
    expect(several.every((r) => r.description !== "RUDR")).toBe(true);
  });
});

describe("French abbreviated headings", () => {
  it("reads 'PT' (prix total) beside 'PU' as the line total; a lump sum under an item is not its description (the total makes it an item of its own)", () => {
    expect(
      rows(
        line(100, ["Désignation", 60], ["PU", 320], ["Quantité", 370], ["PT", 470]),
        line(120, ["Lecteur esclave", 60], ["85 000", 340, "right"], ["18", 400, "right"], ["1 530 000", 500, "right"]),
        line(135, ["Installation et configuration", 60], ["650 000", 500, "right"]),
        line(160, ["TOTAL HT", 320], ["2 180 000", 500, "right"]),
      ),
    ).toEqual([
      { description: "Lecteur esclave", unit_price: 85000, quantity: 18, amount: 1530000 },
      { description: "Installation et configuration", amount: 650000 },
    ]);
  });
});
