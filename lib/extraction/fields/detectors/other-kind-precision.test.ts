import { PDFDocument, StandardFonts } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { extractDocument } from "../../extract-document";
import type { FieldDefinition } from "../../types";
import { lettersSetApart, partyName } from "./typed-values";

type Text = { text: string; x: number; y: number; size?: number };

async function pdfOf(texts: Text[]): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([612, 792]);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (const t of texts) page.drawText(t.text, { x: t.x, y: 792 - t.y - (t.size ?? 10), size: t.size ?? 10, font });
  return pdf.save();
}

async function extract(texts: Text[], fields: FieldDefinition[]) {
  const result = await extractDocument({ bytes: await pdfOf(texts), mimeType: "application/pdf", fields, settings: { dataExtractionMode: "fast" } });
  return result.data;
}

const column = (lines: string[], x: number, y: number): Text[] => lines.map((text, i) => ({ text, x, y: y + i * 14 }));

/** A utility bill's parser: invoice fields it shares (customer, bill date) beside a period the vocabulary does not know. */
const BILL: FieldDefinition[] = [
  { name: "customer_name", type: "text", description: "Name of the customer billed" },
  { name: "bill_date", type: "date", description: "Date the bill was issued" },
  { name: "period_start", type: "date", description: "First day of the service period billed" },
  { name: "period_end", type: "date", description: "Last day of the service period billed" },
];

describe("values of a parser of another kind", () => {
  it("keeps a party's name and drops the street run on after it, or a street line read as a name", () => {
    expect(partyName("CRE 1000 WILSHIRE LLC, 1000 WILSHIRE BLVD, LOS ANGELES, CA 90017")).toBe("CRE 1000 WILSHIRE LLC");
    expect(partyName("KELLER ISD HARVEL ELEM")).toBe("KELLER ISD HARVEL ELEM");
    expect(partyName("1600 SW Baldwin Rd Prineville OR")).toBeNull();
    expect(partyName("Outages and downed lines: 800-544-1795")).toBeNull();
    expect(partyName("Ang abiso na ito ay nauugnay sa mga singil na dapat bayaran para sa serbisyo ng tubig.")).toBeNull();
  });

  it("tells letters set apart from a name", () => {
    expect(lettersSetApart("ﺞ ﺘ ﻨ ﻤ ﻟ ا")).toBe(true);
    expect(lettersSetApart("Speaker Single ZQS8316")).toBe(false);
  });

  it("takes no charge line's period as the bill's, and no unlabelled date as the bill's date", async () => {
    const data = await extract(
      [
        ...column(["Northfield Power & Light", "PO Box 4410, Riverton, OR 97301"], 40, 40),
        ...column(["Meter 4471   Reading taken 07/22/2019"], 40, 120),
        ...column(["Energy charge   for 07-01-2019 to 07-31-2019    1,204 kwh   0.0631   76.05", "Basic charge                                            12.50"], 40, 160),
      ],
      BILL,
    );
    expect(data.period_start ?? null).toBeNull();
    expect(data.period_end ?? null).toBeNull();
    expect(data.bill_date ?? null).toBeNull();
  });

  it("still reads a period printed on its own, and a labelled bill date", async () => {
    const data = await extract(
      [
        ...column(["Northfield Power & Light", "Bill date: 08/07/2019", "Service period: 07/01/2019 - 07/31/2019"], 40, 40),
        ...column(["Energy charge   1,204 kwh   0.0631   76.05"], 40, 120),
      ],
      BILL,
    );
    expect(data.period_start).toBe("2019-07-01");
    expect(data.period_end).toBe("2019-07-31");
    expect(data.bill_date).toBe("2019-08-07");
  });

  it("reads a period labelled in a column of its own left of it, with the charges on its row", async () => {
    const data = await extract(
      [
        { text: "Northfield Water District", x: 40, y: 40 },
        { text: "Read Dates:", x: 40, y: 100 },
        { text: "8/14/2020 - 10/20/2020", x: 200, y: 100 },
        { text: "Basic Service @ $243.82      $ 243.82", x: 380, y: 100 },
      ],
      BILL,
    );
    expect(data.period_start).toBe("2020-08-14");
    expect(data.period_end).toBe("2020-10-20");
  });

  it("reads the company that issued a bill from its remittance line, not from an acronym", async () => {
    const provider: FieldDefinition[] = [...BILL, { name: "provider", type: "text", description: "Utility company that issued the bill" }];
    const named = await extract([...column(["Account 4471-02", "Amount due 76.05", "Please make checks payable to Northfield Water District"], 40, 300)], provider);
    expect(named.provider).toBe("Northfield Water District");
    const acronym = await extract([...column(["Account 4471-02", "Amount due 76.05", "Please make checks payable to NWD."], 40, 300)], provider);
    expect(acronym.provider ?? null).toBeNull();
  });
});
