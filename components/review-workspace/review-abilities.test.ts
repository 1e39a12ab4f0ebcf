import { describe, expect, it } from "vitest";
import type { DocumentFull } from "@/lib/contracts/documents";
import { reviewAbilities, type Viewer } from "./review-abilities";

const ada = { id: "00000000-0000-4000-8000-000000000001", name: "Ada", email: "ada@x.test" };
const rita = { id: "00000000-0000-4000-8000-000000000002", name: "Rita", email: "rita@x.test" };

function documentWith(status: DocumentFull["status"], reviewStatus: string, assignee: typeof ada | null): Pick<DocumentFull, "status" | "review"> {
  const stage = { id: "s1", name: "First", reviewerInstructions: null, position: 1 };
  return {
    status,
    review: {
      isRequired: true,
      status: reviewStatus,
      assignee,
      currentStage: reviewStatus === "pending" ? stage : null,
      stages: [{ ...stage, status: "pending", assignee: ada, approvedAt: null, rejectedAt: null, enteredAt: null, note: null }],
    },
  };
}

const reviewer = (user: typeof ada, role = "reviewer"): Viewer => ({
  userId: user.id,
  role,
  permissions: role === "admin" ? ["documents.write", "reviews.write"] : ["documents.read", "reviews.write"],
});

describe("reviewAbilities", () => {
  it("lets the assignee decide, and tells anyone else who may", () => {
    const pending = documentWith("in_review", "pending", ada);
    expect(reviewAbilities(pending, reviewer(ada)).decide).toEqual({ allowed: true });
    expect(reviewAbilities(pending, reviewer(rita)).decide).toEqual({ allowed: false, reason: "This stage is assigned to Ada; only they can decide it." });
    expect(reviewAbilities(documentWith("in_review", "pending", null), reviewer(ada)).decide.allowed).toBe(false);
  });

  it("allows reset only of finished documents, to admins and the stage reviewers", () => {
    const approved = documentWith("approved", "approved", null);
    expect(reviewAbilities(approved, reviewer(ada)).reset.allowed).toBe(true);
    expect(reviewAbilities(approved, reviewer(rita)).reset.allowed).toBe(false);
    expect(reviewAbilities(approved, reviewer(rita, "admin")).reset.allowed).toBe(true);
    expect(reviewAbilities(documentWith("in_review", "pending", ada), reviewer(ada)).reset.allowed).toBe(false);
    expect(reviewAbilities(approved, reviewer(ada)).decide).toEqual({ allowed: false, reason: "This document is already approved." });
  });

  it("reassigns in review only and edits with the data permission", () => {
    expect(reviewAbilities(documentWith("in_review", "pending", ada), reviewer(rita)).reassign.allowed).toBe(true);
    expect(reviewAbilities(documentWith("processed", "not_required", null), reviewer(ada)).reassign.allowed).toBe(false);
    expect(reviewAbilities(documentWith("in_review", "pending", ada), reviewer(ada)).edit.allowed).toBe(true);
    expect(reviewAbilities(documentWith("in_review", "pending", ada), reviewer(rita)).edit.allowed).toBe(false);
    expect(reviewAbilities(documentWith("approved", "approved", null), reviewer(ada)).edit.allowed).toBe(false);
    expect(reviewAbilities(documentWith("in_review", "pending", ada), reviewer(ada, "admin")).edit.allowed).toBe(true);
    expect(reviewAbilities(documentWith("processing", "not_required", null), reviewer(ada, "admin")).edit.allowed).toBe(false);
  });
});
