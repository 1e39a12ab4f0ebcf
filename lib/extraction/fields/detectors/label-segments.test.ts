import { describe, expect, it } from "vitest";
import { labelSegments } from "./label-segments";

/** Label-value pairs drawn from small pools, joined on one line as forms print them. */
const LABELS = ["Case Tracking Number", "Agency", "Date of Incident", "Gender", "Sample type"];
const VALUES = ["150109-DSP-Milw-505", "Bureau of Child Welfare (Milwaukee)", "01/09/2015", "female", "EDTA whole blood"];

describe("a line read as its label-value pairs", () => {
  it("cuts each label's value where the next label starts, for every pair of generated pairs", () => {
    for (let i = 0; i < LABELS.length; i += 1) {
      for (let j = 0; j < LABELS.length; j += 1) {
        if (i === j) continue;
        const text = `${LABELS[i]}: ${VALUES[i]} ${LABELS[j]}: ${VALUES[j]}`;
        expect(labelSegments(text)).toEqual([
          { label: LABELS[i], rest: VALUES[i] },
          { label: LABELS[j], rest: VALUES[j] },
        ]);
      }
    }
  });

  it("does not cut where a capitalised value could run into the next label", () => {
    expect(labelSegments("Agency: Bureau of Child Welfare Gender: Female")).toEqual([{ label: "Agency", rest: "Bureau of Child Welfare Gender: Female" }]);
  });

  it("reads full-width colons and Chinese labels written without spaces", () => {
    expect(labelSegments("采样时间: 2021-06-04 09:00 送检时间:2021-06-04 19:38")).toEqual([
      { label: "采样时间", rest: "2021-06-04 09:00" },
      { label: "送检时间", rest: "2021-06-04 19:38" },
    ]);
    expect(labelSegments("股票代码：300218")).toEqual([{ label: "股票代码", rest: "300218" }]);
  });

  it("does not cut at a time of day or a web address, and keeps a line without a colon whole", () => {
    expect(labelSegments("Start: 16:00 sharp")).toEqual([{ label: "Start", rest: "16:00 sharp" }]);
    expect(labelSegments("Website: https://example.org/jobs")).toEqual([{ label: "Website", rest: "https://example.org/jobs" }]);
    expect(labelSegments("Account Number 0012 3456")).toEqual([{ label: "Account Number 0012 3456", rest: "" }]);
  });
});
