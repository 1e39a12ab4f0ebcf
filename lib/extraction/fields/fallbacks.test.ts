import { describe, expect, it } from "vitest";
import { extractDocument, type FieldDefinition } from "../index";

const FIELDS: FieldDefinition[] = [{ name: "invoice_date", type: "date", description: "Invoice date" }];

async function date(lines: string[]) {
  return (await extractDocument({ bytes: new TextEncoder().encode(lines.join("\n")), mimeType: "text/plain", fields: FIELDS })).data.invoice_date;
}

describe("an unlabelled receipt date", () => {
  it("is the date stamped with a time, not a code that looks like a date", async () => {
    expect(await date(["KEDAI MAJU", "RC11-23-42 - 12/144", "MARKER PEN 2.50", "15-07-18 10:35 SH01 Z133"])).toBe("2018-07-15");
  });

  it("takes the first stamped date when the time comes before it", async () => {
    expect(await date(["KEDAI MAJU", "04:54 pm, 27 March, 2018", "TOTAL 5.00", "27/03/2016 16:54:04"])).toBe("2018-03-27");
  });

  it("is the first date printed when none carries a time", async () => {
    expect(await date(["KEDAI MAJU", "12/03/2018", "TOTAL 5.00", "13/03/2018"])).toBe("2018-03-12");
  });
});
