import { describe, expect, it } from "vitest";
import { parseQueueView, queueHref, stageProgress } from "./queue-view";

const stageId = "0b6c3c52-4a0e-4a7e-9a53-5f3a3f1b2c11";

describe("parseQueueView", () => {
  it("defaults to my queue, all stages, page 1", () => {
    expect(parseQueueView({}, { canSeeEveryone: true })).toEqual({ scope: "me", stageId: undefined, page: 1 });
  });
  it("reads the scope, the stage and the page", () => {
    expect(parseQueueView({ assignee: "unassigned", stage: stageId, page: "3" }, { canSeeEveryone: true })).toEqual({ scope: "unassigned", stageId, page: 3 });
  });
  it("keeps someone who may not see everyone on their own queue", () => {
    expect(parseQueueView({ assignee: "any" }, { canSeeEveryone: false }).scope).toBe("me");
  });
  it("ignores what it does not understand", () => {
    expect(parseQueueView({ assignee: "somebody", stage: "not-a-uuid", page: "-2" }, { canSeeEveryone: true })).toEqual({ scope: "me", stageId: undefined, page: 1 });
    expect(parseQueueView({ page: "abc" }, { canSeeEveryone: true }).page).toBe(1);
    expect(parseQueueView({ assignee: ["any", "me"] }, { canSeeEveryone: true }).scope).toBe("any");
  });
});

describe("queueHref", () => {
  const view = { scope: "any" as const, stageId, page: 4 };
  it("keeps the defaults out of the URL", () => {
    expect(queueHref({ scope: "me", page: 1 }, {})).toBe("/review");
  });
  it("starts again at page 1 when the filters change", () => {
    expect(queueHref(view, { scope: "unassigned" })).toBe(`/review?assignee=unassigned&stage=${stageId}`);
    expect(queueHref(view, { stageId: undefined })).toBe("/review?assignee=any");
  });
  it("turns pages", () => {
    expect(queueHref(view, { page: 5 })).toBe(`/review?assignee=any&stage=${stageId}&page=5`);
  });
});

describe("stageProgress", () => {
  it("says where the document is in its review", () => {
    expect(stageProgress({ name: "Finance check", position: 2, stageCount: 3 })).toBe("2 of 3 · Finance check");
  });
});
