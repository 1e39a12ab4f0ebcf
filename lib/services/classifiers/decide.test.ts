import { describe, expect, it } from "vitest";
import { decideRoute } from "./decide";

const A = "00000000-0000-4000-8000-00000000000a";
const B = "00000000-0000-4000-8000-00000000000b";
const routing = {
  rules: [
    { id: "r1", label: "Invoice", targetParserId: A },
    { id: "r2", label: "Receipt", targetParserId: B },
  ],
  fallback: { action: "skip" as const },
  instructions: "",
};

describe("decideRoute", () => {
  it("routes to the rule whose label was found, case-insensitively", () => {
    const decision = decideRoute({ label: "receipt", score: 0.8, reason: 'matched "receipt" ×2' }, routing);
    expect(decision).toMatchObject({ action: "route", category: "Receipt", targetParserId: B });
    expect(decision.reasoning).toContain("receipt");
  });

  it("skips with the skip fallback when no label matched", () => {
    expect(decideRoute({ label: null, score: 0, reason: "no label matched the document" }, routing)).toMatchObject({ action: "skip", category: null });
  });

  it("sends unmatched documents to the fallback parser when the fallback routes", () => {
    const withFallback = { ...routing, fallback: { action: "route" as const, targetParserId: A } };
    expect(decideRoute({ label: null, score: 0, reason: "none" }, withFallback)).toMatchObject({ action: "route", targetParserId: A, category: null });
  });
});
