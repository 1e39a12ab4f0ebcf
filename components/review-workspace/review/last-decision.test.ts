import { describe, expect, it } from "vitest";
import { UNDO_WINDOW_SECONDS } from "@/lib/contracts/reviews";
import { forgetDecision, lastUndoableDecision, rememberDecision } from "./last-decision";

describe("the last decision, for the undo shortcut", () => {
  const decided = { parserId: "p", documentId: "d1", name: "INV-1.pdf" };

  it("is kept for as long as the API lets a decision be undone", () => {
    rememberDecision(decided, 1_000);
    expect(lastUndoableDecision(1_000 + UNDO_WINDOW_SECONDS * 1000)).toEqual(decided);
    expect(lastUndoableDecision(1_001 + UNDO_WINDOW_SECONDS * 1000)).toBeNull();
  });

  it("is forgotten once undone, and only for that document", () => {
    rememberDecision(decided, 1_000);
    forgetDecision("another");
    expect(lastUndoableDecision(2_000)).toEqual(decided);
    forgetDecision("d1");
    expect(lastUndoableDecision(2_000)).toBeNull();
  });
});
