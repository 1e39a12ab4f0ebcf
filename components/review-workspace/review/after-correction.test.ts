import { describe, expect, it } from "vitest";
import type { Review } from "@/lib/contracts/documents";
import { reviewAfterCorrection } from "./after-correction";

const person = { id: "u1", name: "Ada", email: "ada@example.test" };
const stage = (id: string, position: number, status: Review["stages"][number]["status"]) => ({
  id,
  name: id,
  reviewerInstructions: null,
  position,
  status,
  assignee: person,
  approvedAt: null,
  rejectedAt: null,
  enteredAt: status === "pending" && position === 2 ? null : "2026-11-26T10:00:00.000Z",
  note: null,
});

function review(currentStatus: "pending" | "in_progress"): Review {
  return {
    isRequired: true,
    status: currentStatus,
    assignee: person,
    currentStage: { id: "check", name: "check", reviewerInstructions: null, position: 1 },
    stages: [stage("check", 1, currentStatus), stage("sign-off", 2, "pending")],
  };
}

describe("reviewAfterCorrection", () => {
  it("puts the current stage, and the review, in progress; later stages stay pending", () => {
    const after = reviewAfterCorrection(review("pending"));
    expect(after.status).toBe("in_progress");
    expect(after.stages.map((entry) => entry.status)).toEqual(["in_progress", "pending"]);
  });

  it("leaves a review already in progress as it is", () => {
    expect(reviewAfterCorrection(review("in_progress"))).toEqual(review("in_progress"));
  });

  it("leaves a document with no current stage (not in review) as it is", () => {
    const done: Review = { ...review("pending"), status: "approved", currentStage: null };
    expect(reviewAfterCorrection(done)).toEqual(done);
  });
});
