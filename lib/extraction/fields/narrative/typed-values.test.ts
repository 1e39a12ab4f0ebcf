import { describe, expect, it } from "vitest";
import { findDurations, findNames, findPlaceValues, findProseDates, ordinaryWords } from "./typed-values";

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
    expect(findProseDates("is made as of December 9 th , 2014 (the", "mdy").map((d) => d.value)).toEqual(["2014-12-09"]);
  });
});

describe("party names as contracts print them", () => {
  it("closes a name with its second legal form and keeps a short number inside it", () => {
    expect(findNames("by and between Caribou Coffee Company, Inc., a Minnesota corporation").map((n) => n.value)).toEqual(["Caribou Coffee Company, Inc."]);
    expect(findNames("between Xinyuan Real Estate Co., Ltd. and Pier 1 Imports, Inc.").map((n) => n.value)).toEqual(["Xinyuan Real Estate Co., Ltd.", "Pier 1 Imports, Inc."]);
    // A postcode before a name is an address, not part of it.
    expect(findNames("Belcamp, MD 21017 Datakey, Inc. (“Datakey”)").map((n) => n.value)).toEqual(["Datakey, Inc."]);
  });

  it("takes no description, heading or title for a party", () => {
    expect(findNames("between Heidrick & Struggles, Inc., a Delaware Corporation, and Richard W. Pehlke").map((n) => n.value)).toEqual(["Heidrick & Struggles, Inc.", "Richard W. Pehlke"]);
    expect(findNames("Mr. Thomas Hook President and CEO Greatbatch, Inc. 9645 Wehrle Drive").map((n) => n.value)).toEqual(["Greatbatch, Inc."]);
    const ordinary = ordinaryWords("the release of claims; this release is general and the general release binds the policy holder under the policy; interest accrues and interest is paid");
    expect(findNames("AGREEMENT AND GENERAL RELEASE", ordinary)).toEqual([]);
    expect(findNames("subject to the Interest Policy of Company", ordinary)).toEqual([]);
  });

  it("keeps a name joined by a lower-case \"and\" whole when the part after it is no name of its own", () => {
    const ordinary = ordinaryWords("telephone lines and telephone service; the telephone number");
    expect(findNames("between Saco River Telegraph and Telephone Company and the Stockholder", ordinary).map((n) => n.value)).toEqual(["Saco River Telegraph and Telephone Company"]);
  });

  it("counts a word as ordinary only when the text prints it in lower case more often than capitalised", () => {
    const ordinary = ordinaryWords("Intel and Intel Corporation; see intel.com and Intel again; the release and a release");
    expect(ordinary.has("intel")).toBe(false);
    expect(ordinary.has("release")).toBe(true);
  });

  it("reads a person introduced by \"by\" and keeps initials", () => {
    expect(findNames("is entered into as of September 7, 2010 by Benny Ward (“Employee”) in favor of").map((n) => n.value)).toEqual(["Benny Ward"]);
    expect(findNames("is entered into as of the 25th day of October, 2017 between the undersigned Yu Zhou and GENEXOSOME TECHNOLOGIES INC., a Nevada corporation").map((n) => n.value)).toEqual(["Yu Zhou", "GENEXOSOME TECHNOLOGIES INC."]);
    expect(findNames("I agree to adhere to the Conflict of Interest Policy of Company as set forth")).toEqual([]);
    expect(findNames("by and between Michael A. Lynch (“Executive”) and Cardinal Health, Inc., an Ohio Corporation").map((n) => n.value)).toEqual(["Michael A. Lynch", "Cardinal Health, Inc."]);
  });
});
