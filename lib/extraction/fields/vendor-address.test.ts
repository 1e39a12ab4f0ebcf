import { describe, expect, it } from "vitest";
import { extractDocument, type FieldDefinition } from "../index";
import { commaForStop, hasPostcode, joinAddressLines } from "./vendor-address";

const FIELDS: FieldDefinition[] = [
  { name: "vendor_name", type: "text", description: "Vendor name" },
  { name: "vendor_address", type: "address", description: "Vendor address" },
];

async function extract(lines: string[]) {
  return (await extractDocument({ bytes: new TextEncoder().encode(lines.join("\n")), mimeType: "text/plain", fields: FIELDS })).data;
}

describe("postcode lines", () => {
  it("takes five digits before a place name as a postcode", () => {
    expect(hasPostcode("42100 KLANG, SELANGOR")).toBe(true);
    expect(hasPostcode("No.3, Jalan SS21/39,47400 Petaling Jaya")).toBe(true);
    expect(hasPostcode("Desa Tun Razak 560o0 Kuala Lumpur")).toBe(true);
  });

  it("does not take a lot or house number of five digits for one", () => {
    expect(hasPostcode("LOT P.T. 33198, BATU 4")).toBe(false);
    expect(hasPostcode("NO 12345 JALAN MERDEKA")).toBe(false);
    expect(hasPostcode("TEL 0312 3456")).toBe(false);
  });
});

describe("address text", () => {
  it("rejoins a comma or stop the reader set off as its own word", () => {
    expect(joinAddressLines(["NO.50 , JALAN PBS 14/11 ,", "KAWASAN PERINDUSTRIAN ."])).toBe("NO.50, JALAN PBS 14/11, KAWASAN PERINDUSTRIAN.");
    expect(joinAddressLines(["NO.1,JALAN 2", "3.5 KM"])).toBe("NO.1,JALAN 2 3.5 KM");
  });
});

describe("stops read for commas", () => {
  it("reads a stop after a word of four letters or more inside the address as a comma", () => {
    expect(commaForStop("LOT 1-0-2, JLN 1/50, DIAMOND SQUARE. OFF JLN GOMBAK 53000 KUALA LUMPUR")).toBe("LOT 1-0-2, JLN 1/50, DIAMOND SQUARE, OFF JLN GOMBAK 53000 KUALA LUMPUR");
    expect(commaForStop("TAMAN AIR BIRU. 81700 PASIR GUDANG, JOHOR.")).toBe("TAMAN AIR BIRU, 81700 PASIR GUDANG, JOHOR.");
  });

  it("keeps abbreviations, a stop between numbers and the final stop", () => {
    expect(commaForStop("NO. 17-G, LOT P.T. 2811, JLN. MAJU, Str. 5, KM 3.5 JALAN 7, SELANGOR.")).toBe("NO. 17-G, LOT P.T. 2811, JLN. MAJU, Str. 5, KM 3.5 JALAN 7, SELANGOR.");
  });

  it("reads a stop after a house number, before a word, as a comma", () => {
    expect(commaForStop("NO 290. JALAN AIR PANAS, SETAPAK")).toBe("NO 290, JALAN AIR PANAS, SETAPAK");
    expect(commaForStop("LOT 1-0-2. JLN 1/50")).toBe("LOT 1-0-2, JLN 1/50");
  });
});

describe("address under the seller's name", () => {
  it("reads on past a five-digit lot number to the postcode line", async () => {
    const data = await extract(["KEDAI MAJU SDN BHD", "LOT P.T. 12345, BATU 4", "JALAN BESAR, MUKIM BARU", "42100 KLANG, SELANGOR", "GST ID NO: 000123456789"]);
    expect(data.vendor_address).toBe("LOT P.T. 12345, BATU 4 JALAN BESAR, MUKIM BARU 42100 KLANG, SELANGOR");
  });

  it("starts after the lines of a wrapped name and its bare registration number", async () => {
    const data = await extract(["BINA JAYA HARDWARE", "ENTERPRISE (TAMAN", "MELATI) SDN BHD", "812345-X", "NO. 7-G, JALAN PASAR", "TAMAN MELATI", "53100 KUALA LUMPUR", "TEL: 03-1234 5678"]);
    expect(data.vendor_address).toBe("NO. 7-G, JALAN PASAR TAMAN MELATI 53100 KUALA LUMPUR");
  });

  it("skips a labelled company registration line", async () => {
    const data = await extract(["KEDAI RUNCIT MAJU", "Company Reg, No, : 712345-V", "NO 1&3, Jalan Merdeka 12,", "Taman Sri Jaya,", "53300 Kuala Lumpur", "03-41234567"]);
    expect(data.vendor_address).toBe("NO 1&3, Jalan Merdeka 12, Taman Sri Jaya, 53300 Kuala Lumpur");
  });

  it("drops an owner's line with its registration number and a licensee line before the premises", async () => {
    const owner = await extract(["Kopi Kita", "Dimiliki: kopi kita sdn bhd 1234567-W", "No. 1 Jalan Merdeka 7/10", "Bandar Baru, 47100 Puchong", "(GST Reg. No : 000123456789)"]);
    expect(owner.vendor_address).toBe("No. 1 Jalan Merdeka 7/10 Bandar Baru, 47100 Puchong");
    const licensee = await extract(["Maju Restaurants Sdn Bhd", "(12345-M)", "Licensee of Burger Co", "Leve1 6, Bangunan Maju", "No.3, Jalan SS1/2,47400 Petaling Jaya", "Selangor", "(GST ID No: 000123456789)"]);
    expect(licensee.vendor_address).toBe("Leve1 6, Bangunan Maju No.3, Jalan SS1/2,47400 Petaling Jaya Selangor");
  });
});
