import { describe, expect, it } from "vitest";
import { planReview, reevaluateAfter, type RowState } from "./plan";

const mandatory = (id: string) => ({ id, reviewType: "mandatory" as const, rules: [] });
const bigTotal = (id: string) => ({ id, reviewType: "conditional" as const, rules: [{ field: "total", operator: "greater_than", value: "1000" }] });

describe("planReview", () => {
  it("gives every stage a row in order, pending when it applies and skipped when its rules do not match", () => {
    const stages = [mandatory("a"), bigTotal("b"), mandatory("c")];
    expect(planReview(stages, { total: 50 })).toEqual([
      { stageId: "a", position: 1, status: "pending" },
      { stageId: "b", position: 2, status: "skipped" },
      { stageId: "c", position: 3, status: "pending" },
    ]);
    expect(planReview(stages, { total: 5000 }).map((row) => row.status)).toEqual(["pending", "pending", "pending"]);
  });

  it("is no review at all without stages, or when every stage is skipped", () => {
    expect(planReview([], {})).toEqual([]);
    expect(planReview([bigTotal("b")], { total: 1 })).toEqual([]);
    expect(planReview([bigTotal("b")], { total: 1001 })).toHaveLength(1);
  });
});

describe("reevaluateAfter", () => {
  const rows = (statuses: RowState["status"][]): RowState[] => [
    { stageId: "a", position: 1, status: statuses[0]!, stage: mandatory("a") },
    { stageId: "b", position: 2, status: statuses[1]!, stage: bigTotal("b") },
    { stageId: "c", position: 3, status: statuses[2]!, stage: mandatory("c") },
  ];

  it("moves to the next applicable stage, on the current data", () => {
    expect(reevaluateAfter({ rows: rows(["pending", "skipped", "pending"]), position: 1, data: { total: 5 } })).toEqual({ changes: [], nextStageId: "c" });
    // A reviewer corrected the total upwards: the conditional stage now applies.
    expect(reevaluateAfter({ rows: rows(["pending", "skipped", "pending"]), position: 1, data: { total: 5000 } })).toEqual({ changes: [{ stageId: "b", status: "pending" }], nextStageId: "b" });
    // ...and downwards: it no longer does.
    expect(reevaluateAfter({ rows: rows(["approved", "pending", "pending"]), position: 1, data: { total: 5 } })).toEqual({ changes: [{ stageId: "b", status: "skipped" }], nextStageId: "c" });
  });

  it("ends the review after the last stage, and skips deleted stages", () => {
    expect(reevaluateAfter({ rows: rows(["approved", "approved", "pending"]), position: 3, data: {} })).toEqual({ changes: [], nextStageId: null });
    const withDeleted = rows(["pending", "pending", "pending"]).map((row) => (row.stageId === "c" ? { ...row, stage: null } : row));
    expect(reevaluateAfter({ rows: withDeleted, position: 2, data: {} })).toEqual({ changes: [{ stageId: "c", status: "skipped" }], nextStageId: null });
  });
});
