import { afterEach, describe, expect, it, vi } from "vitest";
import { forgetRefusal, refusalOf, rememberRefusal } from "./refused-approvals";

describe("refused approvals kept for the way back to the document", () => {
  afterEach(() => vi.useRealTimers());

  it("hands the refusal to the workspace that opens the document, until it is forgotten", () => {
    rememberRefusal("doc-1", { problems: [{ path: "total", message: "total is 120, above the maximum of 100" }], error: null });
    expect(refusalOf("doc-1")).toEqual({ problems: [{ path: "total", message: "total is 120, above the maximum of 100" }], error: null });
    expect(refusalOf("doc-2")).toBeNull();
    forgetRefusal("doc-1");
    expect(refusalOf("doc-1")).toBeNull();
  });

  it("never shows an old refusal on a later visit", () => {
    vi.useFakeTimers();
    rememberRefusal("doc-3", { problems: [], error: "The stage has moved on." });
    vi.advanceTimersByTime(14_000);
    expect(refusalOf("doc-3")?.error).toBe("The stage has moved on.");
    vi.advanceTimersByTime(2_000);
    expect(refusalOf("doc-3")).toBeNull();
  });
});
