import { describe, expect, it } from "vitest";
import { extractDocument, type FieldDefinition } from "../index";
import { printedPdf, type PrintedLine } from "../tables/test-pdf";

const FIELDS: FieldDefinition[] = [
  { name: "vendor_name", type: "text", description: "Vendor name" },
  { name: "customer_name", type: "text", description: "Customer name" },
];

async function customer(lines: PrintedLine[]) {
  return (await extractDocument({ bytes: await printedPdf([lines]), mimeType: "application/pdf", fields: FIELDS })).data.customer_name;
}

describe("a party's name printed beside its heading", () => {
  it("reads the value right of 'Customer Name:' rather than a table heading under it", async () => {
    expect(
      await customer([
        { y: 800, cells: [["INVOICE", 260]] },
        { y: 770, cells: [["Invoice ID:", 330], ["12", 420]] },
        { y: 740, cells: [["Customer Name:", 40], ["HOLLOWAY", 150], ["Account Title:", 330], ["Studio Nine", 420]] },
        { y: 700, cells: [["Item Name", 40], ["Description", 150], ["Price", 300], ["Quantity", 380], ["Total Price", 470]] },
        { y: 680, cells: [["item 1", 40], ["prints", 150], ["100.00", 300], ["5", 390], ["500.00", 470]] },
      ]),
    ).toBe("HOLLOWAY");
  });

  it("reads the name right of 'Bill To' rather than a ship-to label under it", async () => {
    expect(
      await customer([
        { y: 800, cells: [["Invoice", 260]] },
        { y: 770, cells: [["Bill To", 40], ["Jane Roe", 150], ["Buyer Name", 330], ["Github", 430]] },
        { y: 755, cells: [["Ship Adress", 330], ["Hamilton, Ontario", 430]] },
        { y: 740, cells: [["Invoice#", 40], ["223444", 150]] },
      ]),
    ).toBe("Jane Roe");
  });

  it("still reads the name under a heading whose neighbour on the row is another heading", async () => {
    expect(
      await customer([
        { y: 800, cells: [["Northwind Traders Ltd", 40], ["INVOICE", 400]] },
        { y: 760, cells: [["Bill To:", 40], ["Ship To:", 200]] },
        { y: 745, cells: [["Contoso Retail GmbH", 40], ["Contoso Warehouse", 200]] },
        { y: 730, cells: [["Hauptstrasse 5", 40], ["Lagerweg 2", 200]] },
      ]),
    ).toBe("Contoso Retail GmbH");
  });

  it("reads the name under a block heading whose row goes on with another block and a letter-spaced title", async () => {
    expect(
      await customer([
        { y: 800, cells: [["Lieferant", 40], ["Käufer", 210], ["R E C H N U N G", 370]] },
        { y: 788, cells: [["NORDLICHT HANDEL GMBH", 40], ["SEEBLICK KUNDE GMBH", 210], ["Beleg-Nr", 370], [": R1234", 460]] },
        { y: 776, cells: [["Hafenstrasse 1", 40], ["Uferweg 9", 210]] },
      ]),
    ).toBe("SEEBLICK KUNDE GMBH");
  });
});
