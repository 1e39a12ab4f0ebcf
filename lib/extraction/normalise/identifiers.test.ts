import { describe, expect, it } from "vitest";
import { parseCurrency } from "./currency";
import { findEmails, findIbans, findLooseVatId, findPhones, findUrls, findVatIds, isValidIban, isValidVatId } from "./identifiers";

describe("identifiers", () => {
  it("validates IBAN checksums", () => {
    expect(isValidIban("NL50 INGB 0683 2513 09")).toBe(true);
    expect(isValidIban("DE89 3704 0044 0532 0130 00")).toBe(true);
    expect(isValidIban("DE89 3704 0044 0532 0130 01")).toBe(false);
  });

  it("finds IBANs in text, spaced or not, and stops before the next word", () => {
    expect(findIbans("IBAN NL50INGB0683251309 BIC INGBNL2A")[0]?.value).toBe("NL50INGB0683251309");
    expect(findIbans("IBAN: DE89 3704 0044 0532 0130 00, BIC COBADEFFXXX")[0]?.value).toBe("DE89370400440532013000");
  });

  it("recognises VAT ids by country shape and never inside an IBAN", () => {
    expect(isValidVatId("NL810433941B01")).toBe(true);
    expect(isValidVatId("DE 123 456 789")).toBe(true);
    expect(isValidVatId("DE12345")).toBe(false);
    expect(findVatIds("USt-IdNr.: DE123456789")[0]?.value).toBe("DE123456789");
    expect(findVatIds("IBAN DE08 7009 0100 1234 5678 90")).toEqual([]);
  });

  it("reads an id after a label of capitals without a colon", () => {
    expect(findVatIds("UID ATU12345678")[0]?.value).toBe("ATU12345678");
    expect(findVatIds("FN 570703w UID ATU12345678 IBAN AT03 3266 7000 0003 8695").map((v) => v.value)).toEqual(["ATU12345678"]);
    expect(findVatIds("BTW NL810433941B01")[0]?.value).toBe("NL810433941B01");
  });

  it("finds e-mails, URLs and phones", () => {
    expect(findEmails("mail info@example.com now")).toEqual(["info@example.com"]);
    expect(findUrls("see www.example.com/x.")).toEqual(["www.example.com/x"]);
    expect(findPhones("Tel. +49 (0)30 1234567")[0]).toContain("1234567");
  });

  it("maps currency marks to ISO codes", () => {
    expect(parseCurrency("€ 12,00")).toBe("EUR");
    expect(parseCurrency("£5")).toBe("GBP");
    expect(parseCurrency("Rs. 450")).toBe("INR");
    expect(parseCurrency("Währung: GBP")).toBe("GBP");
    expect(parseCurrency("$ 12")).toBe("USD");
    expect(parseCurrency("nothing")).toBeNull();
  });

  it("maps the plain złoty mark, the dong's d with a stroke, the sol's S/ and its name", () => {
    expect(parseCurrency("Razem do zapłaty: 701.10 zl")).toBe("PLN");
    expect(parseCurrency("Tổng tiền: 1071000đ")).toBe("VND");
    expect(parseCurrency("50.000 VNĐ")).toBe("VND");
    expect(parseCurrency("TOTAL S/ 250.00")).toBe("PEN");
    expect(parseCurrency("SOLES")).toBe("PEN");
    expect(parseCurrency("zl Kowalski")).toBe(null);
    expect(parseCurrency("S/N 4711")).toBe(null);
  });

  it("maps dinar marks beside an amount and Gulf currency codes", () => {
    expect(parseCurrency("Total 152.050 KD")).toBe("KWD");
    expect(parseCurrency("KD 3.500")).toBe("KWD");
    expect(parseCurrency("CURRENCY KWD")).toBe("KWD");
    expect(parseCurrency("BD 12.250")).toBe("BHD");
    expect(parseCurrency("Amount AED 1,200.00")).toBe("AED");
    expect(parseCurrency("Dept KD team")).toBeNull();
    expect(parseCurrency("SYARIKAT PERNIAGAAN GIN KEE SDN BHD")).toBeNull();
    expect(parseCurrency("RON WEASLEY")).toBeNull();
    expect(parseCurrency("Total 1.500 BHD")).toBe("BHD");
  });

  it("reads the dollars and reals that print letters before the sign, and local marks after an amount", () => {
    expect(parseCurrency("Total R$ 1.250,00")).toBe("BRL");
    expect(parseCurrency("NT$3,600")).toBe("TWD");
    expect(parseCurrency("S$ 45.00")).toBe("SGD");
    expect(parseCurrency("US$ 45.00")).toBe("USD");
    expect(parseCurrency("Celkem 1 250,00 Kč")).toBe("CZK");
    expect(parseCurrency("Razem 99,00 zł")).toBe("PLN");
    expect(parseCurrency("Jumlah Rp 150.000")).toBe("IDR");
    expect(parseCurrency("Total 1.200,00 GTQ")).toBe("GTQ");
    expect(parseCurrency("Toplam ₺450")).toBe("TRY");
    expect(parseCurrency("合計 3,300円")).toBe("JPY");
    expect(parseCurrency("PLEASE TRY AGAIN")).toBeNull();
    expect(parseCurrency("Kčs museum")).toBeNull();
    expect(parseCurrency("Rp team")).toBeNull();
  });
});

describe("VAT ids of an off length", () => {
  it("never cuts a longer id inside its word to a valid-looking shape", () => {
    expect(findVatIds("USt-IdNr.: DE05551234567")).toEqual([]);
    expect(findVatIds("USt-IdNr.: DE123456789 BIC")[0]?.value).toBe("DE123456789");
  });

  it("reads one word of a country prefix and mostly digits, and no postcode, IBAN or word", () => {
    expect(findLooseVatId("DE31415926")?.value).toBe("DE31415926");
    expect(findLooseVatId("DE05551234567")?.value).toBe("DE05551234567");
    expect(findLooseVatId("DE 98765 Lieferstadt")).toBeNull();
    expect(findLooseVatId("DE89370400440532013000")).toBeNull();
    expect(findLooseVatId("ZZ12345678")).toBeNull();
    expect(findLooseVatId("DEUTSCHLAND1")).toBeNull();
  });
});
