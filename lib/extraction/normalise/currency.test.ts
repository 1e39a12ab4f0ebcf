import { describe, expect, it } from "vitest";
import { findCurrencies } from "./currency";

const codes = (text: string) => findCurrencies(text).map((h) => h.code);

describe("currency marks away from an amount", () => {
  it("reads a code in brackets in a column's heading", () => {
    expect(codes("GST Summary    Amount (RM)    Tax (RM)")).toEqual(["MYR", "MYR"]);
    expect(codes("Total (GTQ)")).toEqual(["GTQ"]);
    expect(codes("Sdn Bhd (RM Holdings)")).toEqual([]);
  });

  it("reads the New Taiwan dollar named before a bare dollar sign", () => {
    expect(codes("總金額 新台幣 $ 5,460")).toEqual(["TWD"]);
    expect(codes("Total $ 5,460")).toEqual(["$"]);
  });
});
