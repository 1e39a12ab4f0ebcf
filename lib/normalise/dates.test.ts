import { describe, expect, it } from "vitest";
import { findDates, parseDate } from "./dates";

describe("parseDate (golden)", () => {
  const cases: Array<[string, string | null]> = [
    ["2014-03-29", "2014-03-29"],
    ["29.03.2014", "2014-03-29"],
    ["29/03/14", "2014-03-29"],
    ["03/29/2014", "2014-03-29"],
    ["29 maart 2014", "2014-03-29"],
    ["11. März 2014", "2014-03-11"],
    ["1er janvier 2020", "2020-01-01"],
    ["29-Mar-2014", "2014-03-29"],
    ["March 29, 2014", "2014-03-29"],
    ["Aug 3 2014", "2014-08-03"],
    ["August 3 , 2014", "2014-08-03"],
    ["period July 1 - July 31 , 2014", "2014-07-31"],
    ["15 décembre 2019", "2019-12-15"],
    ["31.02.2014", null],
    ["Invoice 12345", null],
  ];
  for (const [input, expected] of cases) {
    it(`${input} → ${expected}`, () => expect(parseDate(input)).toBe(expected));
  }

  it("reads ambiguous numeric dates in the preferred order", () => {
    expect(parseDate("04/05/2020", "dmy")).toBe("2020-05-04");
    expect(parseDate("04/05/2020", "mdy")).toBe("2020-04-05");
  });

  it("finds several dates in order with their positions", () => {
    const found = findDates("Zahlbar bis 04.07.2018, Skonto bis 15.06.2018");
    expect(found.map((d) => d.iso)).toEqual(["2018-07-04", "2018-06-15"]);
    expect(found[0]?.index).toBe(12);
  });
});

describe("dates joined by de (Spanish, Portuguese)", () => {
  it("reads the day, month and year across the connecting words", () => {
    expect(parseDate("Fecha: 11 de enero de 2022")).toBe("2022-01-11");
    expect(parseDate("1º de março de 2023")).toBe("2023-03-01");
    expect(parseDate("5 de mayo del 2021")).toBe("2021-05-05");
  });

  it("does not take a day and a year without a month for a date", () => {
    expect(parseDate("12 de 2020")).toBeNull();
  });
});

describe("a stop and a slash mixed (OCR)", () => {
  it("reads day, month and a four-digit year", () => {
    expect(parseDate("27.03/2018")).toBe("2018-03-27");
    expect(parseDate("Date 05/11.2017 10:20")).toBe("2017-11-05");
  });

  it("takes no two-digit year, a hyphen or amounts for a date", () => {
    expect(parseDate("27.03/18")).toBeNull();
    expect(parseDate("27.03-2018")).toBeNull();
    expect(parseDate("12.50/2018.00")).toBeNull();
  });
});

describe("Russian month names", () => {
  it("reads a day, a month in the genitive and a year ('03 марта 2026 г.')", () => {
    expect(findDates("Счет на оплату № 71 от 03 марта 2026 г.")[0]?.iso).toBe("2026-03-03");
    expect(findDates("от 1 декабря 2025")[0]?.iso).toBe("2025-12-01");
  });
});

describe("digit groups of a code that read as a date", () => {
  it("takes no two-digit-year date glued into an article or receipt number", () => {
    expect(findDates("HD03-04-06 - 5/40/160")).toEqual([]);
    expect(findDates("Invoice No: SP-nul1-18/06/04-1016956")).toEqual([]);
    expect(findDates("Ref AB-12.03.21")).toEqual([]);
    expect(findDates("No. 21/05/19-4471")).toEqual([]);
    expect(findDates("MI11/3-21 - 12/480")).toEqual([]);
  });

  it("still reads the dates printed beside such codes, and four-digit years however glued", () => {
    expect(findDates("19-09-17 15:39 SH01 ZJ03")[0]?.iso).toBe("2017-09-19");
    expect(findDates("Date : 04/06/18 18:17")[0]?.iso).toBe("2018-06-04");
    expect(findDates("Period 01.06.2018-30.06.2018").map((d) => d.iso)).toEqual(["2018-06-01", "2018-06-30"]);
    expect(findDates("DATE12.03.2021")[0]?.iso).toBe("2021-03-12");
  });
});
