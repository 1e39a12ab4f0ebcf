import { describe, expect, it } from "vitest";
import { extractDocument, type FieldDefinition } from "../index";
import { textToPages } from "../loaders/plain-text";
import type { PageModel } from "../types";
import { extractScalarFields } from "./extract-fields";
import { commaForStop, hasPostcode, joinAddressLines, misreadAddress, premisesWord } from "./vendor-address";

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
    expect(commaForStop("LOT 12-A & 12-B. JALAN MAJU 6")).toBe("LOT 12-A & 12-B, JALAN MAJU 6");
  });

  it("keeps a stop after a unit of more than one letter", () => {
    expect(commaForStop("UNIT 12-AB. JALAN 3")).toBe("UNIT 12-AB. JALAN 3");
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

  it("keeps a branch printed under the postcode line when contact details close the block below it", async () => {
    const coded = await extract(["KEDAI MAJU S/B (123456-X)", "LOT 12, JALAN BESAR,", "TAMAN MAJU", "41150 KLANG, SELANGOR", "0042-TMN SRI JAYA", "GST ID. NO : 000123456789"]);
    expect(coded.vendor_address).toBe("LOT 12, JALAN BESAR, TAMAN MAJU 41150 KLANG, SELANGOR 0042-TMN SRI JAYA");
    const bracketed = await extract(["KEDAI MAJU SDN BHD", "(CO.REG : 123456-D)", "LOT 12, JALAN BESAR,", "43300 SERI KEMBANGAN, SELANGOR", "(PASAR BESAR CHERAS)", "-TAX INVOICE-"]);
    expect(bracketed.vendor_address).toBe("LOT 12, JALAN BESAR, 43300 SERI KEMBANGAN, SELANGOR (PASAR BESAR CHERAS)");
  });

  it("leaves out a line under the postcode line that is no branch, or that nothing closes", async () => {
    const mall = await extract(["BUKU KITA SDN BHD", "No 8, Jalan Maju, Taman Jaya", "56000 Kuala Lumpur, Malaysia", "88 MALL", "Tel : 03-12345678"]);
    expect(mall.vendor_address).toBe("No 8, Jalan Maju, Taman Jaya 56000 Kuala Lumpur, Malaysia");
    const open = await extract(["KEDAI MAJU SDN BHD", "LOT 12, JALAN BESAR,", "41150 KLANG, SELANGOR", "0042-TMN SRI JAYA", "COKE 500ML 2.20"]);
    expect(open.vendor_address).toBe("LOT 12, JALAN BESAR, 41150 KLANG, SELANGOR");
  });

  it("ends at a mobile or WhatsApp number", async () => {
    const data = await extract(["KEDAI BUKU MAJU", "NO. 3, JALAN MAJU", "40170 SETIA ALAM", "Mobile /Whatsapps : +6012-345 6789", "Tel: +603-1234 5678"]);
    expect(data.vendor_address).toBe("NO. 3, JALAN MAJU 40170 SETIA ALAM");
  });

  it("skips a bracketed registration line whose label OCR misread", async () => {
    const data = await extract(["KEDAI MAJU (M) SDN BHD", "(CO.RFG : 86Q671-D)", "LOT 5, JALAN BESAR,", "43300 SERI KEMBANGAN, SELANGOR", "(GST ID No :000123456789)"]);
    expect(data.vendor_address).toBe("LOT 5, JALAN BESAR, 43300 SERI KEMBANGAN, SELANGOR");
  });
});

describe("lines before the premises", () => {
  it("keeps a first line with a number that does not start with the brand", async () => {
    const data = await extract(["KEDAI MAJU SDN BHD", "S117, Second Floor,", "Aeon Mall,", "1, Jalan Desa,", "81100 Johor Bahru, Johor.", "Tel: 07-1234567"]);
    expect(data.vendor_address).toBe("S117, Second Floor, Aeon Mall, 1, Jalan Desa, 81100 Johor Bahru, Johor.");
  });
});

describe("state lines and registration numbers", () => {
  it("reads on past the postcode line through a line of region names", async () => {
    const data = await extract(["Kedai Maju Sdn.Bhd", "(317041-W)", "PT12345, SEKSYEN U9,", "40150 SHAH ALAM,", "SELANGOR DARUL EHSAN.", "GST Reg. No. : 001234567890"]);
    expect(data.vendor_address).toBe("PT12345, SEKSYEN U9, 40150 SHAH ALAM, SELANGOR DARUL EHSAN.");
  });
});

describe("seller's name", () => {
  it("does not take a prompt ending in a colon for the name", async () => {
    const data = await extract(["For feedback or complaint, please call:", "011-1234 5678", "Kedai Maju Cash & Carry Sdn.Bhd", "(317041-W)", "PT12345, SEKSYEN U9,", "40150 SHAH ALAM"]);
    expect(data.vendor_name).toBe("Kedai Maju Cash & Carry Sdn.Bhd");
  });

  it("leaves off a registration number in brackets as OCR read it", async () => {
    const data = await extract(["KEDAI ROTI (KL) SDN BHD (193S6 X)", "Lot 3, Jalan Maju 23/1,", "40300 Shah Alam, Selangor.", "Tel:03-12345678"]);
    expect(data.vendor_name).toBe("KEDAI ROTI (KL) SDN BHD");
  });
});

describe("premises words read as digits", () => {
  it("reads LOT and NO at the start of an address before a number", () => {
    expect(premisesWord("10T 1851-A & 1851-B")).toBe("LOT 1851-A & 1851-B");
    expect(premisesWord("l0t 3, Jalan Maju")).toBe("Lot 3, Jalan Maju");
    expect(premisesWord("N0.1 Jalan Euro 1")).toBe("NO.1 Jalan Euro 1");
    expect(premisesWord("NO, 31G&33G, JALAN SETIA INDAH X")).toBe("NO. 31G&33G, JALAN SETIA INDAH X");
    expect(premisesWord("No, 5 Jalan Maju")).toBe("No. 5 Jalan Maju");
    expect(premisesWord("NO,1 JALAN PUTERI 7/10")).toBe("NO,1 JALAN PUTERI 7/10");
  });

  it("leaves numbers and words that only look alike", () => {
    expect(premisesWord("10 TAMAN MAJU")).toBe("10 TAMAN MAJU");
    expect(premisesWord("LOTUS 3")).toBe("LOTUS 3");
    expect(premisesWord("N0RTH 5")).toBe("N0RTH 5");
  });
});

describe("address words read with little confidence", () => {
  /** The lines as OCR would give them: each word read with 0.95, the words in `unsure` with 0.4. */
  function read(lines: string[], unsure: string[]): PageModel {
    const pages = textToPages(lines.join("\n")).map((page) => ({
      ...page,
      blocks: page.blocks.map((block) => ({
        ...block,
        lines: block.lines.map((line) => ({ ...line, words: line.words.map((word) => ({ ...word, confidence: unsure.includes(word.text) ? 0.4 : 0.95 })) })),
      })),
    }));
    return { pages };
  }
  const address = (model: PageModel) => extractScalarFields(model, FIELDS).get("vendor_address")?.value ?? null;
  const receipt = ["KEDAI MAJU SDN BHD", "Unit G-5B, Ground Aeer,", "No 21, Jalan Pinang,", "50450 Kuala Lumpur", "Tel: 03-12345678"];

  it("leaves the address empty when one of its words was read unsure", () => {
    expect(address(read(receipt, ["Aeer,"]))).toBe(null);
  });

  it("keeps it when every word was read with confidence, and ignores unsure words outside it", () => {
    expect(address(read(receipt, []))).toBe("Unit G-5B, Ground Aeer, No 21, Jalan Pinang, 50450 Kuala Lumpur");
    expect(address(read(receipt, ["03-12345678"]))).toBe("Unit G-5B, Ground Aeer, No 21, Jalan Pinang, 50450 Kuala Lumpur");
  });
});

describe("addresses with the marks of a misread", () => {
  it("are a digit-o-digit number, an empty item between commas or a colon inside a word", () => {
    expect(misreadAddress("No 8, Jalan 7/118B, Desa Tun Razak 560o0 Kuala Lumpur")).toBe(true);
    expect(misreadAddress("NO.23 BATU 42200 10,, TAMAN KLANG")).toBe(true);
    expect(misreadAddress("NO.12,JA:AN SS4C/5,PETALING JAYA")).toBe(true);
    expect(misreadAddress("SEKSYEN U13, 4D170 SHAH ALAM")).toBe(true);
  });

  it("are a semicolon or a word in capitals with a lower-case letter inside", () => {
    expect(misreadAddress("LOT1504, RATU 8 1/2.JALAN KLANG LAMA; 46000 PETALING JAYA")).toBe(true);
    expect(misreadAddress("NO.69 JALAN PERMAS Q/5 Bandar Baru PeRMAS JAYA 81760 JOHOR BAHRU")).toBe(true);
    expect(misreadAddress("S117, Second Floor, Aeon Tebrau C1ty, 81100 Johor Bahru")).toBe(true);
    expect(misreadAddress("Lot 3, Jalan McDonald, 81100 Johor Bahru")).toBe(false);
  });

  it("are a digit inside or starting a lower-case word the address vocabulary does not mend", () => {
    expect(misreadAddress("No.1 Jalan Euro 1, Seksyen U3 Shah 4lam,40150")).toBe(true);
    expect(misreadAddress("No 5, Lorong Ke1ibang, 40150 Shah Alam")).toBe(true);
    // "Ja1an" and "Peta1ing" are slips the vocabulary mends: the address is kept and repaired.
    expect(misreadAddress("No.3, Ja1an SS21/39, 47400 Peta1ing Jaya")).toBe(false);
    expect(misreadAddress("Damansara Uptown3, 3rd Floor, 21st Avenue, 40150 Shah Alam")).toBe(false);
  });

  it("are not a unit number, a block letter, a bare postcode or a labelled part", () => {
    expect(misreadAddress("Block B No1, Jalan PJU 9/1, 52000 KL")).toBe(false);
    expect(misreadAddress("LOT 1851-A & 1851-B, JALAN KPB 6, 43300 SERI KEMBANGAN")).toBe(false);
    expect(misreadAddress("Attn: Unit 10, 40150 Shah Alam")).toBe(false);
    expect(misreadAddress("Unit 2B11, Jalan SS21/39, U13/X")).toBe(false);
    expect(misreadAddress("100 Queen St, Ottawa ON K1A 0B1")).toBe(false);
  });

  it("leave the address of a receipt empty", () => {
    const text = (postcode: string) => ["KEDAI MAJU SDN BHD", "No 21, Jalan Pinang,", `${postcode} Kuala Lumpur`, "Tel: 03-12345678"].join("\n");
    const address = (postcode: string) => extractScalarFields({ pages: textToPages(text(postcode)) }, FIELDS).get("vendor_address")?.value ?? null;
    expect(address("50450")).toBe("No 21, Jalan Pinang, 50450 Kuala Lumpur");
    expect(address("504o0")).toBe(null);
  });
});

describe("addresses with a mark no printed address has", () => {
  it("are an underscore, a degree sign or a middle dot", () => {
    expect(misreadAddress("12 JAL_AN PENGACARA U1/48")).toBe(true);
    expect(misreadAddress("Leve1°6, Bangunan TH")).toBe(true);
    expect(misreadAddress("No.128G JLN·SS21/35 DAMANSARA UTAMA")).toBe(true);
    expect(misreadAddress("No.128G JLN SS21/35 DAMANSARA UTAMA")).toBe(false);
  });
});

describe("lines between the seller's name and its address", () => {
  it("skips a registration label read with a zero for its O", async () => {
    const data = await extract(["SIMPLIFIED TAX INVOICE", "KEDAI RUNCIT MAJU & COMPANY", "REG. N0:00123456-K", "NO.8, JALAN MAWAR 3,", "TAMAN MELATI,", "53100 KUALA LUMPUR", "TEL: 03-1234 5678"]);
    expect(data.vendor_address).toBe("NO.8, JALAN MAWAR 3, TAMAN MELATI, 53100 KUALA LUMPUR");
  });

  it("ends the address at a phone and fax labelled by one letter", async () => {
    const data = await extract(["KEDAI RUNCIT MAJU SDN. BHD", "(123456-A)", "Lot 8, Jalan Mawar,", "Plaza Melati, Taman Melati", "53100, Kuala Lumpur", "T: 03-1234 5678 | F: 03-1234 5679", "Tax Invoice"]);
    expect(data.vendor_address).toBe("Lot 8, Jalan Mawar, Plaza Melati, Taman Melati 53100, Kuala Lumpur");
  });
});
