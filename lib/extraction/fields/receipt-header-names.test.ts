import { describe, expect, it } from "vitest";
import { findVendorName } from "./parties";
import { extractHeader as extract, ocrLines } from "./receipt-header-fixtures";

describe("seller's name on a receipt header", () => {
  it("takes no premises or estate line for the name when the name itself was misread", async () => {
    const data = await extract(["9 SPEED MART S/D (519537·X)", "LOT P.T. 2811, JALAN ANGSA,", "TAMAN BERKELEY", "41150 KLANG, SELANGOR", "GST ID. NO : 000181747712"]);
    expect(data.vendor_name).toBeNull();
  });

  it("joins a name that ends in '&' with its next line", async () => {
    const data = await extract(["HOME GARDEN HARDWARE &", "ELECTRICAL", "NO.12G & 14G, JALAN SETIA 3", "40170 SHAH ALAM,", "Company Reg No. :SA0123456-P"]);
    expect(data.vendor_name).toBe("HOME GARDEN HARDWARE & ELECTRICAL");
  });

  it("takes a long first line over a trade word alone before the legal form", async () => {
    const data = await extract(["LIAN MEI PU TIAN VEGETARIAN", "RESTAURANT SDN BHD", "(1234567-X)", "54,JALAN SS2/11 TAMAN SEA,47400 PETALING JAYA"]);
    expect(data.vendor_name).toBe("LIAN MEI PU TIAN VEGETARIAN RESTAURANT SDN BHD");
  });

  it("reads the registration number under a two-line name, in its wider shapes", async () => {
    const data = await extract(["RESTAURANT HUAWEI", "HUAWEI HOUSE", "002693074-K", "13, JLN TASIK UTAMA 8", "57000 KL"]);
    expect(data.vendor_name).toBe("RESTAURANT HUAWEI HUAWEI HOUSE");
  });

  it("drops a till number before the name and takes no 'Company No' line", async () => {
    const data = await extract(["#000002 BAIDU (M) Sdn Bhd", "COMPANY N0(814198-X)", "DAISO JAPAN, IOI MALL", "PHONE 03-80763806"]);
    expect(data.vendor_name).toBe("BAIDU (M) Sdn Bhd");
  });

  it("takes no line for the name without anything for it", () => {
    const lines = ocrLines([
      { text: "31801011", box: { x: 0.05, y: 0.03, w: 0.2, h: 0.03 } },
      { text: "Tax(RM)", box: { x: 0.6, y: 0.62, w: 0.15, h: 0.02 } },
      { text: "Rounding", box: { x: 0.1, y: 0.7, w: 0.2, h: 0.02 } },
    ]);
    expect(findVendorName(lines, null)).toBeNull();
  });
});

describe("seller's address on a receipt header", () => {
  it("starts at 'No:' before a house number and a street", async () => {
    const data = await extract(["LIGHTHOUSE GALLERY SDN BHD", "No: 28, JALAN ASTANA 1C,", "BANDAR BUKIT RAJA, 41050", "KLANG SELANGOR D.E, MALAYSIA", "ROC No. : (1072825-A)", "Tel:03-3362 4395"]);
    expect(data.vendor_address).toBe("No: 28, JALAN ASTANA 1C, BANDAR BUKIT RAJA, 41050 KLANG SELANGOR D.E, MALAYSIA");
  });

  it("gives no address that starts at its postcode line", async () => {
    const data = await extract(["99 SPEEDY MART S/B", "TAMAN BERKELEY", "41150 KLANG, SELANGOR", "TEL 03-3371 1234"]);
    expect(data.vendor_address).toBeNull();
  });
});

describe("seller's address ending on a contact line", () => {
  it("keeps the postcode and town printed before the telephone on one line", async () => {
    const data = await extract(["MOONBEAM CAKE HOUSE SDN BHD 862725-U", "(GST Reg No: 001559298048)", "No.1, Jalan Permas 10/5, Bandar Baru Permas Jaya", "81750 Johor Bahru, Johor, Tel No.: 07-387 3322", "www.example.com"]);
    expect(data.vendor_address).toBe("No.1, Jalan Permas 10/5, Bandar Baru Permas Jaya 81750 Johor Bahru, Johor");
  });

  it("takes the federal territory's name as a region line after the postcode", async () => {
    const data = await extract(["Eco-Store Marketing Sdn Bhd", "Company No : 734055-M", "Lot F1-01, 6, Jalan 8/27A,", "Seksyen 5 Wangsa Maju,", "53300 Kuala Lumpur,", "Wilayah Persekutuan Kuala", "Lumpur, Malaysia.", "INV No # : 47293"]);
    expect(data.vendor_address).toBe("Lot F1-01, 6, Jalan 8/27A, Seksyen 5 Wangsa Maju, 53300 Kuala Lumpur, Wilayah Persekutuan Kuala Lumpur, Malaysia.");
  });
});
