import { describe, expect, it } from "vitest";
import { modelDifferences } from "./same-model";

describe("modelDifferences", () => {
  const committed = { version: 1, trainedOn: "2026-11-28: 1,616 documents, AMD EPYC", fields: { total: { trees: [{ value: [0.5, -0.25] }] } }, report: { seconds: 412, folds: 5 } };

  it("finds none between two trainings that differ only in when, where and how long", () => {
    const retrained = { ...committed, trainedOn: "2026-11-29: 1,616 documents, Intel Xeon", report: { seconds: 388, folds: 5 } };
    expect(modelDifferences(committed, retrained)).toEqual([]);
  });

  it("names every parameter, setting or list that changed", () => {
    const retrained = { ...committed, fields: { total: { trees: [{ value: [0.5, -0.5] }] } }, report: { seconds: 412, folds: 4 }, extra: true };
    expect(modelDifferences(committed, retrained)).toEqual(["fields.total.trees[0].value[1]", "report.folds", "extra"]);
  });

  it("reports a list whose length changed once, not item by item", () => {
    expect(modelDifferences({ trees: [1, 2] }, { trees: [1, 2, 3] })).toEqual(["trees (2 → 3 items)"]);
  });
});
