import { describe, expect, it } from "vitest";
import { chooseDetector } from "./choose";
import { findPeriods } from "./periods";
import { localeOrder } from "../date-order";
import { READERS } from "./readers";
import { findAccountNumbers, findEins, findRoutingNumbers, findSignedAmounts, findSsns, findYears, isAbaRoutingNumber, isHeadingText, organisationName, personName, STREET_NUMBER_LAST } from "./typed-values";

describe("typed values with a checkable shape", () => {
  it("reads SSNs and refuses the numbers the SSA never issues", () => {
    expect(findSsns("SSN 123-45-6789").map((f) => f.value)).toEqual(["123-45-6789"]);
    expect(findSsns("666-12-3456 000-12-3456 912-34-5678 123-00-4567 123-45-0000")).toEqual([]);
    // A phone number's groups are not an SSN's.
    expect(findSsns("(555) 123-4567")).toEqual([]);
  });

  it("reads EINs only with a prefix the IRS assigns", () => {
    expect(findEins("EIN 12-3456789").map((f) => f.value)).toEqual(["12-3456789"]);
    expect(findEins("07-1234567 89-1234567")).toEqual([]);
  });

  it("checks ABA routing numbers by their checksum and Federal Reserve prefix", () => {
    expect(isAbaRoutingNumber("021000021")).toBe(true);
    expect(isAbaRoutingNumber("011000015")).toBe(true);
    expect(isAbaRoutingNumber("021000022")).toBe(false);
    // Checksum holds but 16 is no routing symbol.
    expect(isAbaRoutingNumber("161808992")).toBe(false);
    expect(findRoutingNumbers("Routing 021000021, account 123456789").map((f) => f.value)).toEqual(["021000021"]);
  });

  it("reads account numbers, masked or grouped, but not amounts, dates or years", () => {
    expect(findAccountNumbers("Account: 0012 3456 7890").map((f) => f.value)).toEqual(["0012 3456 7890"]);
    expect(findAccountNumbers("Acct ****1234").map((f) => f.value)).toEqual(["****1234"]);
    expect(findAccountNumbers("1,234.56 on 03/04/2024 in 2024")).toEqual([]);
  });

  it("reads years standing alone, not inside dates", () => {
    expect(findYears("Tax year 2023").map((f) => f.value)).toEqual(["2023"]);
    expect(findYears("03/04/2023 and 2023-04-03")).toEqual([]);
  });

  it("gives debits their sign: minus, brackets, a trailing minus or DR", () => {
    const values = (text: string) => findSignedAmounts(text).map((f) => f.amount);
    expect(values("Closing balance -1,234.56")).toEqual([-1234.56]);
    expect(values("Closing balance (1,234.56)")).toEqual([-1234.56]);
    expect(values("Fee 45.00-")).toEqual([-45]);
    expect(values("Balance 45.00 DR")).toEqual([-45]);
    expect(values("Deposit 45.00 CR")).toEqual([45]);
    // Money has cents: a whole number next to the label is a count.
    expect(values("Transactions 12")).toEqual([]);
  });

  it("tells a person's name from other capitalised phrases", () => {
    expect(personName("Dr. Naomi Holloway")).toBe("Naomi Holloway");
    expect(personName("MARIA A. GARCIA")).toBe("MARIA A. GARCIA");
    expect(personName("Northwind Logistics Inc.")).toBeNull();
    expect(personName("9747 Pine Lane")).toBeNull();
    expect(personName("Last name")).toBeNull();
    expect(personName("Madonna")).toBeNull();
  });

  it("tells an organisation, and in strict mode asks for a legal form or institution word", () => {
    expect(organisationName("Lakeshore Logistics Inc.", true)).toBe("Lakeshore Logistics Inc.");
    expect(organisationName("Daniel Fairbanks", false)).toBeNull();
    expect(organisationName("Earnings Statement", true)).toBeNull();
    expect(organisationName("contact us at info@example.com", false)).toBeNull();
  });
});

describe("periods", () => {
  it("reads both ends of the usual shapes", () => {
    const read = (text: string) => findPeriods(text, "mdy").map((p) => [p.start, p.end]);
    expect(read("Statement period: March 1 - March 31, 2024")).toEqual([["2024-03-01", "2024-03-31"]]);
    expect(read("statement period 1–31 March 2024")).toEqual([["2024-03-01", "2024-03-31"]]);
    expect(read("Statement Period 03/01/2024 to 03/31/2024")).toEqual([["2024-03-01", "2024-03-31"]]);
    expect(read("For the period March 1, 2024 through March 31, 2024")).toEqual([["2024-03-01", "2024-03-31"]]);
    expect(findPeriods("Zeitraum 01.03.2024 - 31.03.2024", "dmy").map((p) => [p.start, p.end])).toEqual([["2024-03-01", "2024-03-31"]]);
  });

  it("refuses a range that runs backwards and two dates that are not joined", () => {
    expect(findPeriods("March 31 - March 1, 2024", "mdy")).toEqual([]);
    expect(findPeriods("Issued 03/01/2024, due 03/31/2024", "mdy")).toEqual([]);
  });
});

describe("the detector a field's definition picks", () => {
  it("chooses from the type, name and description alone", () => {
    expect(chooseDetector({ name: "contact", type: "email" })).toBe("email");
    expect(chooseDetector({ name: "employee_ssn", type: "text", description: "Employee's social security number" })).toBe("ssn");
    expect(chooseDetector({ name: "tin", type: "text", description: "Taxpayer identification number (SSN or EIN)" })).toBe("tin");
    expect(chooseDetector({ name: "employer_ein", type: "text", description: "Employer identification number (EIN)" })).toBe("ein");
    expect(chooseDetector({ name: "statement_start", type: "date", description: "First day of the statement period" })).toBe("period-start");
    expect(chooseDetector({ name: "statement_end", type: "date", description: "Last day of the statement period" })).toBe("period-end");
    expect(chooseDetector({ name: "closing_balance", type: "currency" })).toBe("money");
    expect(chooseDetector({ name: "tax_year", type: "number" })).toBe("year");
    expect(chooseDetector({ name: "bank_name", type: "text", description: "Name of the bank" })).toBe("organisation");
    expect(chooseDetector({ name: "full_name", type: "text", description: "Candidate's full name" })).toBe("person");
    expect(chooseDetector({ name: "skills", type: "text" })).toBe("section");
  });

  it("picks none where the words ask for something else", () => {
    // Social security wages are money, not an SSN; an employee's id is not the employee.
    expect(chooseDetector({ name: "ss_wages", type: "currency", description: "Box 3 social security wages" })).toBe("money");
    expect(chooseDetector({ name: "employee_id", type: "text", description: "Employee ID" })).toBeNull();
    expect(chooseDetector({ name: "jurisdiction", type: "text", description: "The state or country whose law governs the agreement" })).toBeNull();
    expect(chooseDetector({ name: "term", type: "text", description: "How long the agreement lasts, e.g. 2 years" })).toBeNull();
    expect(chooseDetector({ name: "approved", type: "boolean" })).toBeNull();
  });
});

describe("shapes added for documents of other kinds", () => {
  const phone = (text: string) => READERS.phone!(text, { name: "phone", type: "phone" }, "dmy").map((h) => h.value);

  it("reads phones with a country code and no grouping, and dashes some text layers draw", () => {
    for (const digits of ["918840683268", "8087996634", "4917545758410"]) expect(phone(`Mobile: +${digits}`)).toEqual([`+${digits}`]);
    expect(phone("(+91) 8087996634")).toEqual(["(+91) 8087996634"]);
    expect(phone("(+84) 932 726 797")).toEqual(["(+84) 932 726 797"]);
    expect(phone("(909) 555-\u00ad\u20105555")).toEqual(["(909) 555-5555"]);
    // Too short to be a phone number with its country code.
    expect(phone("+49 1234")).toEqual([]);
  });

  it("tells headings, letter-spaced and repainted lines from organisation names", () => {
    for (const heading of ["COMPANY DATA", "Account Information & Customer Service", "D E P A R T M E N T O F V E T E R A N S", "ANHUI ANHUI ANHUI ANLI ANLI"]) {
      expect(isHeadingText(heading)).toBe(true);
      expect(organisationName(heading, false)).toBeNull();
    }
    expect(organisationName("Department of Veterans Affairs", false)).toBe("Department of Veterans Affairs");
    // A word doubled in a name is no repainting.
    expect(isHeadingText("SAM SAM TRADING CO")).toBe(false);
    expect(organisationName("AGENCY: Federal Aviation", false)).toBeNull();
    expect(organisationName("东北电气发展股份有限公司 2018 年第一季度报告全文", false)).toBe("东北电气发展股份有限公司");
  });

  it("reads street lines with the number after the street", () => {
    for (const street of ["Any Street 123", "Hauptstraße 12a", "Calle Mayor 5", "Kerkstraat 20"]) expect(STREET_NUMBER_LAST.test(street)).toBe(true);
    expect(STREET_NUMBER_LAST.test("Invoice 2024")).toBe(false);
  });

  it("repairs names split by small capitals or a detached diacritic, but not headings cut by kerning", () => {
    expect(personName("Athul S IVAN")).toBe("Athul SIVAN");
    expect(personName("Chung Nguy ễ n Hoàng")).toBe("Chung Nguyễn Hoàng");
    expect(personName("BALANC E TOTAL")).toBeNull();
  });

  it("reads periods with the year's comma spaced apart or run together", () => {
    expect(findPeriods("Statement Period February 1 – April 30 , 2022", "mdy")).toMatchObject([{ start: "2022-02-01", end: "2022-04-30" }]);
    expect(findPeriods("July 3, 2018 to August 2,2018", "mdy")).toMatchObject([{ start: "2018-07-03", end: "2018-08-02" }]);
  });

  it("picks no person or organisation for a field asking for an attribute of one", () => {
    expect(chooseDetector({ name: "patient_age", type: "text", description: "Patient age" })).toBeNull();
    expect(chooseDetector({ name: "employee_status", type: "text" })).toBeNull();
    expect(chooseDetector({ name: "issuing_agency", type: "text", description: "Government agency that issued the notice" })).toBe("organisation");
  });
});

describe("the order of numeric dates", () => {
  const lines = (texts: string[]) => texts.map((text, index) => ({ index, page: 1, text, box: { x: 0, y: index / 50, w: 0.5, h: 0.01 }, words: [], tokens: [] }));
  it("is month-first where the document writes dates in words with the month first", () => {
    expect(localeOrder(lines(["Date of Incident: 01/09/2015", "On January 10, 2015, the agency received a report."]), "dmy")).toBe("mdy");
    expect(localeOrder(lines(["Date: 01/09/2015", "Signed on 10 January 2015."]), "dmy")).toBe("dmy");
  });
});

describe("times of day", () => {
  const time = (text: string) => READERS.time!(text, { name: "start_time", type: "text" }, "dmy").map((h) => h.value);
  it("reads the usual ways of printing a time, not dates, amounts or durations", () => {
    for (const [h, m] of [[7, 30], [16, 0], [9, 5]] as const) {
      const mm = String(m).padStart(2, "0");
      expect(time(`opens at ${h}:${mm} a.m. sharp`)).toEqual([`${h}:${mm} a.m.`]);
      expect(time(`tenue le 20 juin, à ${h}h${mm}`)).toEqual([`${h}h${mm}`]);
    }
    expect(time("17 mai 2021 à 19h, à laquelle")).toEqual(["19h"]);
    expect(time("Paid 12.30 on 12/05/2024 for 1h30min")).toEqual([]);
  });

  it("is picked for a field named for a time, and the first time printed answers when it starts", () => {
    expect(chooseDetector({ name: "start_time", type: "text", description: "Time the meeting starts" })).toBe("time");
    expect(chooseDetector({ name: "time_zone", type: "text" })).not.toBe("time");
  });
});
