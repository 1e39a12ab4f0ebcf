import { describe, expect, it } from "vitest";
import { misreadShape } from "./misread-shapes";

describe("misreadShape", () => {
  it("finds a letter read for a digit in a postcode or house number", () => {
    expect(misreadShape("TAMAN DAYA, 8110O JOHOR BAHRU", "address")).toBe("letter in a number");
    expect(misreadShape("NO.15 JLN TSJ2, 4000O SHAH ALAM", "address")).toBe("letter in a number");
    expect(misreadShape("LOT P.T. 28I1, JALAN ANGSA", "address")).toBe("letter in a number");
  });

  it("finds a digit ending a word of capitals", () => {
    expect(misreadShape("18,JALAN PERMA8 10/7", "address")).toBe("digit ending a word");
    expect(misreadShape("SUPERMARKE7", "name")).toBe("digit ending a word");
  });

  it("finds a time or a date taken into an address", () => {
    expect(misreadShape("10 Mar 2018.18:24", "address")).toBe("time");
    expect(misreadShape("NO.5:55,57 & 59, JALAN SAGU 18", "address")).toBe("time");
    expect(misreadShape("05 Mar2018 (867388-U) 12, Jalan Tampoi", "address")).toBe("date");
    expect(misreadShape("12/03/2018 LOT 5, JALAN BESAR", "address")).toBe("date");
  });

  it("finds a space lost between two words of an address", () => {
    expect(misreadShape("12, JalanTampoi 7/4", "address")).toBe("space lost");
  });

  it("finds a registration number or a label in an address", () => {
    expect(misreadShape("002693074-K 13, JLN TASIK UTAMA 8", "address")).toBe("registration number");
    expect(misreadShape("Site: 2395 LOT 485, TMN LEMBAH KERAMAT", "address")).toBe("label first");
    expect(misreadShape("No 8, Jalan 7/l18B, Desa Tun Razak", "address")).toBe("letter in a number");
  });

  it("finds a name of legal forms and trade words alone", () => {
    expect(misreadShape("CO. (M) SDN BHD", "name")).toBe("legal form only");
    expect(misreadShape("RESTAURANT SDN BHD", "name")).toBe("legal form only");
    expect(misreadShape("RESTAURANT JIAWEI", "name")).toBeNull();
  });

  it("finds a name written all in lower case", () => {
    expect(misreadShape("tan woon yann", "name")).toBe("all lower case");
  });

  it("leaves printed names and addresses alone", () => {
    expect(misreadShape("NO.50, JALAN PBS 14/11, KAWASAN PERINDUSTRIAN BUKIT SERDANG", "address")).toBeNull();
    expect(misreadShape("LOT 1851-A & 1851-B, JALAN KPB 6, 43300 SERI KEMBANGAN", "address")).toBeNull();
    expect(misreadShape("12, JALAN TAMPOI 7/4,KAWASAN PERINDUSTRIAN TAMPOI,81200 JOHOR BAHRU", "address")).toBeNull();
    expect(misreadShape("Unit G-13, Ground Floor, No.1 Jln Kiara, 50480 Kuala Lumpur", "address")).toBeNull();
    expect(misreadShape("Hauptstraße 12, 10115 Berlin", "address")).toBeNull();
    expect(misreadShape("UNIT L1-044B, VIVACITY MEGAMALL, 93350 KUCHING", "address")).toBeNull();
    expect(misreadShape("S117, Second Floor, Aeon Tebrau City", "address")).toBeNull();
    expect(misreadShape("McDonald's Restaurant", "name")).toBeNull();
    expect(misreadShape("MR. D.I.Y. (M) SDN BHD", "name")).toBeNull();
    expect(misreadShape("7-ELEVEN MALAYSIA SDN BHD", "name")).toBeNull();
  });
});
