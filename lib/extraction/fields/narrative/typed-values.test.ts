import { describe, expect, it } from "vitest";
import { findDurations, findNames, findPlaceValues, findProseDates } from "./typed-values";

describe("typed values in prose", () => {
  it("reads ordinal dates and ordinary ones", () => {
    expect(findProseDates("made this 6th of February, 1999 by", "mdy").map((d) => d.value)).toEqual(["1999-02-06"]);
    expect(findProseDates("dated as of the 30th day of January, 2006", "mdy").map((d) => d.value)).toEqual(["2006-01-30"]);
    expect(findProseDates("as of May 5, 2011 (the", "mdy").map((d) => d.value)).toEqual(["2011-05-05"]);
  });

  it("normalises durations to <n> <unit>s", () => {
    expect(findDurations("for a period of two (2) years").map((d) => d.value)).toEqual(["2 years"]);
    expect(findDurations("a one-year term").map((d) => d.value)).toEqual(["1 year"]);
    expect(findDurations("within 18 months").map((d) => d.value)).toEqual(["18 months"]);
    expect(findDurations("two parties")).toEqual([]);
  });

  it("finds only gazetteer places, the longest name first", () => {
    expect(findPlaceValues("the laws of the State of West Virginia").map((p) => p.value)).toEqual(["West Virginia"]);
    expect(findPlaceValues("OF SUCH A COURT")).toEqual([]);
  });

  it("finds organisations with their legal form and people introduced as parties, not aliases", () => {
    const text = 'between ACME HOLDINGS, INC. (formerly Widget Corp.), and Craig W. Ashmore ("Employee") and Qiagen N.V.';
    expect(findNames(text).map((n) => n.value)).toEqual(["ACME HOLDINGS, INC.", "Craig W. Ashmore", "Qiagen N.V."]);
  });
});

describe("dates as text layers split them", () => {
  it("reads a split ordinal and a comma set apart", () => {
    expect(findProseDates("entered into this 13 th day of July, 2012 by", "mdy").map((d) => d.value)).toEqual(["2012-07-13"]);
    expect(findProseDates("this 31 st day of May , 2005 by", "mdy").map((d) => d.value)).toEqual(["2005-05-31"]);
    expect(findProseDates("Agreed as of 10 th October, 2011 by", "mdy").map((d) => d.value)).toEqual(["2011-10-10"]);
  });
});
