import { describe, expect, it } from "vitest";
import { findVendorName } from "./parties";
import { extractDocument } from "../index";
import { extractHeader as extract, HEADER_FIELDS, ocrLines } from "./receipt-header-fixtures";

describe("vendor name", () => {
  it("keeps a number after a trade word as part of the name and skips item-column headings", async () => {
    const data = await extract(["Triple Six Point Enterprise 666", "No 14 Jalan Permas 4/3", "Tel:016-7574686", "QTY ITEM", "PRICE TOTAL"]);
    expect(data.vendor_name).toBe("Triple Six Point Enterprise 666");
  });

  it("prefers the top line naming a trade over a company named under the title", async () => {
    const data = await extract(["PERNIAGAAN MAJU JAYA", "NO.69 JALAN PERMAS 9/5", "BANDAR BARU PERMAS JAYA", "81760 JOHOR BAHRU", "TEL : 07-386 7524", "GST NO : 000800589824", "SIMPLIFIED TAX INVOICE", "CONTOH ENGINEERING (M) SDN BHD", "Receipt#: CS00082662"]);
    expect(data.vendor_name).toBe("PERNIAGAAN MAJU JAYA");
  });

  it("does not take a returns notice for a name", async () => {
    const data = await extract(["*** 30/03/2018 ***", "Goods Sold Are Not Returnable."]);
    expect(data.vendor_name).toBeNull();
  });
});

describe("vendor address", () => {
  it("reads past scanner speckle between the name and the address lines", async () => {
    const data = await extract(["SYARIKAT MAJU JAYA", "|", "(12345-A)", "NO 12, JALAN MERDEKA,", ":", "TAMAN SRI JAYA,", "43000 KAJANG.", "TEL : 03-87654321"]);
    expect(data).toMatchObject({ vendor_name: "SYARIKAT MAJU JAYA", vendor_address: "NO 12, JALAN MERDEKA, TAMAN SRI JAYA, 43000 KAJANG." });
  });

  it("drops a registration line printed between a branch name and the premises", async () => {
    const data = await extract(["KEDAI MAJU JAYA", "CAWANGAN TASIK DAMAI", "SDN BHD BR No.: (124525-H)", "NO 19-G, JALAN TASIK UTAMA 4,", "MEDAN NIAGA TASIK DAMAI", "TEL : 03-9876543"]);
    expect(data.vendor_address).toBe("NO 19-G, JALAN TASIK UTAMA 4, MEDAN NIAGA TASIK DAMAI");
  });

  it("ends the seller's name at its legal form when a registration number follows on the line", async () => {
    const gardenia = await extract(["ROTI BAKERIES (KL) SDN BHD (139386 X)", "LOT 3, JALAN PELABUR 23/1,", "40300 SHAH ALAM", "TEL : 03-5542 3228"]);
    expect(gardenia.vendor_name).toBe("ROTI BAKERIES (KL) SDN BHD");
    const kings = await extract(["KEDAI CONFECTIONERY S/B 273500-U (KSB)", "NO 12, JALAN MERDEKA,", "43000 KAJANG.", "TEL : 03-87654321"]);
    expect(kings.vendor_name).toBe("KEDAI CONFECTIONERY S/B");
  });

  it("keeps a house number printed alone on its line", async () => {
    const data = await extract(["THREE BEARS", "BISTRO & CAFE", "12,", "JALAN SS2/24,", "PETALING JAYA", "GST ID : 001234567890"]);
    expect(data.vendor_address).toBe("12, JALAN SS2/24, PETALING JAYA");
  });

  it("stops at a phone or tax number printed without its label", async () => {
    const data = await extract(["KEDAI BUKU MAJU", "NO 7, JALAN PASAR,", "TAMAN MELATI", "016-5498845,", "001627654144"]);
    expect(data.vendor_address).toBe("NO 7, JALAN PASAR, TAMAN MELATI");
  });

  it("is empty when the lines under the name hold no number or no place name", async () => {
    expect((await extract(["HERO TRADING SDN BHD", "laza;", "001627654144", "TAX INVOICE"])).vendor_address).toBeNull();
    expect((await extract(["MAJU TRADING SDN BHD", "R-8,", "8515/40,", "TAX INVOICE"])).vendor_address).toBeNull();
  });
});

describe("vendor name", () => {
  it("is the top line, not the line under it, on a page of closely set lines", async () => {
    const data = await extract(["AH SENG KOPITIAM", "Best Coffee Shop in Town", "NO 3, JALAN BESAR,", "43000 KAJANG", "TEL : 03-12345678"]);
    expect(data.vendor_name).toBe("AH SENG KOPITIAM");
  });

  it("is never an address line that starts with a lot, unit or box number", async () => {
    const data = await extract(["(R1497-F)", "LOT 1504, BATU 8 1/2, JALAN KLANG LAMA,", "46000 PETALING JAYA, SELANGOR.", "TEL : 016-2014209"]);
    expect(data.vendor_name).not.toBe("LOT 1504, BATU 8 1/2, JALAN KLANG LAMA,");
  });

  it("is the name that spells the document's website domain, over a tagline at the top", async () => {
    const data = await extract(["                                   Northwind Outlet", "Bluebell Joinery", "12 Mill Lane", "Leeds LS1 4AB", "", "Invoice INV-2024-0042", "", "", "Thank you. https://www.bluebell-joinery.co.uk"]);
    expect(data.vendor_name).toBe("Bluebell Joinery");
  });

  it("is the issuer named by the e-mail domain when a section heading names another supplier", async () => {
    const data = await extract(["Lieferant", "WERKSLIEFERANT GMBH", "Hauptstraße 1", "12345 Musterstadt", "", "Rechnung 4711", "", "HANDELSHAUS NORD GMBH   E-Mail: info@handelshaus-nord.de"]);
    expect(data.vendor_name).toBe("HANDELSHAUS NORD GMBH");
  });

  it("keeps the section's seller when no printed domain names another company", async () => {
    const data = await extract(["Lieferant", "WERKSLIEFERANT GMBH", "Hauptstraße 1", "12345 Musterstadt", "", "Rechnung 4711", "", "E-Mail: buchhaltung@example.com"]);
    expect(data.vendor_name).toBe("WERKSLIEFERANT GMBH");
  });

  it("takes a name wrapped over three lines down to its legal form", async () => {
    const data = await extract(["AIK HUAT HARDWARE", "ENTERPRISE (SETIA", "ALAM) SDN BHD", "822737-X", "NO. 17-G, JALAN SETIA INDAH,", "40170 SHAH ALAM", "TEL: 012-6651783"]);
    expect(data.vendor_name).toBe("AIK HUAT HARDWARE ENTERPRISE (SETIA ALAM) SDN BHD");
  });

  it("takes the lines above a legal-form line whose bracket opened there", async () => {
    const data = await extract(["Selamat Datang", "AIK HUAT HARDWARE", "ENTERPRISE (SETIA", "ALAM) SDN BHD", "822737-X", "NO. 17-G, JALAN SETIA INDAH,", "40170 SHAH ALAM"]);
    expect(data.vendor_name).toBe("AIK HUAT HARDWARE ENTERPRISE (SETIA ALAM) SDN BHD");
  });

  it("does not take a second plain line above a wrapped name", async () => {
    const data = await extract(["Selamat Datang", "SUPER JIMAT", "KEDAI RUNCIT", "BORONG SDN BHD", "NO 5, JALAN PASAR,", "40170 SHAH ALAM"]);
    expect(data.vendor_name).toBe("KEDAI RUNCIT BORONG SDN BHD");
  });

  it("does not take a stamp beside the name, set a little higher, as a line above it", () => {
    const lines = ocrLines([
      { text: "KEDAI MAJU ENTERPRISE PO", box: { x: 0.07, y: 0.103, w: 0.63, h: 0.051 } },
      { text: "STED", box: { x: 0.65, y: 0.091, w: 0.27, h: 0.037 } },
      { text: "9, JALAN SUBANG JASA 3,", box: { x: 0.06, y: 0.152, w: 0.5, h: 0.024 } },
      { text: "40150 SHAH ALAM, SELANGOR.", box: { x: 0.07, y: 0.177, w: 0.61, h: 0.026 } },
    ]);
    expect(findVendorName(lines, null)?.value).toBe("KEDAI MAJU ENTERPRISE PO STED");
  });
  it("prefers the line set right above a registration number", async () => {
    const data = await extract(["Machine [003]", "BINTANG CASH & CARRY", "(1234567-P)", "G.23 & G.22, Plaza Maju,", "No.1 Jalan SS 9/1, 47300 PJ, Selangor."]);
    expect(data.vendor_name).toBe("BINTANG CASH & CARRY");
  });
  it("does not join a brand line above a name that is whole with its legal form", async () => {
    const data = await extract(["AA KEDAI UBAT", "MAJU HEALTHCARE SDN BHD", "(123456-A)", "NO 5, JALAN PASAR,", "40170 SHAH ALAM"]);
    expect(data.vendor_name).toBe("MAJU HEALTHCARE SDN BHD");
  });
});


describe("vendor name behind a logo glyph", () => {
  it("drops a bullet or symbol printed before the seller's name", async () => {
    const { printedPdf } = await import("../tables/test-pdf");
    const bytes = await printedPdf([[
      { y: 780, cells: [["• Northwind Supplies Ltd.", 50], ["Invoice", 450]] },
      { y: 766, cells: [["12 Market Street, Leeds", 50]] },
      { y: 700, cells: [["Bill to", 50]] },
      { y: 686, cells: [["Contoso Retail plc", 50]] },
    ]]);
    const data = (await extractDocument({ bytes, mimeType: "application/pdf", fields: HEADER_FIELDS })).data;
    expect(data.vendor_name).toBe("Northwind Supplies Ltd.");
  });
});
